"""Every PDF is rendered once per variant and then served from a cache: asking twice renders once.

A variant is what changes the PDF: for a rule card or a pad the printable, the game, the paper, the
players and their names; for a filled sheet or a record the match's or evening's version and what
the page prints beside it, the paper and the deals worked out. Its key also holds the code version
(so a new release never serves an old card) and the reader's language. Two levels:

- in memory, per process: the most recently used PDFs, bounded in bytes;
- on disk, in ``instance/pdf-cache/<code version>/``, shared by every worker and kept across
  restarts, at most ``PDF_CACHE_MB`` megabytes (the least recently used files go first). Pads with
  names typed into the request stay in memory only: any request could make a new one.
  Folders of older code versions are removed when a new one is made.

A PDF missing from both is rendered under a render slot of the machine
(:func:`referee.web.printing.admission.render_slot`), and, when it is kept on disk, under a lock of
its key shared by every worker: a second request for the same PDF waits (at most :data:`KEY_WAIT`
seconds) for the first one's file instead of rendering it again.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

from filelock import FileLock, Timeout
from flask import current_app

from referee.web.http.conditional import code_version
from referee.web.printing.admission import PrinterBusy, render_slot

#: Bytes of PDFs one process keeps in memory (a rule card is 30–120 KB, a record up to about 1 MB).
MEMORY_BUDGET = 16 * 1024 * 1024
#: Seconds a request waits for another worker rendering the same PDF (a render at the limits takes ≤ 3 s).
KEY_WAIT = 8.0
#: Locks of keys on disk: a key takes one of these by its hash, so their files stay few.
KEY_LOCKS = 64


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
        """The PDF of ``key``, rendered by ``render()`` only when no cache holds it; PrinterBusy when it
        must be rendered and the machine's render slots are all taken."""
        with self._lock:
            if key in self._held:
                self._held.move_to_end(key)
                return self._held[key]
        data = self._from_disk(key, render) if on_disk else _rendered(render)
        self._keep(key, data)
        return data

    def clear(self) -> None:
        with self._lock:
            self._held.clear()
            self._size = 0

    def _from_disk(self, key: str, render: Callable[[], bytes]) -> bytes:
        folder = _folder()
        path = folder / f"{key}.pdf"
        data = _read(path)
        if data is not None:
            return data
        number = int(key[:8], 16) % KEY_LOCKS
        lock = FileLock(folder / "locks" / f"{number}.lock", mode=0o600, thread_local=False)
        try:
            lock.acquire(timeout=KEY_WAIT)
        except Timeout as busy:
            raise PrinterBusy from busy
        except OSError:  # the folder removed meanwhile (see _write_atomically): made all the same
            return _rendered(render)
        try:
            data = _read(path)  # rendered by another worker meanwhile
            if data is None:
                data = _rendered(render)
                _write_atomically(path, data)
                _bound(folder, int(current_app.config["PDF_CACHE_MB"]) * 1024 * 1024)
        finally:
            lock.release()
        return data

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


def _rendered(render: Callable[[], bytes]) -> bytes:
    with render_slot():
        return render()


def _read(path: Path) -> bytes | None:
    """The kept file, marked as just used (its time orders what :func:`_bound` removes first), or None
    (none yet, or removed meanwhile by a newer release's process)."""
    try:
        data = path.read_bytes()
        os.utime(path)
    except OSError:
        return None
    return data


def _folder() -> Path:
    root = Path(current_app.instance_path) / "pdf-cache"
    folder = root / code_version()
    if not (folder / "locks").is_dir():
        (folder / "locks").mkdir(mode=0o700, parents=True, exist_ok=True)
        for old in root.iterdir():
            if old.is_dir() and old != folder:
                shutil.rmtree(old, ignore_errors=True)
    return folder


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


def _bound(folder: Path, budget: int) -> None:
    """Remove the least recently used PDFs until the folder holds at most ``budget`` bytes."""
    files = []
    for path in folder.glob("*.pdf"):
        with contextlib.suppress(FileNotFoundError):
            status = path.stat()
            files.append((status.st_mtime, status.st_size, path))
    total = sum(size for _, size, _ in files)
    for _, size, path in sorted(files):
        if total <= budget:
            break
        path.unlink(missing_ok=True)
        total -= size


pdfs = PdfCache()
