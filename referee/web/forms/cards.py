"""Card boxes of the forms: the cards a box holds as typed, and whether it holds the card an error names.

The deal entry forms and the referee pages read card boxes the same way the rules layer reads a card
list (:func:`referee.cards.card_tokens`: spaces and commas separate), so a card an error names is found
in the box that holds it however it was typed (``th`` is ``10H``).
"""

from __future__ import annotations

from typing import Any

from wtforms import RadioField, StringField
from wtforms.validators import Length, Optional

from referee.cards import SUIT_TITLES, SUITS, card_tokens, parse_card
from referee.errors import InputError
from referee.web.forms.common import choices, lazy_say

#: The four suits as big buttons, each with its word in the reader's language.
SUIT_CHOICES = [(s, lazy_say(SUIT_TITLES[s])) for s in SUITS]


def typed_cards(text: str | None) -> list[str]:
    """The cards typed in a box, as typed (none when it is empty)."""
    return card_tokens(text or "")


def same_card(typed: str, token: str) -> bool:
    """Whether what the player typed is the card an error names (``th`` is ``10H``)."""
    if typed.strip().upper() == token.upper():
        return True
    try:
        return str(parse_card(typed)) == str(parse_card(token))
    except InputError:
        return False


def holds_card(text: str | None, token: str) -> bool:
    """Whether a box holds the card ``token``, among the cards typed in it."""
    return any(same_card(typed, token) for typed in typed_cards(text))


def cards_field(label: Any, description: Any = "", *, max_length: int) -> StringField:
    """An optional box of cards, at most ``max_length`` characters."""
    return StringField(label, validators=[Optional(), Length(max=max_length)], description=description)


def suit_field(label: Any) -> RadioField:
    """Four big suit buttons; required where the form says so (a passed deal has no trump)."""
    return RadioField(label, choices=choices(SUIT_CHOICES), validate_choice=False)
