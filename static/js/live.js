/* Live sheet: pages with data-live-url poll the server's version of what they show and follow
 * changes made on other phones. data-live-mode="reload" reloads the page (keeping the scroll
 * position); "notice" (a form being edited) only shows a notice, so nothing typed is lost.
 * Polls revalidate with the answer's ETag, so an unchanged version costs a bodiless 304.
 * A poll without an answer says the connection is lost, and since when (offline.js), and the page stays
 * as it was; polls go on, at once when the browser says the network is back, and the first answer
 * catches up: a changed version, or a page that is the copy kept on the phone, is loaded again.
 * An older deal on the sheet (details[data-workings]) loads its workings in place when opened;
 * without the script its link opens the deal's own page.
 * A "Keep screen on" toggle (data-wake-lock) uses the Wake Lock API where the browser has it, and
 * stays hidden where it has not. A link to a folded <details> (a deal's number) unfolds it.
 * Its words come from the page, in the page's language (words.js).
 */
(function () {
  "use strict";
  var body = document.body;
  var url = body.getAttribute("data-live-url");
  var version = body.getAttribute("data-live-version");
  var mode = body.getAttribute("data-live-mode") || "reload";
  var INTERVAL = parseInt(body.getAttribute("data-live-interval"), 10) || 4000;

  if (url && version && window.fetch) {
    var saved = sessionStorage.getItem("scroll:" + location.pathname);
    if (saved) { window.scrollTo(0, parseInt(saved, 10)); sessionStorage.removeItem("scroll:" + location.pathname); }
    var noticeShown = false;
    var connection = window.refereeConnection;
    var poll = function () {
      if (document.hidden) return;
      fetch(url, { headers: { Accept: "application/json" }, cache: "no-cache", credentials: "same-origin" })
        .then(function (r) {
          if (r.status >= 502) throw new Error("no server");
          var copy = connection && connection.isCopy();
          if (connection) connection.back();
          if (copy && mode === "reload") version = null;  // the kept copy: load the page as it is now
          return r.ok ? r.json() : null;
        })
        .then(function (data) {
          if (!data || String(data.version) === version || window.refereeLeaving) return;
          if (mode === "reload") {
            sessionStorage.setItem("scroll:" + location.pathname, String(window.scrollY));
            location.reload();
          } else if (!noticeShown) {
            noticeShown = true;
            var notice = document.getElementById("live-notice");
            if (notice) notice.hidden = false;
          }
        })
        .catch(function () { if (connection) connection.lost(); });
    };
    setInterval(poll, INTERVAL);
    document.addEventListener("visibilitychange", poll);
    window.addEventListener("online", poll);
    window.addEventListener("offline", function () { if (connection) connection.lost(); });
  }

  if (window.fetch) {
    Array.prototype.forEach.call(document.querySelectorAll("details[data-workings]"), function (details) {
      details.addEventListener("toggle", function () {
        if (!details.open || details.getAttribute("data-loaded")) return;
        details.setAttribute("data-loaded", "1");
        fetch(details.getAttribute("data-workings"), { credentials: "same-origin" })
          .then(function (r) { return r.ok ? r.text() : null; })
          .then(function (html) {
            if (html === null) { details.removeAttribute("data-loaded"); return; }
            var link = details.querySelector("summary + p");
            var holder = document.createElement("div");
            holder.innerHTML = html;
            if (link) details.replaceChild(holder, link); else details.appendChild(holder);
          })
          .catch(function () { details.removeAttribute("data-loaded"); });
      });
    });
  }

  /* A link to a deal's detail (its number on the sheet) opens that detail, which may be folded. */
  var openTarget = function (hash) {
    var id = decodeURIComponent((hash || "").slice(1));
    var target = id && document.getElementById(id);
    if (target && target.tagName === "DETAILS") target.open = true;
  };
  document.addEventListener("click", function (e) {
    var link = e.target.closest && e.target.closest("a[href^='#']");
    if (link) openTarget(link.getAttribute("href"));
  });
  window.addEventListener("hashchange", function () { openTarget(location.hash); });
  openTarget(location.hash);

  /* A refused form: its summary of what to fix takes the focus, so it is read first and its links lead on. */
  var summary = document.querySelector("[data-error-summary]");
  if (summary) summary.focus();

  var wake = document.querySelector("[data-wake-lock]");
  if (wake && "wakeLock" in navigator) {
    var lock = null;
    wake.hidden = false;
    var set = function (on) {
      wake.setAttribute("aria-pressed", String(on));
      wake.textContent = window.refereeWord(on ? "screen_on" : "keep_screen_on");
    };
    var request = function () {
      return navigator.wakeLock.request("screen").then(function (l) {
        lock = l;
        set(true);
        l.addEventListener("release", function () { if (lock === l) { lock = null; set(false); } });
      }).catch(function () { set(false); });
    };
    wake.addEventListener("click", function () {
      if (lock) { var l = lock; lock = null; l.release(); set(false); localStorage.removeItem("wake"); }
      else { request(); localStorage.setItem("wake", "1"); }
    });
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden && !lock && localStorage.getItem("wake")) request();
    });
    if (localStorage.getItem("wake")) request();
  }
})();
