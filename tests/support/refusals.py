"""Reading a refused form: its text, the error at a field, and the post that must be refused."""

from __future__ import annotations

import html as html_lib
import re
from typing import Any

from tests.support.client import Browser


def text_of(html: str) -> str:
    """``html`` as read: tags as spaces, entities decoded, spaces collapsed."""
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def refused(browser: Browser, url: str, data: dict[str, Any], headers: dict[str, str] | None = None) -> str:
    """Post ``data`` with the form's token; the deal must be refused. The page, as HTML."""
    browser.get(url, headers=headers or {})
    response = browser.client.post(url, data={**data, "csrf_token": browser.token}, headers=headers or {})
    page = response.get_data(as_text=True)
    assert response.status_code == 400, page
    return page


def error_at(page: str, field_id: str) -> str:
    """The text of the error shown at the field ``field_id``; there must be one."""
    found = re.search(rf'id="{re.escape(field_id)}-error">(.*?)</p>', page, re.S)
    assert found, field_id
    return text_of(found.group(1))
