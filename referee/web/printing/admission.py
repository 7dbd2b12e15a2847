"""PDF renders admitted per machine: at most ``PDF_RENDERS`` at once, whatever the number of workers.

A render takes a CPU core for up to a few seconds; a machine that renders more PDFs than it has cores
makes every page wait. So every worker process shares the same slots: ``PDF_RENDERS`` lock files
under ``instance/pdf-slots/``, each held with ``flock`` (the ``filelock`` library) for the length of
one render. A request that finds every slot taken is refused at once with :class:`PrinterBusy` (a
503 with ``Retry-After``): it never waits with a worker held. The kernel frees a slot when its
holder ends, even a worker killed in the middle of a render.

Within one process, renders also take turns (WeasyPrint is not made for threads sharing a font
configuration): a thread whose process is already rendering is refused the same way.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from filelock import FileLock, Timeout
from flask import current_app

#: Seconds a refused reader is asked to wait before trying again (a render at the limits takes 1–3 s).
RETRY_AFTER = 5


def default_renders() -> int:
    """Half the machine's cores, at least one: the other half keeps serving the pages."""
    return max(1, (os.cpu_count() or 2) // 2)


class PrinterBusy(Exception):
    """Every render slot of the machine is taken: try again in a moment."""


_process_turn = threading.Lock()


@contextmanager
def render_slot() -> Iterator[None]:
    """Hold one of the machine's render slots (and this process's turn) while the block runs.

    Raises PrinterBusy at once when there is none free.
    """
    if not _process_turn.acquire(blocking=False):
        raise PrinterBusy
    try:
        folder = _slots_folder()
        for number in range(max(1, int(current_app.config["PDF_RENDERS"]))):
            slot = FileLock(folder / f"{number}.lock", mode=0o600, thread_local=False)
            try:
                slot.acquire(timeout=0)
            except Timeout:
                continue
            try:
                yield
            finally:
                slot.release()
            return
        raise PrinterBusy
    finally:
        _process_turn.release()


def _slots_folder() -> Path:
    folder = Path(current_app.instance_path) / "pdf-slots"
    folder.mkdir(mode=0o700, exist_ok=True)
    return folder
