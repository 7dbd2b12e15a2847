/* Count chips: a tap on a chip puts its number into the field it belongs to (Iceberg's fast entry: aces exposed,
 * cards left over), one tap instead of a tap and a key. The chips show only with script; the field is always there
 * and can be typed into. The chip of the number the field holds is pressed, also after drafts.js has put back
 * what was typed on this phone (it runs later, before the page's load event). */
(function () {
  "use strict";
  var groups = Array.prototype.slice.call(document.querySelectorAll("[data-fill-for]"));
  var markAll = function () { groups.forEach(function (group) { if (group.mark) group.mark(); }); };
  groups.forEach(function (group) {
    var input = document.getElementById(group.getAttribute("data-fill-for"));
    if (!input) return;
    group.mark = function () {
      Array.prototype.forEach.call(group.querySelectorAll("button"), function (chip) {
        chip.setAttribute("aria-pressed", String(input.value.trim() === chip.value));
      });
    };
    group.hidden = false;
    group.mark();
    group.addEventListener("click", function (event) {
      var chip = event.target.closest("button");
      if (!chip) return;
      input.value = chip.value;
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    input.addEventListener("input", group.mark);
  });
  window.addEventListener("load", markAll);
})();
