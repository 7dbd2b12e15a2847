/* The scripts' words, in the page's language: base.html writes them into #words (data-words, JSON),
 * so no English lives in static/js. window.refereeWord(key, values) gives the word for ``key``, its
 * {placeholders} filled from ``values`` (the key itself when the page has no such word).
 * Loaded before the scripts that use it (card-picker.js, live.js), all deferred, in order.
 */
(function () {
  "use strict";
  var WORDS = (function () {
    var holder = document.getElementById("words");
    try { return holder ? JSON.parse(holder.getAttribute("data-words")) : {}; } catch (e) { return {}; }
  })();

  window.refereeWord = function (key, values) {
    var text = WORDS[key] || key;
    return text.replace(/\{(\w+)\}/g, function (all, name) { return values && name in values ? values[name] : all; });
  };
})();
