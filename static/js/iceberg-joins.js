/* Iceberg's join toggles (house rule merge_runs, iceberg-4.4). As the cards of a lay-off are picked or typed, the
 * play fields show "Join with run N?" for each run whose gap the cards close: the server gives each toggle the meld
 * it belongs to (data-onto) and the cards of its gap (data-needs). The hidden field "asked" lists the toggles shown;
 * one hidden is disabled, so the rules' default holds for it, and one coming into view starts ticked, the default.
 * Without this script the page shows the toggles of the cards last posted. */
(function () {
  "use strict";
  var box = document.querySelector("[data-join-toggles]");
  var cards = window.refereeCards;
  if (!box || !cards) return;
  var form = box.closest("form");
  var field = form.querySelector("#cards");
  var asked = box.querySelector("input[name=asked]");
  var toggles = Array.prototype.slice.call(box.querySelectorAll("[data-onto]"));

  var update = function () {
    var kind = form.querySelector("input[name=kind]:checked");
    var onto = kind && kind.value.indexOf("onto-") === 0 ? kind.value.slice(5) : null;
    var held = {};
    cards.tokens(field ? field.value : "").forEach(function (token) {
      var card = cards.parse(token);
      if (card) held[card] = true;
    });
    var shown = [];
    toggles.forEach(function (toggle) {
      var needs = toggle.getAttribute("data-needs").split(" ").filter(Boolean);
      var on = toggle.getAttribute("data-onto") === onto && needs.every(function (card) { return held[card]; });
      var input = toggle.querySelector("input");
      if (on && toggle.hidden) input.checked = true;
      toggle.hidden = !on;
      input.disabled = !on;
      if (on) shown.push(input.value);
    });
    asked.value = shown.join(" ");
    box.hidden = shown.length === 0;
  };
  // The page as served shows the toggles of the fields as posted, a wrong join included (its error beside it):
  // they change only as the fields do.
  form.addEventListener("input", update);
  form.addEventListener("change", update);
})();
