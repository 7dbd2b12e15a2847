/* Sending the outbox (outbox.js), from a sheet (kept-sheet.js) or the service worker: what waits goes in
 * the order entered, a match's deals one after another, its queue stopping at a deal not pending until
 * that is dealt with. A send is answered in JSON (referee/web/evenings/outbox.py); any other answer (no
 * server, a proxy's error, a Wi-Fi login page) leaves the entry to send later. */
(function (scope) {
  "use strict";
  var outbox = scope.refereeOutbox;

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
      return outbox.all().then(function (entries) {
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
              return outbox.save(entry);
            });
          });
        }, Promise.resolve()).then(function () { return changed; });
      });
    };
    return locks ? locks.request("referee-outbox", work) : work();
  };

  outbox.flush = flush;
})(self);
