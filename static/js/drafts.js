/* Drafts: what is typed into a deal form is kept on this phone (localStorage) until that deal is saved,
 * so going back, a locked phone, a reload or a dropped connection loses nothing. The form names its draft
 * (data-draft: the page and the deal it enters). A blank form (data-draft-fresh="1") takes a kept draft
 * back, with a button to drop it; a form the server filled after a post is kept as the draft. A draft that
 * changes hidden fields (Iceberg's play log) asks the server to show it again ([data-draft-refresh]).
 * A draft goes after three days, or when the sheet says its deal is done with (drafts-done.js). A deal's
 * form waits for kept-form.js to count the deals kept before it (window.refereePending). */
(function () {
  "use strict";
  var store = null;
  try { store = window.localStorage; } catch (e) { return; }
  if (!store) return;
  var PREFIX = "draft:";
  var MAX_AGE = 3 * 24 * 3600 * 1000;
  var SKIP = { csrf_token: true, version: true, match_version: true };

  var read = function (name) {
    try { return JSON.parse(store.getItem(name) || "null"); } catch (e) { return null; }
  };
  var dropWhere = function (test) {
    for (var i = store.length - 1; i >= 0; i--) {
      var name = store.key(i);
      if (name && name.indexOf(PREFIX) === 0 && test(name.slice(PREFIX.length), name)) store.removeItem(name);
    }
  };
  dropWhere(function (key, name) {
    var old = read(name);
    return old && Date.now() - (old.at || 0) > MAX_AGE;
  });

  var form = document.querySelector("form[data-draft]");
  if (!form) return;
  var key = function () { return PREFIX + form.getAttribute("data-draft"); };
  var fields = function () {
    return Array.prototype.filter.call(form.elements, function (e) {
      return e.name && !SKIP[e.name] && ["submit", "button", "file", "reset"].indexOf(e.type) < 0;
    });
  };
  var snapshot = function () {
    var data = {};
    fields().forEach(function (e) {
      if (e.type === "checkbox" || e.type === "radio") {
        data[e.name] = data[e.name] || [];
        if (e.checked) data[e.name].push(e.value);
      } else {
        data[e.name] = e.value;
      }
    });
    return data;
  };
  var apply = function (data) {
    var hiddenChanged = false;
    fields().forEach(function (e) {
      if (!(e.name in data)) return;
      var value = data[e.name];
      if (e.type === "checkbox" || e.type === "radio") {
        e.checked = Array.isArray(value) && value.indexOf(e.value) >= 0;
      } else if (e.value !== value) {
        if (e.type === "hidden" && e.name !== "entry_key") hiddenChanged = true;
        e.value = value;
      }
    });
    return hiddenChanged;
  };
  var save = function () {
    try { store.setItem(key(), JSON.stringify({ at: Date.now(), fields: snapshot() })); } catch (e) { /* full: typing goes on */ }
  };

  var start = function () {
    var kept = read(key());
    var served = snapshot();
    var same = function (a, b) {
      var strip = function (data) { var copy = {}; for (var n in data) if (n !== "entry_key") copy[n] = data[n]; return JSON.stringify(copy); };
      return strip(a) === strip(b);
    };
    if (form.getAttribute("data-draft-fresh") === "1" && kept && !same(kept.fields, served)) {
      var hiddenChanged = apply(kept.fields);
      var refresh = form.querySelector("[data-draft-refresh]");
      if (hiddenChanged && refresh && navigator.onLine !== false) { refresh.click(); return; }
      var notice = document.createElement("p");
      notice.className = "notice draft-notice";
      notice.setAttribute("role", "status");
      notice.textContent = form.getAttribute("data-draft-restored") + " ";
      var drop = document.createElement("button");
      drop.type = "button";
      drop.className = "button";
      drop.textContent = form.getAttribute("data-draft-discard");
      drop.addEventListener("click", function () {
        store.removeItem(key());
        apply(served);
        notice.remove();
      });
      notice.appendChild(drop);
      form.insertBefore(notice, form.firstChild);
    } else if (form.getAttribute("data-draft-fresh") !== "1") {
      save();
    }
    form.addEventListener("input", save);
    form.addEventListener("change", save);
  };
  (window.refereePending || Promise.resolve()).then(start, start);
})();
