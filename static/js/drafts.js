/* Drafts: what is typed into a deal form is kept on this phone (localStorage) until that deal is saved,
 * so going back, opening the sheet, a locked phone, a reload or a dropped connection loses nothing.
 *
 * The form names its draft (data-draft: the page and the deal it enters, so a saved deal's draft is
 * never offered for the next one). A blank form (data-draft-fresh="1") takes back a kept draft and
 * says so, with a button to drop it; a form the server filled after a post holds the newest state and
 * is kept as the draft. A draft that changes hidden fields (Iceberg's play log) asks the server to
 * show it again through the form's [data-draft-refresh] button. The words come from the page. */
(function () {
  "use strict";
  var form = document.querySelector("form[data-draft]");
  var store = null;
  try { store = window.localStorage; } catch (e) { return; }
  if (!form || !store) return;
  var PREFIX = "draft:";
  var MAX_AGE = 3 * 24 * 3600 * 1000;
  var key = PREFIX + form.getAttribute("data-draft");
  var SKIP = { csrf_token: true, version: true };

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
        if (e.type === "hidden") hiddenChanged = true;
        e.value = value;
      }
    });
    return hiddenChanged;
  };
  var save = function () {
    try { store.setItem(key, JSON.stringify({ at: Date.now(), fields: snapshot() })); } catch (e) { /* full: typing goes on */ }
  };
  var read = function (name) {
    try { return JSON.parse(store.getItem(name) || "null"); } catch (e) { return null; }
  };

  for (var i = store.length - 1; i >= 0; i--) {
    var name = store.key(i);
    var old = name && name.indexOf(PREFIX) === 0 ? read(name) : null;
    if (old && Date.now() - (old.at || 0) > MAX_AGE) store.removeItem(name);
  }

  var kept = read(key);
  var served = snapshot();
  if (form.getAttribute("data-draft-fresh") === "1" && kept && JSON.stringify(kept.fields) !== JSON.stringify(served)) {
    var hiddenChanged = apply(kept.fields);
    var refresh = form.querySelector("[data-draft-refresh]");
    if (hiddenChanged && refresh) { refresh.click(); return; }
    var notice = document.createElement("p");
    notice.className = "notice draft-notice";
    notice.setAttribute("role", "status");
    notice.textContent = form.getAttribute("data-draft-restored") + " ";
    var drop = document.createElement("button");
    drop.type = "button";
    drop.className = "button";
    drop.textContent = form.getAttribute("data-draft-discard");
    drop.addEventListener("click", function () {
      store.removeItem(key);
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
})();
