/* Deals kept on this phone (outbox.js), from the pages: a new deal's form (form[data-outbox]) gets its key
 * and counts the deals kept before it; posted when the server cannot be reached, the deal is kept by the
 * service worker, or without one (plain http) here, after asking the server. The sheet lists them
 * (kept-sheet.js). They are sent when the connection returns; a refused one opens its form, posted again
 * as a plain form ("reopened"), and the deals after it wait until it is saved (data-change) or dropped.
 * See the README's "Offline". drafts.js waits for window.refereePending (the form counted). */
(function () {
  "use strict";
  var outbox = window.refereeOutbox;
  var word = window.refereeWord;
  var form = document.querySelector("form[data-outbox]");
  var list = document.getElementById("pending");
  var sheet = (list || form || document.body).getAttribute("data-sheet");
  var ready;
  window.refereePending = new Promise(function (resolve) { ready = resolve; });
  if (!window.indexedDB) return ready();
  var DEVICE = "referee:device";
  var stored = function (name) { try { return localStorage.getItem(name) || ""; } catch (e) { return ""; } };
  var dropDrafts = function (prefix) {
    try {
      for (var i = localStorage.length - 1; i >= 0; i--) {
        if ((localStorage.key(i) || "").indexOf("draft:" + prefix) === 0) localStorage.removeItem(localStorage.key(i));
      }
    } catch (e) { /* no storage, no drafts */ }
  };
  var element = function (tag, className, text) {
    var made = document.createElement(tag);
    made.className = className || "";
    if (text !== undefined) made.textContent = text;
    return made;
  };
  var say = function (text, className) {
    var note = element("p", className || "flash", text);
    note.setAttribute("role", "status");
    document.getElementById("main").prepend(note);
  };
  var waiting = function (entries, of) {
    return entries.filter(function (entry) { return entry.sheet === of && entry.state !== "accepted"; });
  };

  /* The next deal as the newest page of the match said it (the sheet and the form may be copies of
   * different times): the sheet notes it, the form takes the newer. */
  var NEXT = "referee:next:" + sheet;
  var enter = document.querySelector("[data-enter-deal]");
  var version = +document.body.getAttribute("data-live-version");
  if (enter) { try { localStorage.setItem(NEXT, JSON.stringify([version, +enter.getAttribute("data-enter-deal")])); } catch (e) { /* none */ } }
  var noted = JSON.parse(stored(NEXT) || "[0, 0]");
  var served = form ? (noted[0] > version ? noted[1] : +form.getAttribute("data-number")) : 0;
  var shown = +(form && form.getAttribute("data-number"));
  var keyField = form && form.querySelector("input[name=entry_key]");
  var newKey = function () {
    keyField.value = Array.prototype.map.call(crypto.getRandomValues(new Uint8Array(16)), function (b) {
      return (b + 256).toString(16).slice(1);
    }).join("");
  };
  if (keyField && !keyField.value) newKey();
  var renumber = function (entries) {
    if (!form) return;
    var number = waiting(entries, sheet).reduce(function (most, entry) {
      return entry.key === keyField.value ? most : Math.max(most, entry.number + 1);  // not the deal in this form
    }, served);
    if (number === shown) return;
    var fill = function (at, name) { if (at) at.textContent = at.getAttribute(name).replace("{number}", number); };
    form.setAttribute("data-draft", form.getAttribute("data-draft").replace("#" + shown + "@", "#" + number + "@"));
    form.querySelector("input[name=version]").value = number;
    fill(document.querySelector("[data-deal-title]"), "data-deal-title");
    fill(form.querySelector("[data-score-deal]"), "data-score-deal");
    var dealer = document.querySelector("[data-dealer-line]");
    if (dealer) dealer.textContent = word("after_kept", { number: number });
    shown = number;
  };

  var leaving = false;
  var reopen = function (entry) {
    if (leaving) return;
    leaving = window.refereeLeaving = true;  // live.js reloads no more: this page goes to the deal's form
    entry.state = "opened";
    outbox.save(entry).then(function () {
      var post = element("form");
      post.method = "post";
      post.action = entry.action;
      post.hidden = true;
      new URLSearchParams(entry.body + "&reopened=1").forEach(function (value, name) {
        var input = element("input");
        input.type = "hidden";
        input.name = name;
        input.value = value;
        post.appendChild(input);
      });
      document.body.appendChild(post);
      post.submit();
    });
  };
  var dropEntry = function (entry) {
    if (!window.confirm(word("drop_confirm", { number: entry.number }))) return;
    outbox.drop(entry.key).then(function () {
      dropDrafts(entry.action + "#" + entry.number + "@");
      if (form) location.href = entry.sheet; else refresh();
    });
  };

  /* What the page's messages and the last sends tell: a reopened deal saved lets the deals after it go
   * (renumbered if it was saved as another deal); accepted deals are said on their sheet, once. */
  var settle = function (entries) {
    var work = [];
    document.querySelectorAll("[data-change^='entered ']").forEach(function (flash) {
      var change = flash.getAttribute("data-change").split(" ");
      var kept = waiting(entries, change[1]);
      if (!kept.length || kept[0].state !== "opened") return;
      var shift = change[2] - kept[0].number;
      work.push(outbox.drop(kept[0].key));
      kept.slice(1).forEach(function (entry) {
        entry.number += shift;
        entry.body = entry.body.replace(/(^|&)version=\d+/, "$1version=" + entry.number);
        work.push(outbox.save(entry));
      });
    });
    var onSheet = document.querySelectorAll("table.sheet tr[id^='deal-']").length;
    if (list && entries.some(function (entry) { return entry.sheet === sheet && entry.entered > onSheet; })) {
      location.reload();  // the sheet as it is now says so
      return new Promise(function () { /* the page goes */ });
    }
    entries.forEach(function (entry) {
      if (entry.state !== "accepted" || (sheet && entry.sheet !== sheet)) return;
      if (entry.sheet === sheet) served = Math.max(served, entry.entered + 1);
      say(word("accepted", { number: entry.entered }));
      dropDrafts(entry.action + "#" + entry.number + "@");
      work.push(outbox.drop(entry.key));
    });
    return Promise.all(work).then(outbox.all);
  };

  var refresh = function () {
    return outbox.all().then(settle).then(function (entries) {
      renumber(entries);
      var kept = waiting(entries, sheet);
      kept.forEach(function (entry) { entry.device = entry.device || stored(DEVICE); });
      if (list) window.refereeKeptSheet(list, kept, reopen, dropEntry);
      var refused = entries.filter(function (entry) { return entry.state === "refused"; })[0];
      if (refused && document.visibilityState === "visible") reopen(refused);
      var mine = keyField && entries.filter(function (entry) { return entry.key === keyField.value; })[0];
      if (mine && mine.state === "opened" && !document.querySelector(".opened-notice")) {
        var notice = element("p", "notice opened-notice", word("opened_notice") + " ");
        var drop = element("button", "button", word("drop"));
        drop.type = "button";
        drop.onclick = function () { dropEntry(mine); };
        notice.appendChild(drop);
        form.prepend(notice);
      }
      return entries;
    });
  };

  var sending = null;
  var send = function () {
    if (sending || document.visibilityState === "hidden") return sending;
    sending = outbox.flush().then(refresh).catch(function () { /* tried again later */ }).then(function () {
      sending = null;
    });
    return sending;
  };

  if (form) {
    form.addEventListener("submit", function (e) {
      var name = form.querySelector("input[name=device]");
      if (name && name.value.trim()) { try { localStorage.setItem(DEVICE, name.value.trim()); } catch (err) { /* none */ } }
      if (form.getAttribute("data-sending") || (e.submitter && e.submitter.name)) return;
      if (navigator.serviceWorker && navigator.serviceWorker.controller) return;  // it keeps a post that fails
      e.preventDefault();
      window.refereeConnection.probe().then(function (up) {
        if (up) { form.setAttribute("data-sending", "1"); return form.submit(); }
        var entry = outbox.fromForm(form.action, new URLSearchParams(new FormData(form)).toString(), stored(DEVICE));
        return outbox.save(entry).then(function () {
          dropDrafts(form.getAttribute("data-draft"));
          form.reset();
          newKey();
          say(word("kept_deal", { number: entry.number }), "notice");
          window.scrollTo(0, 0);
          return refresh();
        });
      });
    });
  }
  if (navigator.serviceWorker) navigator.serviceWorker.addEventListener("message", refresh);
  window.addEventListener("online", send);
  window.addEventListener("pageshow", function (e) { if (e.persisted) refresh().then(send); });
  document.addEventListener("visibilitychange", send);
  var sendWaiting = function (entries) {
    if (entries.some(function (entry) { return entry.state === "pending"; })) send();
  };
  setInterval(function () { outbox.all().then(sendWaiting); }, 15000);
  refresh().then(function (entries) { ready(); sendWaiting(entries); }, ready);
})();
