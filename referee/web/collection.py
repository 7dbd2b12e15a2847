"""Python's cyclic garbage collector held off while a bounded piece of heavy work builds what it keeps.

An import at the limits or an evening's record builds millions of objects that all live until the
work ends (the parsed file, the scored deals and the rows to write; the boxes WeasyPrint lays out).
The collector counts them as they are made and, every time a quarter more are made, walks every
object of the process again, freeing none: nearly half of such a request's CPU time. Held off, it
starts again when the work ends and frees what was left in cycles then; objects without cycles are
freed as they go out of use either way, so the work takes no more memory than its bounds allow.

The collector belongs to the process: threads of one worker that do such work at once share one hold,
and it is let go when the last of them ends (and only if it was running before the first began).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_holders = 0
_was_enabled = False


@contextmanager
def collector_held_off() -> Iterator[None]:
    """Run the block with the cyclic garbage collector off (see the module's note)."""
    global _holders, _was_enabled
    with _lock:
        if _holders == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _holders += 1
    try:
        yield
    finally:
        with _lock:
            _holders -= 1
            if _holders == 0 and _was_enabled:
                gc.enable()
