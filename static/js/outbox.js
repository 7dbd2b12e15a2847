/* The outbox: new deals posted while the server could not be reached, kept on this phone (IndexedDB)
 * and sent later, in the order entered, to be checked like any entry. Shared by the pages (pending.js)
 * and the service worker. Entry: {key (the form's entry_key), sheet, action (the form's address), body
 * (the form as posted), number, matchVersion, device, at, claims ([side, points]), state: "pending",
 * "refused" (messages), "opened" (its form shown again) or "accepted" (entered: the deal's number)}.
 * A match's deals go one after another; its queue stops at a deal not pending until that is dealt with.
 * A post holding `act` is a step of a form (Iceberg's "Add play"), not a deal: it needs the server.
 * A send is answered in JSON (referee/web/evenings/outbox.py); any other answer (no server, a proxy's
 * error, a Wi-Fi login page) leaves the entry to send later. */
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

  /* {state: "accepted", entered} or {state: "refused", messages}, or null when no server answered. */
  var send = function (entry) {
    return scope.fetch(entry.action, {
      method: "POST", body: entry.body, credentials: "same-origin", cache: "no-store",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Referee-Outbox": "1", Accept: "application/json" }
    }).then(function (response) {
      if (response.status >= 500 || (response.headers.get("Content-Type") || "").indexOf("application/json")) return null;
      return response.json().then(function (answer) {
        if (answer.outcome === "accepted") return { state: "accepted", entered: answer.number };
        return { state: "refused", messages: answer.messages || [answer.error ? answer.error.message : ""] };
      });
    }).catch(function () { return null; });
  };

  /* Sends what waits, one sender at a time where the browser can say so (a second would only repeat
   * sends, answered with the deals they made); resolves to the entries whose state changed. */
  var flush = function () {
    var locks = scope.navigator.locks;
    var work = function () {
      return all().then(function (entries) {
        var stopped = {};
        var changed = [];
        return entries.reduce(function (chain, entry) {
          return chain.then(function () {
            if (stopped[""] || stopped[entry.sheet] || entry.state === "accepted") return null;
            if (entry.state !== "pending") { stopped[entry.sheet] = true; return null; }
            return send(entry).then(function (outcome) {
              if (!outcome) { stopped[""] = true; return null; }
              Object.assign(entry, outcome);
              stopped[entry.sheet] = entry.state === "refused";
              changed.push(entry);
              return save(entry);
            });
          });
        }, Promise.resolve()).then(function () { return changed; });
      });
    };
    return locks ? locks.request("referee-outbox", work) : work();
  };

  scope.refereeOutbox = { all: all, save: save, drop: drop, fromForm: fromForm, flush: flush };
})(self);
