"""``python -m referee.catalogs update|check|compile [AREA …]``: see :mod:`referee.catalogs.tooling`."""

from __future__ import annotations

import sys

from referee.catalogs.tooling import main

sys.exit(main(sys.argv[1:]))
