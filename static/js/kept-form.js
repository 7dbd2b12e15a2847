/* A new deal's form (form[data-outbox]) and the deals kept on this phone (outbox.js). The form gets its
 * key (entry_key) when it opens, and enters the deal after the last one kept. Posted when the server
 * cannot be reached, the deal is kept by the service worker, or, without one (plain http), here when
 * the server is known not to answer (live.js polls it): the form is cleared for the next deal.
 * A deal posted while deals kept before it wait is kept behind them. A refused deal opened again
 * (kept-sheet.js) says so, with a button to drop it. drafts.js waits for
 * window.refereePending: the form counted. */
(function () {
  "use strict";
  var outbox = window.refereeOutbox;
  var word = window.refereeWord;
  var form = document.querySelector("form[data-outbox]");
  var ready;
  window.refereePending = new Promise(function (resolve) { ready = resolve; });
  var newKey = function (field) {
    field.value = Array.prototype.map.call(crypto.getRandomValues(new Uint8Array(16)), function (b) {
      return (b + 256).toString(16).slice(1);
    }).join("");
  };
  // Every deal form's key, a correction's too: sent twice, it makes one change.
  document.querySelectorAll("input[name=entry_key]").forEach(function (field) { if (!field.value) newKey(field); });
  if (!form || !window.indexedDB) return ready();
  var sheet = form.getAttribute("data-sheet");
  var keyField = form.querySelector("input[name=entry_key]");
  var note = function (className, text) {
    var made = document.createElement("p");
    made.className = className;
    made.textContent = text;
    made.setAttribute("role", "status");
    return made;
  };

  /* The next deal, as the newer of this form and the sheet last seen said it (either may be a kept copy). */
  var shown = +form.getAttribute("data-number");
  var noted = [0, 0];
  try { noted = JSON.parse(localStorage.getItem("referee:next:" + sheet)) || noted; } catch (e) { /* none noted */ }
  var served = noted[0] > +document.body.getAttribute("data-live-version") ? noted[1] : shown;
  var before = false;  // whether deals kept on the phone wait before this one
  var renumber = function (entries) {
    var others = outbox.waiting(entries, sheet).filter(function (entry) { return entry.key !== keyField.value; });  // not this one
    before = others.length > 0;
    var number = others.reduce(function (most, entry) { return Math.max(most, entry.number + 1); }, served);
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
  var opened = function (entries) {
    var mine = entries.filter(function (entry) { return entry.key === keyField.value && entry.state === "opened"; })[0];
    if (!mine) return;
    var notice = note("notice opened-notice", word("opened_notice") + " ");
    var drop = notice.appendChild(document.createElement("button"));
    drop.type = "button";
    drop.className = "button";
    drop.textContent = word("drop");
    drop.onclick = function () {
      if (!window.confirm(word("drop_confirm", { number: mine.number }))) return;
      outbox.drop(mine.key).then(function () {
        outbox.dropDrafts(mine.action + "#" + mine.number + "@");
        location.href = sheet;
      });
    };
    form.prepend(notice);
  };

  /* Posted: to the server at once, unless deals kept before this one still wait (it is kept behind them,
   * and the sheet sends them in order) or the server is known not to answer (it is kept; live.js polls
   * it). With a worker the post goes as it is: the worker keeps it if it fails. */
  var keep = function (away) {
    var device = "";
    try { device = localStorage.getItem("referee:device") || ""; } catch (err) { /* none */ }
    var entry = outbox.fromForm(form.action, new URLSearchParams(new FormData(form)).toString(), device);
    return outbox.save(entry).then(function () {
      outbox.dropDrafts(form.getAttribute("data-draft"));
      if (away) { location.href = sheet; return null; }
      form.reset();
      newKey(keyField);
      document.getElementById("main").prepend(note("notice", word("kept_deal", { number: entry.number })));
      window.scrollTo(0, 0);
      return outbox.all().then(renumber);
    });
  };
  form.addEventListener("submit", function (e) {
    var name = form.querySelector("input[name=device]");
    if (name && name.value.trim()) { try { localStorage.setItem("referee:device", name.value.trim()); } catch (err) { /* none */ } }
    if (e.submitter && e.submitter.name) return;  // a step of the form: the server's
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    var lost = window.refereeConnection.isLost();
    if (!before && (worker || !lost)) return;
    e.preventDefault();
    keep(worker || !lost);
  });
  outbox.all().then(function (entries) {
    renumber(entries);
    opened(entries);
  }).then(ready, ready);
})();
