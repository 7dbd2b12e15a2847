/* A sheet and the deals kept on this phone (outbox.js). They are listed in order, "not yet checked": a
 * row each in the score table with the points their claim boxes state ("–" where none), and a list below
 * it; the sheet's button names the next deal to enter after them. They are sent when the connection
 * returns: at once, when the browser says it is back, when the page is shown again, every 5 s while any
 * waits (and by the worker's Background Sync). An accepted deal is said on its sheet, once. A refused one
 * opens its form, posted once more as a plain form ("reopened"): the server's page shows everything typed
 * and every problem. The deals after it wait until it is saved (the message of that save names the deal:
 * data-change) or dropped. Words: words.js. */
(function () {
  "use strict";
  var outbox = window.refereeOutbox;
  var word = window.refereeWord;
  var list = document.getElementById("pending");
  /* Drafts done with (drafts.js): of the deal the message names as entered, corrected or undone, and of
   * the new deals of a match that is over. */
  document.querySelectorAll("[data-change]").forEach(function (flash) {
    var change = flash.getAttribute("data-change").split(" ");
    if (change[0] !== "corrected") outbox.dropDrafts(change[1] + "/deals/new#" + change[2] + "@");
    if (change[0] !== "entered") outbox.dropDrafts(change[1] + "/deals/" + change[2] + "/edit#");
  });
  document.querySelectorAll("[data-drafts-done]").forEach(function (done) {
    outbox.dropDrafts(done.getAttribute("data-drafts-done"));
  });
  if (!list || !window.indexedDB) return;
  var sheet = list.getAttribute("data-sheet");
  var lang = document.documentElement.lang || undefined;
  var enter = document.querySelector("[data-enter-deal]");
  var element = function (tag, className, text) {
    var made = document.createElement(tag);
    made.className = className || "";
    if (text !== undefined) made.textContent = text;
    return made;
  };
  var device = "";
  try {
    device = localStorage.getItem("referee:device") || "";
    // The next deal as this sheet says it, for a form kept from before (kept-form.js).
    var next = [+document.body.getAttribute("data-live-version"), enter ? +enter.getAttribute("data-enter-deal") : 0];
    if (enter) localStorage.setItem("referee:next:" + sheet, JSON.stringify(next));
  } catch (e) { /* no storage */ }

  var leaving = false;
  var reopen = function (entry) {
    if (leaving) return;
    leaving = window.refereeLeaving = true;  // live.js reloads no more: this page goes to the deal's form
    entry.state = "opened";
    outbox.save(entry).then(function () {
      var post = document.body.appendChild(element("form"));
      post.method = "post";
      post.action = entry.action;
      post.hidden = true;
      new URLSearchParams(entry.body + "&reopened=1").forEach(function (value, name) {
        var input = post.appendChild(element("input"));
        input.type = "hidden";
        input.name = name;
        input.value = value;
      });
      post.submit();
    });
  };
  var drop = function (entry) {
    if (!window.confirm(word("drop_confirm", { number: entry.number }))) return;
    outbox.drop(entry.key).then(function () {
      outbox.dropDrafts(entry.action + "#" + entry.number + "@");
      refresh();
    });
  };

  var render = function (kept) {
    var body = document.querySelector("table.sheet tbody");
    var sides = Array.prototype.map.call(document.querySelectorAll("table.sheet th[data-side]"), function (th) {
      return th.getAttribute("data-side");
    });
    document.querySelectorAll("tr.pending").forEach(function (row) { row.remove(); });
    list.textContent = "";
    list.hidden = !kept.length;
    if (enter) {
      var next = kept.reduce(function (most, entry) { return Math.max(most, entry.number + 1); }, +enter.getAttribute("data-enter-deal"));
      enter.textContent = enter.getAttribute("data-pattern").replace("{number}", next);
    }
    if (!kept.length) return;
    list.appendChild(element("h2", "", word("kept_title")));
    var items = list.appendChild(element("ol", "pending-deals"));
    var blocked = false;
    kept.forEach(function (entry) {
      var claims = {};
      entry.claims.forEach(function (pair) { claims[pair[0]] = pair[1]; });
      var row = element("tr", "pending");
      var head = row.appendChild(element("th", "", entry.number + " "));
      head.scope = "row";
      head.appendChild(element("span", "pending-mark", word("not_checked")));
      sides.forEach(function (side) { row.appendChild(element("td", "", side in claims ? claims[side] : "–")); });
      if (body) body.insertBefore(row, body.querySelector("tr.bonus"));
      var item = items.appendChild(element("li", "pending-deal " + entry.state));
      var time = new Date(entry.at).toLocaleString(lang, { hour: "2-digit", minute: "2-digit" });
      var line = [word("deal", { number: entry.number }), entry.device || device, word("entered_at", { time: time })];
      item.appendChild(element("strong", "", line.filter(Boolean).join(" · ")));
      var state = entry.state === "pending" ? (blocked ? "waiting" : "not_checked") : entry.state;
      item.appendChild(element("span", "", " · " + word(state)));
      if (entry.state === "pending") return;
      blocked = true;
      var problems = item.appendChild(element("ul"));
      (entry.messages || []).forEach(function (message) { problems.appendChild(element("li", "", message)); });
      [["open", reopen], ["drop", drop]].forEach(function (button) {
        var made = item.appendChild(element("button", "button", word(button[0])));
        made.type = "button";
        made.onclick = function () { button[1](entry); };
      });
    });
  };

  /* What the page's messages and the last sends tell: a reopened deal saved lets the deals after it go
   * (renumbered if it was saved as another deal); accepted deals are said on their sheet once it shows them. */
  var settle = function (entries) {
    if (leaving) return new Promise(function () { /* the page goes */ });
    var work = [];
    document.querySelectorAll("[data-change^='entered ']").forEach(function (flash) {
      var change = flash.getAttribute("data-change").split(" ");
      var kept = outbox.waiting(entries, change[1]);
      if (!kept.length || kept[0].state !== "opened") return;
      var shift = change[2] - kept[0].number;
      work.push(outbox.drop(kept[0].key));
      kept.slice(1).forEach(function (entry) {
        entry.number += shift;
        entry.body = entry.body.replace(/(^|&)version=\d+/, "$1version=" + entry.number);
        work.push(outbox.save(entry));
      });
    });
    // A kept copy shows no deal it did not have: they are said on the sheet from the server (live.js loads it).
    var copy = window.refereeConnection.isCopy();
    var mine = entries.filter(function (entry) { return entry.sheet === sheet && entry.state === "accepted" && !copy; });
    var rows = document.querySelectorAll("table.sheet tr[id^='deal-']").length;
    var unseen = mine.filter(function (entry) { return entry.entered > rows && !sessionStorage.getItem("kept:" + entry.key); });
    if (unseen.length) {  // the sheet as it is now says so (once: a deal sent again may have been undone since)
      unseen.forEach(function (entry) { sessionStorage.setItem("kept:" + entry.key, "1"); });
      leaving = true;
      location.reload();
      return new Promise(function () { /* the page goes */ });
    }
    mine.forEach(function (entry) {
      var said = document.getElementById("main").insertBefore(element("p", "flash", word("accepted", { number: entry.entered })), list.parentNode.firstChild);
      said.setAttribute("role", "status");
      outbox.dropDrafts(entry.action + "#" + entry.number + "@");
      work.push(outbox.drop(entry.key));
    });
    return Promise.all(work).then(outbox.all);
  };

  var refresh = function () {
    return outbox.all().then(settle).then(function (entries) {
      render(outbox.waiting(entries, sheet));
      var refused = entries.filter(function (entry) { return entry.state === "refused"; })[0];
      if (refused && document.visibilityState === "visible") reopen(refused);
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
  var sendWaiting = function (entries) {
    if (entries.some(function (entry) { return entry.state === "pending"; })) send();
  };
  if (navigator.serviceWorker) navigator.serviceWorker.addEventListener("message", refresh);
  window.addEventListener("online", send);
  window.addEventListener("pageshow", function (e) { if (e.persisted) refresh().then(send); });
  document.addEventListener("visibilitychange", send);
  setInterval(function () { outbox.all().then(sendWaiting); }, 5000);
  refresh().then(sendWaiting);
})();
