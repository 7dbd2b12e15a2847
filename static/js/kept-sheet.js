/* The deals kept on this phone for a sheet (pending.js calls window.refereeKeptSheet): a row each in the
 * score table, with the points its claim boxes state ("–" where none), and a list below it, in order,
 * "not yet checked", or refused with the server's words and buttons to open or drop it. The sheet's
 * button names the next deal to enter after them. Words: words.js. */
(function () {
  "use strict";
  var word = window.refereeWord;
  var lang = document.documentElement.lang || undefined;
  var element = function (tag, className, text) {
    var made = document.createElement(tag);
    made.className = className || "";
    if (text !== undefined) made.textContent = text;
    return made;
  };
  window.refereeKeptSheet = function (list, kept, open, drop) {
    var body = document.querySelector("table.sheet tbody");
    var sides = Array.prototype.map.call(document.querySelectorAll("table.sheet th[data-side]"), function (th) {
      return th.getAttribute("data-side");
    });
    var enter = document.querySelector("[data-enter-deal]");
    Array.prototype.forEach.call(document.querySelectorAll("tr.pending"), function (row) { row.remove(); });
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
      var line = [word("deal", { number: entry.number }), entry.device, word("entered_at", { time: time })];
      item.appendChild(element("strong", "", line.filter(Boolean).join(" · ")));
      var state = entry.state === "pending" ? (blocked ? "waiting" : "not_checked") : entry.state;
      item.appendChild(element("span", "", " · " + word(state)));
      if (entry.state === "pending") return;
      blocked = true;
      var problems = item.appendChild(element("ul"));
      (entry.messages || []).forEach(function (message) { problems.appendChild(element("li", "", message)); });
      [["open", open], ["drop", drop]].forEach(function (button) {
        var made = item.appendChild(element("button", "button", word(button[0])));
        made.type = "button";
        made.onclick = function () { button[1](entry); };
      });
    });
  };
})();
