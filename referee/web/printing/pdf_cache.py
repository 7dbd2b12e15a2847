"""Static PDFs (rule cards, blank pads) are rendered once per variant and then served from a cache.

A variant is what changes the PDF (the printable, the game, the paper, the players and their names);
its key also holds the code version, so a new release never serves an old card. Two levels:

- in memory, per process: the most recently used PDFs, bounded in bytes;
- on disk, in ``instance/pdf-cache/<code version>/``, shared by every worker and kept across
  restarts — only for variants without free text (names typed by a user are never written to disk).
  Folders of older code versions are removed when a new one is made.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

from flask import current_app

from referee.web.http.conditional import code_version

#: Bytes of PDFs one process keeps in memory (a rule card is 30–120 KB).
MEMORY_BUDGET = 16 * 1024 * 1024


class PdfCache:
    def __init__(self, budget: int = MEMORY_BUDGET) -> None:
        self.budget = budget
        self._held: OrderedDict[str, bytes] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def key(self, *variant: object) -> str:
        """The cache key (also the PDF's ETag) of a variant at this code version."""
        text = "\x1f".join(map(str, (code_version(), *variant)))
        return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()

    def get(self, key: str, render: Callable[[], bytes], *, on_disk: bool) -> bytes:
        """The PDF of ``key``, rendered by ``render()`` only when no cache holds it."""
        with self._lock:
            if key in self._held:
                self._held.move_to_end(key)
                return self._held[key]
        path = _folder() / f"{key}.pdf" if on_disk else None
        data = _read(path) if path is not None else None
        if data is None:
            data = render()
            if path is not None:
                _write_atomically(path, data)
        self._keep(key, data)
        return data

    def clear(self) -> None:
        with self._lock:
            self._held.clear()
            self._size = 0

    def _keep(self, key: str, data: bytes) -> None:
        if len(data) > self.budget:
            return
        with self._lock:
            if key in self._held:
                return
            self._held[key] = data
            self._size += len(data)
            while self._size > self.budget:
                _, dropped = self._held.popitem(last=False)
                self._size -= len(dropped)


def _folder() -> Path:
    root = Path(current_app.instance_path) / "pdf-cache"
    folder = root / code_version()
    if not folder.is_dir():
        folder.mkdir(parents=True, exist_ok=True)
        for old in root.iterdir():
            if old.is_dir() and old != folder:
                shutil.rmtree(old, ignore_errors=True)
    return folder


def _read(path: Path) -> bytes | None:
    """The PDF kept at ``path``, or None (none yet, or removed meanwhile by a newer release's process)."""
    try:
        return path.read_bytes()
    except OSError:
        return None


def _write_atomically(path: Path, data: bytes) -> None:
    """Another worker reading at the same time sees the whole file or none.

    A write that fails is given up (the PDF is served all the same): a full disk, or the folder removed
    by a process of a newer release sharing ``instance/`` (servers of two releases during an upgrade).
    """
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".part")
    except OSError:
        return
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, 0o600)
        os.replace(temporary, path)
    except OSError:
        Path(temporary).unlink(missing_ok=True)


static_pdfs = PdfCache()
