/* The service worker, served as /sw.js with VERSION, SHELL, HOME, OFFLINE and OUTBOX written before this
 * file (referee/web/offline/views.py). It keeps the table playing when the server cannot be reached:
 * - the shell (styles, scripts, icons, the offline page, the manifest) is kept under the app's version;
 *   a new version installs a new shell, takes over at once and drops the old one. Asset URLs carry the
 *   version (?v=…), so a page always runs the scripts of its own version;
 * - the home page and the pages of evenings and matches are asked of the network first and kept as they
 *   come; when the network fails, the kept copy is shown, its <body> marked with the time it was kept
 *   (data-offline-copy: offline.js shows the banner in the page's language); a page never kept gets
 *   the offline page. Editor pages are kept too: this is the phone's own storage, not a shared cache;
 * - a new deal's form posted when the server cannot be reached is kept in the outbox (OUTBOX: outbox.js,
 *   outbox-send.js) and the phone goes on to the sheet; Background Sync, where the browser has it, sends
 *   the outbox when the connection returns. Other posts (corrections, undo) need the server: the offline page says so.
 * Nothing else is kept: no API answer, no export, no print, no other site, no editor link.
 */
/* global VERSION, SHELL, HOME, OFFLINE, OUTBOX */
"use strict";
importScripts.apply(self, OUTBOX);

var SHELL_CACHE = "referee-shell-" + VERSION;
var PAGES_CACHE = "referee-pages";
var KEPT_AT = "X-Referee-Kept-At";
var KEPT_PAGE = /^\/(e\/[^/]+(\/matches\/\d+(\/deals\/(\d+|new)|\/history)?)?)?$/;
var ANY = { ignoreVary: true };

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL_CACHE)
      .then(function (cache) {
        return cache.addAll(SHELL.map(function (url) { return new Request(url, { cache: "reload" }); }));
      })
      .then(function () {
        return fetch(HOME, { credentials: "same-origin", cache: "no-store" })
          .then(function (response) { return keep(new URL(HOME, self.location.href).href, response); })
          .catch(function () { /* the home page is kept at the next visit */ });
      })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names.filter(function (name) {
          return name.indexOf("referee-shell-") === 0 && name !== SHELL_CACHE;
        }).map(function (name) { return caches.delete(name); }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST") {
    if (request.mode === "navigate") event.respondWith(post(request));
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.indexOf("/static/") === 0 || SHELL.indexOf(url.pathname + url.search) >= 0) {
    event.respondWith(asset(request));
  } else if (KEPT_PAGE.test(url.pathname)) {
    event.respondWith(page(event, request, url));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(offlinePage));
  }
});

self.addEventListener("sync", function (event) {
  if (event.tag === "outbox") event.waitUntil(self.refereeOutbox.flush().then(tell));
});

/* A page opened before this worker ran asks to be kept. */
self.addEventListener("message", function (event) {
  var url = new URL(event.data && event.data.keep, self.location.href);
  if (url.origin !== self.location.origin || !KEPT_PAGE.test(url.pathname)) return;
  event.waitUntil(fetch(url.href, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
    return keep(url.href, response);
  }).catch(function () { /* kept at the next visit */ }));
});

/* The pages hear that the outbox changed (kept-sheet.js shows it). */
function tell(changed) {
  if (!changed.length) return null;
  return self.clients.matchAll().then(function (clients) {
    clients.forEach(function (client) { client.postMessage("outbox"); });
  });
}

/* An asset: the kept one, else the network (kept when it is of this version), else any kept version of it. */
function asset(request) {
  return caches.open(SHELL_CACHE).then(function (cache) {
    return cache.match(request, ANY).then(function (hit) {
      if (hit) return hit;
      return fetch(request).then(function (response) {
        if (response.ok && new URL(request.url).searchParams.get("v") === VERSION) cache.put(request, response.clone());
        return response;
      }).catch(function () {
        return caches.match(request, { ignoreVary: true, ignoreSearch: true }).then(function (any) {
          return any || Response.error();
        });
      });
    });
  });
}

/* A page: the network's answer, kept; else the kept copy, marked as such; else the offline page. On a weak
 * signal a kept copy is shown after SLOW ms without an answer, and the answer, when it comes, is kept. */
var SLOW = 6000;
function page(event, request, url) {
  var network = fetch(request).then(function (response) {
    if (response.status >= 502 && response.status <= 504) throw new Error("the server cannot be reached");
    if (response.status === 200 && response.type === "basic") {
      event.waitUntil(keep(url.href, response.clone()).then(function () { return offlinePageIn(response); }));
    }
    return response;
  });
  var kept = function () {
    return caches.open(PAGES_CACHE).then(function (cache) { return cache.match(url.href, ANY); }).then(function (copy) {
      if (!copy) return null;
      return request.mode === "navigate" ? marked(copy) : copy;
    });
  };
  var slow = new Promise(function (resolve) { setTimeout(resolve, SLOW); }).then(kept);
  var failed = network.then(null, function () {
    return kept().then(function (copy) {
      return copy || (request.mode === "navigate" ? offlinePage() : Response.error());
    });
  });
  event.waitUntil(network.catch(function () { return null; }));
  return Promise.race([failed, slow.then(function (copy) { return copy || failed; })]);
}

function keep(address, response) {
  if (response.status !== 200 || (response.headers.get("Content-Type") || "").indexOf("text/html") !== 0) return Promise.resolve();
  return response.blob().then(function (body) {
    var headers = new Headers(response.headers);
    ["Content-Encoding", "Content-Length", "ETag"].forEach(function (name) { headers.delete(name); });
    headers.set(KEPT_AT, new Date().toISOString());
    return caches.open(PAGES_CACHE).then(function (cache) {
      return cache.put(address, new Response(body, { status: 200, headers: headers }));
    });
  });
}

/* A kept copy, its <body> marked with the time it was kept, without the one-time messages it was shown
 * with ("Deal 3 entered.": they told of that moment, and the phone's scripts act on them). */
function marked(kept) {
  var at = (kept.headers.get(KEPT_AT) || "").replace(/[^0-9TZ:.-]/g, "");
  return kept.text().then(function (html) {
    html = html.replace(/<body\b/i, '<body data-offline-copy="' + at + '"').replace(/<p class="flash"[^>]*>[^<]*<\/p>/g, "");
    return new Response(html, { status: 200, headers: new Headers(kept.headers) });
  });
}

function offlinePage() {
  return caches.match(OFFLINE, ANY).then(function (kept) { return kept || Response.error(); });
}

/* The offline page is kept in the language of the pages the phone reads: fetched again when they change language. */
function offlinePageIn(response) {
  var language = response.headers.get("Content-Language");
  if (!language) return null;
  return caches.open(SHELL_CACHE).then(function (cache) {
    return cache.match(OFFLINE, ANY).then(function (kept) {
      if (kept && kept.headers.get("Content-Language") === language) return null;
      return fetch(OFFLINE, { credentials: "same-origin", cache: "no-store" }).then(function (fresh) {
        return fresh.ok ? cache.put(OFFLINE, fresh) : null;
      }).catch(function () { return null; });
    });
  });
}

/* A form posted: to the server; when it cannot be reached, a new deal is kept in the outbox and the phone
 * goes on to its sheet, and anything else gets the offline page (what was typed stays in the form's draft). */
function post(request) {
  var copy = request.clone();
  return fetch(request).then(function (response) {
    if (response.status >= 502 && response.status <= 504) throw new Error("the server cannot be reached");
    return response;
  }).catch(function () {
    return copy.text().then(function (body) {
      var entry = self.refereeOutbox.fromForm(copy.url, body, "");
      if (!entry) return offlinePage();
      return self.refereeOutbox.save(entry).then(function () {
        if (self.registration.sync) self.registration.sync.register("outbox").catch(function () { /* sent from the pages */ });
        return Response.redirect(entry.sheet, 303);
      });
    });
  });
}
