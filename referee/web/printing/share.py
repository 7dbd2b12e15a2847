"""The picture of a sheet that a phone sends to the group chat: drawn by the server, from the sheet's data.

It is the printing pipeline's own page (``print/share.html``: the game, the evening and its date, who
won, the totals and the chart, in the reader's language) made into a PNG about 1080 pixels wide, which
chat apps show at full width. WeasyPrint lays the page out with the fonts the PDFs embed (Noto Sans JP
for Japanese), and PDFium (``pypdfium2``) draws it: the chart is the very SVG of the sheet and the
PDFs, nothing is drawn twice. The page is tall enough for the most sides a game has, and the picture is
cut to what the page holds.

A picture is kept per match version and language (:data:`share_images`, in memory only: it shows the
names the players typed), so a second request, or another phone's, costs nothing.
"""

from __future__ import annotations

import io

from referee.web.printing.pdf_cache import PdfCache

#: The width of the picture in pixels, and of the page in CSS pixels (``print/share.html``).
WIDTH = 1080
PAGE_WIDTH = 540
#: Blank kept around what the page holds, in pixels of the picture.
MARGIN = 48
#: Bytes of pictures one process keeps (one is 60–150 KB).
BUDGET = 8 * 1024 * 1024

share_images = PdfCache(BUDGET)


def picture_of(pdf: bytes) -> bytes:
    """The first page of ``pdf`` as a PNG :data:`WIDTH` pixels wide, cut below what it holds."""
    import pypdfium2
    from PIL import ImageOps

    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[0]
        image = page.render(scale=WIDTH / page.get_width()).to_pil().convert("RGB")
    finally:
        document.close()
    held = ImageOps.invert(image.convert("L")).getbbox()
    if held is not None:
        image = image.crop((0, 0, image.width, min(image.height, held[3] + MARGIN)))
    out = io.BytesIO()
    image.quantize(colors=128, method=2, dither=0).save(out, format="PNG", optimize=True)
    return out.getvalue()
