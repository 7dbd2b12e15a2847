/* The mode a deal is entered in, remembered per game on this phone (localStorage): the tab last chosen on a
 * deal form, or the mode of the deal last saved. The sheet's "Enter deal" link then opens the next deal in
 * that mode (?mode=…), unless the phone knows it is offline: the copy the phone keeps of the form is the
 * plain link's. Without this script every new deal opens in its game's quickest mode. */
(function () {
  "use strict";
  var store = null;
  try { store = window.localStorage; } catch (e) { return; }
  if (!store) return;
  var KEY = "entry-mode:";
  var remembered = function (game) {
    var mode = store.getItem(KEY + game);
    return mode && /^[a-z_]{1,10}$/.test(mode) ? mode : null;
  };

  Array.prototype.forEach.call(document.querySelectorAll("a[data-entry-game]"), function (link) {
    link.addEventListener("click", function () {
      var mode = remembered(link.getAttribute("data-entry-game"));
      var url = new URL(link.href, window.location.href);
      if (mode && navigator.onLine !== false) url.searchParams.set("mode", mode); else url.searchParams.delete("mode");
      link.href = url.pathname + url.search + url.hash;
    });
  });

  var form = document.querySelector("form[data-entry-game]");
  if (!form) return;
  var remember = function (mode) {
    try { store.setItem(KEY + form.getAttribute("data-entry-game"), mode); } catch (e) { /* full: nothing lost */ }
  };
  form.addEventListener("submit", function (event) {
    var button = event.submitter;
    if (button && button.name === "act" && button.closest(".mode-tabs")) {
      remember(button.value);
    } else if (!button || !button.name) {
      var mode = form.elements.namedItem("mode");
      if (mode && mode.value) remember(mode.value);
    }
  });
})();
