"""Render time of a filled sheet at the limits (a match of 100 deals, printed as its pad's grid) and of a
sheet's picture for the group chat, against a short sheet rendered in the same run.

Run by hand:  PYTHONPATH=. .venv/bin/python bench/bench_score_pads.py [--repeat 3]

Each PDF is rendered once to warm up (fonts, templates, the sheet read and kept), then ``--repeat``
times, the PDF cache emptied before each; the median wall and CPU times are printed, with the ratio to
the baseline, the filled sheet of a six-deal Dracula game. The widest grids are the 6-player Iceberg
pad (32 columns) and the 3-player Paks pad (24, landscape). Target: ≤ 3 s for a filled sheet of 100
deals (CPU time: on a busy machine the wall time counts the other processes' turns too). The picture
is timed made afresh (its cache emptied) and served again from it.
"""

from __future__ import annotations

import argparse
import io
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from flask.testing import FlaskClient
from pypdf import PdfReader

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from referee import create_app
from referee.rules.registry import GAMES
from referee.web.printing.pdf_cache import pdfs
from referee.web.printing.share import share_images
from tests.support import deals
from tests.support.table import Table

SIX = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


def timed(client: FlaskClient, url: str, repeat: int, before: Callable[[], None] = lambda: None) -> tuple[float, float]:
    """The median wall and CPU seconds of ``repeat`` requests of ``url`` (``before`` run before each)."""
    walls, cpus = [], []
    for _ in range(repeat):
        before()
        wall, cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        assert response.status_code == 200, (url, response.status_code)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    app = create_app({"INSTANCE_PATH": tempfile.mkdtemp(prefix="referee-bench-")})
    client = app.test_client()
    table = Table.of(app)
    code = table.stored_evening(SIX)
    target = {"target": 5000}
    paks, dracula, zhengfen, iceberg = (GAMES[slug] for slug in ("paks", "dracula", "zhengfen", "iceberg"))
    sheets = {
        "baseline: Dracula, 6 deals": table.stored_sheet(
            dracula, SIX[:2], [deals.dracula(n) for n in range(1, 7)], evening=code
        ),
        "Paks, 2 players, 100 deals": table.stored_sheet(
            paks, SIX[:2], [deals.paks_quick(n, SIX[:2]) for n in range(1, 101)], evening=code
        ),
        "Paks, 3 players, 100 deals": table.stored_sheet(
            paks, SIX[:3], [deals.paks_quick(n, SIX[:3]) for n in range(1, 101)], evening=code
        ),
        "Zheng Fen, 6 players, 100 deals": table.stored_sheet(
            zhengfen, SIX, [deals.zhengfen(n, SIX) for n in range(1, 101)], evening=code, options=target
        ),
        "Iceberg, 6 players, 100 deals": table.stored_sheet(
            iceberg, SIX, [deals.iceberg_counted(n, SIX) for n in range(1, 101)], evening=code, options=target
        ),
    }
    print(f"{'filled sheet':<34} {'pages':>5} {'KB':>5} {'wall s':>7} {'CPU s':>6} {'× base':>7}")
    base = None

    def forget_pdfs() -> None:
        """Empty the PDF cache, in memory and on disk: each request renders its sheet."""
        pdfs.clear()
        shutil.rmtree(Path(app.instance_path) / "pdf-cache", ignore_errors=True)

    for label, sheet in sheets.items():
        url = f"{sheet}/sheet.pdf"
        first = client.get(url)
        wall, cpu = timed(client, url, args.repeat, forget_pdfs)
        base = base or cpu
        pages = len(PdfReader(io.BytesIO(first.data)).pages)
        print(f"{label:<34} {pages:>5} {len(first.data) / 1024:>5.0f} {wall:>7.2f} {cpu:>6.2f} {cpu / base:>7.1f}")
    print(f"\n{'picture for the chat':<34} {'KB':>5} {'wall s':>7} {'CPU s':>6} {'kept ms':>8}")
    for label in ("Zheng Fen, 6 players, 100 deals", "Iceberg, 6 players, 100 deals"):
        url = f"{sheets[label]}/share.png"
        size = len(client.get(url).data)
        wall, cpu = timed(client, url, args.repeat, share_images.clear)
        kept, _ = timed(client, url, args.repeat)
        print(f"{label:<34} {size / 1024:>5.0f} {wall:>7.2f} {cpu:>6.2f} {kept * 1000:>8.1f}")


if __name__ == "__main__":
    main()
