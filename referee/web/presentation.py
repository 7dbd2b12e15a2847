"""Template helpers: cards with suit signs, rule citations, option descriptions."""

from __future__ import annotations

from typing import Any

from flask import Flask
from markupsafe import Markup, escape

from referee.cards import SUIT_SYMBOLS, parse_card
from referee.errors import InputError
from referee.rules.game import Game
from referee.rules.registry import GAMES


def card_html(token: object) -> Markup:
    """``10H`` → ``10♥`` in red; anything that is not a card is shown escaped, as typed."""
    if token is None or token == "":
        return Markup('<span class="card empty">·</span>')
    try:
        card = parse_card(token)
    except InputError:
        return Markup('<span class="card">{}</span>').format(token)
    if card.is_joker:
        return Markup('<span class="card joker">{}</span>').format(card.rank)
    colour = card.colour or ""
    return Markup('<span class="card {}">{}{}</span>').format(colour, card.rank, SUIT_SYMBOLS[card.suit or "S"])


def cards_html(tokens: Any) -> Markup:
    if isinstance(tokens, str):
        tokens = tokens.split()
    return Markup(" ").join(card_html(t) for t in tokens or [])


def suit_signs(text: str) -> Markup:
    """Escape ``text`` and show backticked card tokens (`10H`) with suit signs."""
    parts = str(text).split("`")
    out: list[Markup | str] = []
    for i, part in enumerate(parts):
        if i % 2 == 1:
            try:
                parse_card(part)
            except InputError:
                out.append(Markup("<code>{}</code>").format(part))
            else:
                out.append(card_html(part))
        else:
            out.append(escape(part))
    return Markup("").join(out)


def option_rows(game: Game, options: dict[str, Any]) -> list[tuple[str, str, str, bool]]:
    """(label, value, clause, is_default) for each of a game's options."""
    rows = []
    for option in game.options:
        value = options.get(option.id, option.default)
        rows.append((option.label, option.describe(value), option.clause, value == option.default))
    return rows


def register(app: Flask) -> None:
    app.add_template_filter(card_html, "card")
    app.add_template_filter(cards_html, "cards")
    app.add_template_filter(suit_signs, "signs")

    @app.context_processor
    def games() -> dict[str, Any]:
        return {"all_games": list(GAMES.values())}
