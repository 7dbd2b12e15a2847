/* The outbox: new deals posted while the server could not be reached, kept on this phone (IndexedDB)
 * and sent later (outbox-send.js), in the order entered, to be checked like any entry. Shared by the
 * pages (kept-form.js, kept-sheet.js) and the service worker. Entry: {key (the form's entry_key), sheet, action (the form's address), body
 * (the form as posted), number, matchVersion, device, at, claims ([side, points]), state: "pending",
 * "refused" (messages), "opened" (its form shown again) or "accepted" (entered: the deal's number)}.
 * A post holding `act` is a step of a form (Iceberg's "Add play"), not a deal: it needs the server. */
(function (scope) {
  "use strict";
  var STORE = "outbox";
  var NEW_DEAL = /^(\/e\/[^/]+\/matches\/\d+)\/deals\/new$/;
  var opening = null;
  var run = function (mode, work) {
    opening = opening || new Promise(function (resolve, reject) {
      var request = scope.indexedDB.open("referee", 1);
      request.onupgradeneeded = function () { request.result.createObjectStore(STORE, { keyPath: "key" }); };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { opening = null; reject(request.error); };
    });
    return opening.then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(STORE, mode);
        var request = work(tx.objectStore(STORE));
        tx.oncomplete = function () { resolve(request.result); };
        tx.onerror = tx.onabort = function () { reject(tx.error); };
      });
    });
  };
  var all = function () {
    return run("readonly", function (store) { return store.getAll(); }).then(function (entries) {
      return entries.sort(function (a, b) { return a.at - b.at; });
    });
  };
  var save = function (entry) { return run("readwrite", function (store) { return store.put(entry); }); };
  var drop = function (key) { return run("readwrite", function (store) { return store.delete(key); }); };

  /* The entry of a posted form, or null when it is no new deal to keep. */
  var fromForm = function (action, body, device) {
    var match = NEW_DEAL.exec(new URL(action, scope.location.href).pathname);
    var fields = new URLSearchParams(body);
    if (!match || !fields.get("entry_key") || fields.has("act") || fields.has("reopened")) return null;
    var claims = [];
    fields.forEach(function (value, name) {
      if (name.indexOf("claim-") === 0 && value.trim()) claims.push([name.slice(6), value.trim()]);
    });
    return {
      key: fields.get("entry_key"), sheet: match[1], action: match[0], body: body, claims: claims,
      number: parseInt(fields.get("version"), 10) || 0, matchVersion: fields.get("match_version") || "",
      device: fields.get("device") || device || "", at: Date.now(), state: "pending"
    };
  };

  /* For the pages: a sheet's entries not yet on it, and the drafts (drafts.js) of a deal, dropped. */
  var waiting = function (entries, sheet) {
    return entries.filter(function (entry) { return entry.sheet === sheet && entry.state !== "accepted"; });
  };
  var dropDrafts = function (prefix) {
    try {
      for (var i = scope.localStorage.length - 1; i >= 0; i--) {
        var name = scope.localStorage.key(i) || "";
        if (name.indexOf("draft:" + prefix) === 0) scope.localStorage.removeItem(name);
      }
    } catch (e) { /* no storage, no drafts */ }
  };

  scope.refereeOutbox = {
    all: all, save: save, drop: drop, fromForm: fromForm, waiting: waiting, dropDrafts: dropDrafts
  };
})(self);
