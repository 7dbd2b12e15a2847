/* Dracula's order of placement by taps: the 3×3 cells as buttons, each tap adds the cell to the order field
 * (a cell already in it is taken out), and each cell shows its place. The field stays a plain text field:
 * without this script the cells are typed (r1c2 r2c1 …). */
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll("[data-cell-order-for]"), function (group) {
    var input = document.getElementById(group.getAttribute("data-cell-order-for"));
    if (!input) return;
    var cells = Array.prototype.slice.call(group.querySelectorAll("button[value]"));
    var tokens = function () { return input.value.split(/[\s,]+/).filter(Boolean); };
    var place = function (list, cell) {
      for (var i = 0; i < list.length; i++) if (list[i].toLowerCase() === cell) return i;
      return -1;
    };
    var show = function () {
      var list = tokens();
      cells.forEach(function (button) {
        var at = place(list, button.value);
        button.setAttribute("aria-pressed", String(at >= 0));
        button.querySelector("[data-place]").textContent = at >= 0 ? String(at + 1) : "";
      });
    };
    group.hidden = false;
    group.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) return;
      var list = tokens();
      if (button.hasAttribute("data-cell-order-back")) {
        list.pop();
      } else {
        var at = place(list, button.value);
        if (at >= 0) list.splice(at, 1); else list.push(button.value);
      }
      input.value = list.join(" ");
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.dispatchEvent(new Event("change", { bubbles: true }));
    });
    input.addEventListener("input", show);
    window.addEventListener("load", show);  // after a draft put back what was typed on this phone
    show();
  });
})();
