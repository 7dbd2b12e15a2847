/* The sheet's Share button: the phone's share sheet (Web Share API) with the sheet's picture where the
 * browser may share files, else with its link; where there is no share sheet, the link is copied to the
 * clipboard and "Link copied" is said. Without this script the button is a plain link to the picture
 * (drawn by the server: /e/<code>/matches/<id>/share.png).
 *
 * A share must start from the tap itself, so the picture is fetched as the finger lands (pointerdown,
 * or focus from a keyboard) and is ready, kept by the server per version, when the tap ends.
 */
(function () {
  "use strict";
  var button = document.querySelector("[data-share]");
  if (!button) return;
  var status = document.querySelector("[data-share-status]");
  var url = button.getAttribute("data-share-url");
  var title = button.getAttribute("data-share-title");
  var picture = null;

  function fetchPicture() {
    if (!picture) {
      picture = fetch(button.href, { credentials: "same-origin" })
        .then(function (response) {
          if (!response.ok) throw new Error("picture " + response.status);
          return response.blob();
        })
        .then(function (blob) {
          return new File([blob], button.getAttribute("data-share-file"), { type: "image/png" });
        });
      picture.catch(function () { picture = null; });
    }
    return picture;
  }

  function say(text) {
    if (!status) return;
    status.textContent = text;
    status.hidden = false;
  }

  function copyLink() {
    if (!navigator.clipboard || !navigator.clipboard.writeText) {
      window.location.href = button.href;
      return;
    }
    navigator.clipboard.writeText(url).then(
      function () { say(window.refereeWord("link_copied")); },
      function () { say(window.refereeWord("copy_this_link", { url: url })); }
    );
  }

  function shareLink() {
    return navigator.share({ title: title, url: url });
  }

  button.addEventListener("pointerdown", fetchPicture);
  button.addEventListener("focus", fetchPicture);
  button.addEventListener("click", function (event) {
    event.preventDefault();
    if (!navigator.share) {
      copyLink();
      return;
    }
    fetchPicture()
      .then(function (file) {
        var withPicture = { files: [file], title: title, text: url };
        return navigator.canShare && navigator.canShare({ files: [file] }) ? navigator.share(withPicture) : shareLink();
      }, shareLink)
      .catch(function (error) {
        if (!error || error.name !== "AbortError") copyLink();  // closed by the player: nothing to do
      });
  });
})();
