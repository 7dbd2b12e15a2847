"""Render time of every kind of PDF: rule cards, blank pads, a filled sheet of a full match, the evening.

Run by hand:  PYTHONPATH=. .venv/bin/python bench/bench_pdf.py [--repeat 5]

Each PDF is rendered once cold (the first render of the process also loads fonts) and then
``--repeat`` times; the median and the worst of the warm renders are printed. Rule cards and pads
are served from a cache after their first render: their warm renders empty the cache first, and
the last column is the time of a request the cache answers.
Targets: ≤ 1 s for a rule card or a filled sheet of a full match; bench/bench_pages.py measures the
filled sheet of a 300-deal match and the cached rule card against their targets.
Japanese rule cards (``?lang=ja``, the Japanese font embedded): ≤ 1.5 s cold and ≤ 1 MB; the last
lines render one in a new process, as the first PDF it makes (font files loaded included), next to
the English card in another new process, as a baseline of the same run.
"""

from __future__ import annotations

import argparse
import io
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pypdf import PdfReader

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee import create_app
from referee.rules.dracula import DRACULA_PACK
from referee.rules.dracula.layout import CELLS
from referee.rules.registry import GAMES
from referee.web.printing.pdf_cache import pdfs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    app = create_app({"INSTANCE_PATH": tempfile.mkdtemp(prefix="referee-bench-"), "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    evening = client.post("/", data={"name": "Bench", "players": "Ann, Bob"}).headers["Location"]
    match = client.post(
        f"{evening}/matches/new/dracula", data={"seat_0": "Ann", "seat_1": "Bob", "first_dealer": "Ann"}
    ).headers["Location"]
    deck = [str(c) for c in DRACULA_PACK.cards()]
    for i in range(6):
        client.post(f"{match}/deals/new", data=dict(zip(CELLS, deck[i * 9 : i * 9 + 9], strict=True)))

    urls = [(f"rule card {slug}", f"/rules/{slug}.pdf") for slug in GAMES]
    urls += [(f"rule card {slug} (ja)", f"/rules/{slug}.pdf?lang=ja") for slug in GAMES]
    urls += [(f"pad {slug}", f"/print/{slug}/pad.pdf?names=Ann,Bob,Cat,Dan") for slug in GAMES]
    urls += [("sheet: Dracula, 6 deals", f"{match}/sheet.pdf"), ("evening record", f"{evening}/record.pdf")]
    print(f"{'PDF':<26} {'pages':>5} {'KB':>6} {'cold ms':>8} {'median ms':>10} {'worst ms':>9} {'cached ms':>10}")
    for label, url in urls:
        started = time.perf_counter()
        response = client.get(url)
        cold = time.perf_counter() - started
        assert response.status_code == 200, (url, response.status_code)
        warm = []
        for _ in range(args.repeat):
            pdfs.clear()
            shutil.rmtree(Path(app.instance_path) / "pdf-cache", ignore_errors=True)
            started = time.perf_counter()
            client.get(url)
            warm.append(time.perf_counter() - started)
        started = time.perf_counter()
        client.get(url)
        cached = f"{(time.perf_counter() - started) * 1000:.1f}" if "/e/" not in url else "—"
        pages = len(PdfReader(io.BytesIO(response.data)).pages)
        print(
            f"{label:<26} {pages:>5} {len(response.data) / 1024:>6.0f} {cold * 1000:>8.0f} "
            f"{statistics.median(warm) * 1000:>10.0f} {max(warm) * 1000:>9.0f} {cached:>10}"
        )
    print("\nthe first PDF of a new process (cold: app, fonts and the card)")
    for label, url in [("rule card paks", "/rules/paks.pdf"), ("rule card paks (ja)", "/rules/paks.pdf?lang=ja")]:
        seconds, size = _cold(url)
        print(f"{label:<26} {size / 1024:>6.0f} KB {seconds * 1000:>8.0f} ms")


#: Run in a new interpreter: create the app, then time its first request (the PDF's first render).
_COLD = """
import sys, tempfile, time
from referee import create_app
app = create_app({"INSTANCE_PATH": tempfile.mkdtemp(prefix="referee-bench-")})
client = app.test_client()
started = time.perf_counter()
response = client.get(sys.argv[1])
assert response.status_code == 200, response.status_code
print(time.perf_counter() - started, len(response.data))
"""


def _cold(url: str) -> tuple[float, int]:
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run(
        [sys.executable, "-c", _COLD, url], cwd=root, capture_output=True, text=True, check=True
    ).stdout.split()
    return float(out[-2]), int(out[-1])


if __name__ == "__main__":
    main()
