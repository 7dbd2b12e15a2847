/* The scripts' words, in the page's language: base.html writes them into #words (data-words, JSON; a page may add more the same way),
 * so no English lives in static/js. window.refereeWord(key, values) gives the word for ``key``, its
 * {placeholders} filled from ``values`` (the key itself when the page has no such word).
 * Loaded before the scripts that use it (card-picker.js, live.js), all deferred, in order.
 */
(function () {
  "use strict";
  var WORDS = {};
  Array.prototype.forEach.call(document.querySelectorAll("[data-words]"), function (holder) {
    try { Object.assign(WORDS, JSON.parse(holder.getAttribute("data-words"))); } catch (e) { /* none */ }
  });

  window.refereeWord = function (key, values) {
    var text = WORDS[key] || key;
    return text.replace(/\{(\w+)\}/g, function (all, name) { return values && name in values ? values[name] : all; });
  };
})();
