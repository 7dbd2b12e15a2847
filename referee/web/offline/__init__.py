"""The table keeps playing offline: the service worker, the page it shows when nothing is kept, and asset
URLs that change with the app (see ``views``; the phone's part is ``static/js/service-worker.js``,
``static/js/outbox.js``, ``static/js/kept-form.js``, ``static/js/kept-sheet.js`` and ``static/js/offline.js``)."""
