"""A test client that fills in the CSRF token of the page it last loaded, as a browser would."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

_CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


class Browser:
    """A test client that fills in the CSRF token of the page it last loaded, as a browser would."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.token: str | None = None

    def get(self, url: str, **kwargs: Any):  # type: ignore[no-untyped-def]
        response = self.client.get(url, **kwargs)
        found = _CSRF.search(response.get_data(as_text=True))
        if found:
            self.token = found.group(1)
        return response

    def submit(self, url: str, data: dict[str, Any], *, form_page: str | None = None):  # type: ignore[no-untyped-def]
        """Load ``form_page`` (default ``url``) for its token, then post ``data`` to ``url``."""
        self.get(form_page or url)
        assert self.token, f"no CSRF token on {form_page or url}"
        response = self.client.post(url, data={**data, "csrf_token": self.token})
        found = _CSRF.search(response.get_data(as_text=True))
        if found:
            self.token = found.group(1)
        return response
