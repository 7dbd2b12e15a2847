/* Card picker: tap a suit and a rank instead of typing. It writes canonical notation (10H, QS, JO)
 * into the plain text fields, so every form still works without it. Inputs opt in with
 * data-card-input="single" (one card; focus moves on) or "list" (cards separated by spaces); the
 * enclosing [data-card-pack] element says which cards exist and how many copies the decks hold:
 * {"ranks": [...], "suits": [...], "jokers": {"JO": 2}, "decks": 1, "used": ["7H", ...]}.
 * "used" lists cards taken elsewhere (an earlier deal), counted against the copies.
 * "⌨ Type" switches to the keyboard for every card field, and the choice is kept (localStorage)
 * until "♠ Cards" switches back. Escape closes the picker and leaves the field focused.
 * Every word it shows comes from the page, in the page's language (words.js).
 */
(function () {
  "use strict";
  var SUIT_SIGNS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  var SIGN_SUITS = { "♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C" };
  var JOKERS = ["JO", "SJ", "BJ"];
  var TYPING_KEY = "card-entry";
  var SUIT_WORDS = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
  var word = window.refereeWord;

  function typing() {
    try { return localStorage.getItem(TYPING_KEY) === "type"; } catch (e) { return false; }
  }

  function setTyping(on) {
    try {
      if (on) localStorage.setItem(TYPING_KEY, "type"); else localStorage.removeItem(TYPING_KEY);
    } catch (e) { /* storage refused: the choice lasts until the page is left */ }
  }

  function parse(token) {
    var t = token.trim().toUpperCase();
    if (!t) return null;
    if (JOKERS.indexOf(t) >= 0) return t;
    var suit = SIGN_SUITS[t.slice(-1)] || t.slice(-1);
    var rank = t.slice(0, -1);
    if (rank === "T") rank = "10";
    if (!SUIT_SIGNS[suit] || !/^(A|K|Q|J|10|[2-9])$/.test(rank)) return null;
    return rank + suit;
  }

  function tokens(value) {
    return value.split(/[\s,]+/).filter(Boolean);
  }

  function Picker(scope) {
    this.scope = scope;
    this.pack = JSON.parse(scope.getAttribute("data-card-pack"));
    this.inputs = Array.prototype.slice.call(scope.querySelectorAll("[data-card-input]"));
    this.suit = null;
    this.target = null;
    this.build();
    var self = this;
    this.inputs.forEach(function (input) {
      input.addEventListener("focus", function () { self.open(input); });
      // After Escape the field keeps the focus: a tap on it brings the picker back.
      input.addEventListener("click", function () { if (self.panel.hidden) self.open(input); });
      input.addEventListener("input", function () { self.refresh(); });
    });
    this.setMode(typing());
    document.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && !self.panel.hidden) { e.preventDefault(); self.dismiss(); }
    });
  }

  /* Typing: the fields bring up the keyboard and the panel shrinks to the way back to the cards. */
  Picker.prototype.setMode = function (typed) {
    this.typing = typed;
    this.panel.classList.toggle("typing", typed);
    this.inputs.forEach(function (input) { input.setAttribute("inputmode", typed ? "text" : "none"); });
    this.modeButton.textContent = word(typed ? "cards" : "type");
    this.modeButton.setAttribute("aria-label", word(typed ? "pick_cards" : "type_cards"));
  };

  Picker.prototype.build = function () {
    var self = this;
    var panel = document.createElement("div");
    panel.className = "picker";
    panel.hidden = true;
    panel.setAttribute("role", "group");
    panel.setAttribute("aria-label", word("picker"));
    var suits = document.createElement("div");
    suits.className = "picker-suits";
    this.pack.suits.forEach(function (s) {
      suits.appendChild(self.button(SUIT_SIGNS[s], "suit " + (s === "H" || s === "D" ? "red" : "black"), function () {
        self.suit = self.suit === s ? null : s;
        self.refresh();
      }, { "data-suit": s, "aria-pressed": "false", "aria-label": word(SUIT_WORDS[s]) }));
    });
    panel.appendChild(suits);
    var ranks = document.createElement("div");
    ranks.className = "picker-ranks";
    this.pack.ranks.forEach(function (r) {
      ranks.appendChild(self.button(r, "rank", function () { if (self.suit) self.write(r + self.suit); }, { "data-rank": r }));
    });
    Object.keys(this.pack.jokers || {}).forEach(function (j) {
      ranks.appendChild(self.button(j, "rank joker", function () { self.write(j); }, { "data-card": j }));
    });
    panel.appendChild(ranks);
    var tools = document.createElement("div");
    tools.className = "picker-tools";
    tools.appendChild(this.button("⌫", "tool erase", function () { self.erase(); }, { "aria-label": word("erase") }));
    this.modeButton = this.button(word("type"), "tool mode", function () { self.switchMode(); }, {});
    tools.appendChild(this.modeButton);
    tools.appendChild(this.button(word("done"), "tool done", function () { self.close(); }, {}));
    panel.appendChild(tools);
    this.status = document.createElement("p");
    this.status.className = "picker-status";
    this.status.setAttribute("aria-live", "polite");
    panel.appendChild(this.status);
    document.body.appendChild(panel);
    this.panel = panel;
  };

  Picker.prototype.button = function (text, cls, onTap, attrs) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "picker-button " + cls;
    b.textContent = text;
    Object.keys(attrs).forEach(function (k) { b.setAttribute(k, attrs[k]); });
    b.addEventListener("mousedown", function (e) { e.preventDefault(); });
    b.addEventListener("click", onTap);
    return b;
  };

  Picker.prototype.copies = function (card) {
    var decks = this.pack.decks || 1;
    if (JOKERS.indexOf(card) >= 0) return ((this.pack.jokers || {})[card] || 0) * decks;
    return decks;
  };

  Picker.prototype.counts = function () {
    var counts = {};
    (this.pack.used || []).forEach(function (c) { counts[c] = (counts[c] || 0) + 1; });
    this.inputs.forEach(function (input) {
      tokens(input.value).forEach(function (t) { var c = parse(t); if (c) counts[c] = (counts[c] || 0) + 1; });
    });
    return counts;
  };

  Picker.prototype.refresh = function () {
    var self = this;
    var counts = this.counts();
    this.panel.querySelectorAll("[data-suit]").forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.getAttribute("data-suit") === self.suit));
    });
    this.panel.querySelectorAll("[data-rank]").forEach(function (b) {
      var r = b.getAttribute("data-rank");
      if (!self.suit) { b.disabled = true; b.removeAttribute("data-left"); return; }
      var card = r + self.suit;
      var left = self.copies(card) - (counts[card] || 0);
      b.disabled = left <= 0;
      b.textContent = r;
      var name = word("card_of", { rank: r, suit: word(SUIT_WORDS[self.suit]) });
      b.setAttribute("aria-label", left <= 0 ? word("all_used", { card: name }) : name);
      if (self.copies(card) > 1 && left > 0) b.setAttribute("data-left", String(left)); else b.removeAttribute("data-left");
    });
    this.panel.querySelectorAll("[data-card]").forEach(function (b) {
      var c = b.getAttribute("data-card");
      b.disabled = self.copies(c) - (counts[c] || 0) <= 0;
    });
    this.status.textContent = this.typing ? "" : word(this.suit ? "now_rank" : "pick_suit");
  };

  Picker.prototype.open = function (input) {
    this.target = input;
    this.panel.hidden = false;
    document.body.classList.add("picking");
    this.refresh();
  };

  Picker.prototype.close = function () {
    this.panel.hidden = true;
    document.body.classList.remove("picking");
    if (this.target) this.target.blur();
  };

  /* Escape: the panel goes, the field keeps the focus (and any keyboard typing). */
  Picker.prototype.dismiss = function () {
    this.panel.hidden = true;
    document.body.classList.remove("picking");
  };

  Picker.prototype.switchMode = function () {
    var input = this.target;
    var typed = !this.typing;
    setTyping(typed);
    this.close();
    pickers.forEach(function (picker) { picker.setMode(typed); });
    // Focus again so that the phone brings up (or puts away) its keyboard.
    if (input) input.focus();
  };

  Picker.prototype.write = function (card) {
    var input = this.target;
    if (!input) return;
    if (input.getAttribute("data-card-input") === "single") {
      input.value = card;
      var next = this.inputs[this.inputs.indexOf(input) + 1];
      if (next) next.focus(); else this.close();
    } else {
      input.value = tokens(input.value).concat([card]).join(" ");
    }
    input.dispatchEvent(new Event("change", { bubbles: true }));
    this.refresh();
    // Said after the refresh (and the focus moving on), so the screen reader hears the card entered.
    this.status.textContent = word("entered", { card: card.replace(/[SHDC]$/, function (s) { return SUIT_SIGNS[s]; }) });
  };

  Picker.prototype.erase = function () {
    var input = this.target;
    if (!input) return;
    if (input.getAttribute("data-card-input") === "single") {
      if (!input.value) {
        var previous = this.inputs[this.inputs.indexOf(input) - 1];
        if (previous) { previous.focus(); previous.value = ""; }
      } else {
        input.value = "";
      }
    } else {
      input.value = tokens(input.value).slice(0, -1).join(" ");
    }
    input.dispatchEvent(new Event("change", { bubbles: true }));
    this.refresh();
  };

  // The notation as the picker reads it, for the scripts that follow what a card field holds.
  window.refereeCards = { parse: parse, tokens: tokens };

  var pickers = [];
  document.querySelectorAll("[data-card-pack]").forEach(function (scope) { pickers.push(new Picker(scope)); });
})();
