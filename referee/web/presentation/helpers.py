"""Template helpers: cards with suit signs, rule citations, option descriptions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime
from functools import lru_cache
from typing import Any

from flask import Flask, g, url_for
from flask_babel import format_date
from markupsafe import Markup, escape

from referee.cards import SUIT_SYMBOLS, SUITS, Pack, card_tokens, parse_card
from referee.errors import InputError
from referee.messages import Message, Param
from referee.rules.game import Game, MatchSetup, playing_to
from referee.rules.registry import GAMES
from referee.web.forms.common import error_summary
from referee.web.game_ui import game_ui
from referee.web.http.i18n import language


def card_html(token: object) -> Markup:
    """``10H`` → ``10♥`` in red; anything that is not a card is shown escaped, as typed.

    A sheet shows tens of thousands of cards: each token's markup is built once and then looked up.
    """
    if token is None or token == "":
        return _EMPTY_CARD
    if isinstance(token, str):
        return _card_markup(token)
    return _build_card_markup(token)


_EMPTY_CARD = Markup('<span class="card empty">·</span>')


@lru_cache(maxsize=4096, typed=True)
def _card_markup(token: str) -> Markup:
    return _build_card_markup(token)


def _build_card_markup(token: object) -> Markup:
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
        tokens = card_tokens(tokens)
    return Markup(" ".join([card_html(t) for t in tokens or []]))


@lru_cache(maxsize=8192, typed=True)
def suit_signs(text: str) -> Markup:
    """Escape ``text`` and show backticked cards (`10H`, or a group `8S 8H 9D`) with suit signs.

    Explanations repeat the same sentences deal after deal, so each text's markup is kept.
    """
    parts = str(text).split("`")
    out: list[str] = []
    for i, part in enumerate(parts):
        if i % 2 == 1:
            tokens = card_tokens(part)
            if tokens and all(_is_card(t) for t in tokens):
                out.append(cards_html(tokens))
            else:
                out.append(Markup("<code>{}</code>").format(part))
        else:
            out.append(escape(part))
    return Markup("".join(out))


@lru_cache(maxsize=4096)
def _is_card(token: str) -> bool:
    try:
        parse_card(token)
    except InputError:
        return False
    return True


def clause_url(rule: str) -> str | None:
    """Where clause ``rule`` (``paks-4.2``) is printed: its anchor on the game's rule card.

    A sheet cites hundreds of clauses: each game's card address is worked out once per request.
    """
    slug = str(rule).split("-", 1)[0]
    if slug not in GAMES:
        return None
    cards: dict[str, str] = g.setdefault("rulecard_urls", {})
    if slug not in cards:
        cards[slug] = url_for("printables.rulecard", slug=slug)
    return f"{cards[slug]}#{rule}"


def clause_chip(rule: str) -> Markup:
    """A cited clause as a chip that links to that clause on the rule card."""
    url = clause_url(rule)
    if url is None:
        return Markup('<span class="rule">{}</span>').format(rule)
    return Markup('<a class="rule" href="{}">{}</a>').format(url, rule)


def clause_anchor(rule: str) -> Markup:
    """The ``id`` attribute that makes a rule card's first citation of ``rule`` the target of its chips.

    A card may cite a clause more than once; only the first citation in a page carries the id,
    so ids stay unique.
    """
    seen: set[str] = g.setdefault("clause_anchors", set())
    if rule in seen:
        return Markup("")
    seen.add(rule)
    return Markup(' id="{}"').format(rule)


def local_date(moment: datetime) -> str:
    """A stored time (naive UTC) as the date where the app runs: at the table, the players' date.

    ISO form (``2026-11-24``) reads the same in every language.
    """
    return moment.replace(tzinfo=UTC).astimezone().date().isoformat()


def long_date(moment: datetime | date) -> str:
    """A date written out in the reader's language: ``24 November 2026``, ``2026年11月24日``."""
    return format_date(moment, "dd MMMM y" if language() == "en" else "long")


def option_rows(game: Game, options: dict[str, Any], players: int) -> list[tuple[Message, Param, str, bool]]:
    """(label, value, clause, is_default) for each of a game's options that matters for ``players``."""
    rows: list[tuple[Message, Param, str, bool]] = []
    for option in game.options:
        if not option.applies_to(players):
            continue
        value = options.get(option.id, option.default)
        rows.append((option.label, option.describe(value), option.clause, value == option.default))
    return rows


def house_target(game: Game, setup: MatchSetup) -> Message | None:
    """The words "Playing to 750" for a match whose house rule sets a target other than the rules' own, else
    None: a printed sheet says it at its head, where the players look for it."""
    option = next((o for o in game.options if o.id == "target"), None)
    target = game.target(setup)
    if option is None or target is None or setup.options.get("target", option.default) == option.default:
        return None
    return playing_to(target)


def pack_picker(pack: Pack, used: list[str] | None = None) -> dict[str, Any]:
    """What the card picker needs: the cards that exist, their copies, and those used elsewhere."""
    return {
        "ranks": list(pack.ranks),
        "suits": list(SUITS),
        "jokers": dict(pack.jokers),
        "decks": pack.decks,
        "used": list(used or []),
    }


def picker_config(game: Game, setup: MatchSetup, entries: Sequence[Mapping[str, Any]], number: int) -> dict[str, Any]:
    return pack_picker(game.pack(setup), game.cards_used_elsewhere(setup, entries, number))


def combine_attrs(first: dict[str, Any], second: dict[str, Any]) -> dict[str, Any]:
    return {**first, **second}


@lru_cache(maxsize=256)
def qr_svg(url: str) -> Markup:
    """A QR code of ``url`` as inline SVG (no script, no image request), made once per link."""
    import segno

    svg = segno.make(url, error="m").svg_inline(scale=4, dark="#1c1b19", light="#ffffff", omitsize=True)
    return Markup(svg)


def game_stylesheet(slug: str) -> str:
    """The address of a game's own stylesheet (:attr:`GameUI.stylesheet`)."""
    return url_for("static", filename=game_ui(slug).stylesheet)


def register(app: Flask) -> None:
    app.add_template_filter(card_html, "card")
    app.add_template_filter(cards_html, "cards")
    app.add_template_filter(suit_signs, "signs")
    app.add_template_filter(combine_attrs, "combine_attrs")
    app.add_template_filter(qr_svg, "qr")
    app.add_template_filter(clause_chip, "chip")
    app.add_template_filter(local_date, "local_date")
    app.add_template_filter(long_date, "long_date")
    app.add_template_global(clause_anchor, "clause_anchor")
    app.add_template_global(error_summary, "error_summary")
    app.add_template_global(house_target, "house_target")
    app.add_template_global(game_stylesheet, "game_stylesheet")

    @app.context_processor
    def games() -> dict[str, Any]:
        return {"all_games": list(GAMES.values())}
