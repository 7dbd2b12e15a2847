"""On the laptop that serves the app, the evening's share box says the links will not reach other phones."""

from __future__ import annotations

import re
from typing import Any


def test_the_share_box_warns_on_a_loopback_only_server(phone: Any, server: str) -> None:
    page = phone.new_page()
    page.goto(server + "/")
    page.fill("#name", "Friday")
    page.fill("#players", "Ann\nBob")
    page.click("text=Start the evening")
    page.wait_for_url(re.compile(r"/e/[^/]+$"))
    notice = page.locator(".share .notice")
    assert notice.is_visible()
    assert "the server answers this computer only" in notice.inner_text()
    assert "HOST=0.0.0.0 ./run.sh" in notice.inner_text()
