/* Times written in UTC by the server (<time datetime="…Z" data-local>) are shown in the reader's own
 * time zone and language: at the table, "20:14" rather than "19:14 UTC". Without JavaScript the UTC
 * time stays, marked as such. */
(function () {
  "use strict";
  var lang = document.documentElement.lang || undefined;
  Array.prototype.forEach.call(document.querySelectorAll("time[data-local]"), function (time) {
    var moment = new Date(time.getAttribute("datetime"));
    if (isNaN(moment.getTime())) return;
    time.textContent = moment.toLocaleString(lang, {
      month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit"
    });
  });
})();
