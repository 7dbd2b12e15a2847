/* The phone without the server. Registers the service worker (browsers give one only to a secure page:
 * https, or http://127.0.0.1 on the serving machine itself); says when the page is the copy kept on the
 * phone (body[data-offline-copy], set by the worker) or since when the connection is lost
 * (window.refereeConnection, told by live.js); and holds back what needs the server while it cannot be
 * reached: a form or link marked data-needs-connection (a correction, an undo), while the server is
 * known not to answer, asks it again, and says so instead of leaving for the browser's error page.
 * Words: words.js. */
(function () {
  "use strict";
  var body = document.body;
  var banner = document.getElementById("connection");
  var worker = body.getAttribute("data-service-worker");
  if (worker && window.isSecureContext && "serviceWorker" in navigator) {
    var first = !navigator.serviceWorker.controller;
    navigator.serviceWorker.register(worker, { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      // A page opened before the worker ran was not kept: the worker fetches it once to keep it.
      if (first) registration.active.postMessage({ keep: location.href });
    }).catch(function () { /* the pages work without it */ });
  }
  var keptAt = body.getAttribute("data-offline-copy");
  var lostSince = null;
  var show = function () {
    var moment = keptAt !== null ? new Date(keptAt) : lostSince;
    banner.hidden = !moment;
    if (!moment) return;
    var today = new Date().toDateString() === moment.toDateString();
    var time = moment.toLocaleString(document.documentElement.lang || undefined,
      today ? { hour: "2-digit", minute: "2-digit" } : { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
    banner.textContent = window.refereeWord(keptAt !== null ? "offline_copy" : "connection_lost", { time: time });
  };
  var connection = window.refereeConnection = {
    lost: function () { lostSince = lostSince || new Date(); show(); },
    back: function () { lostSince = keptAt = null; body.removeAttribute("data-offline-copy"); show(); },
    isCopy: function () { return keptAt !== null; },
    /* Whether the server is known not to answer: the browser is offline, a poll failed, or the page is a copy. */
    isLost: function () { return navigator.onLine === false || lostSince !== null || keptAt !== null; },
    /* Whether the server answers: a small request (the page's live version, or the manifest). */
    probe: function () {
      var stop = new AbortController();
      var timer = setTimeout(function () { stop.abort(); }, 8000);
      return fetch(body.getAttribute("data-live-url") || "/manifest.webmanifest", {
        cache: "no-store", credentials: "same-origin", signal: stop.signal
      }).then(function (response) { return response.status < 502; }, function () { return false; }).then(function (up) {
        clearTimeout(timer);
        if (up) connection.back(); else connection.lost();
        return up;
      });
    }
  };
  show();

  var refuse = function (element) {
    var block = element.closest("form, p") || element;
    var note = block.nextElementSibling;
    if (!note || note.className !== "alert needs-connection") {
      note = document.createElement("p");
      note.className = "alert needs-connection";
      note.setAttribute("role", "alert");
      block.after(note);
    }
    note.textContent = window.refereeWord("needs_connection");
  };
  var checked = function (e, element, go) {
    if (!element || element.getAttribute("data-checked") || !connection.isLost()) return;  // it goes at once
    e.preventDefault();
    connection.probe().then(function (up) {
      if (!up) return refuse(element);
      element.setAttribute("data-checked", "1");
      go();
    });
  };
  document.addEventListener("submit", function (e) {
    var form = e.target.closest("form[data-needs-connection]");
    checked(e, form, function () { form.submit(); });
  });
  document.addEventListener("click", function (e) {
    var link = e.target.closest("a[data-needs-connection]");
    if (e.button === 0 && !e.metaKey && !e.ctrlKey) checked(e, link, function () { location.href = link.href; });
  });
})();
