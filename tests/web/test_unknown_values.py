"""Every referee form refuses a value it does not offer (a seat, a suit, a player count, a house rule's
value, a cell) at the field, with a message in the reader's language that names it, keeping what was
typed; never reads it as a default. The matching API checks answer 400 naming the field."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from referee.rules.checks import answer
from referee.rules.registry import GAMES
from tests.support.client import Browser
from tests.support.dracula import E3 as LAYOUT
from tests.support.phones import english_words

HAND = "AH KS QS 9C JC 10C"

#: (page, posted form, the field refused, words of its message, a value typed that stays in the form).
FORMS: dict[str, list[tuple[str, dict[str, Any], str, str, str]]] = {
    "paks": [
        (
            "/referee/paks/pak",
            {"table_card": "9H", "played": "5H 4H", "decks": "7"},
            "decks",
            "“7” is not one of",
            "5H 4H",
        ),
        (
            "/referee/paks/deal",
            {"side_0": "A", "paks_0": "9H 4H", "side_1": "B", "decks": "2", "opt_throw_off": "coin"},
            "opt_throw_off",
            "“coin” is not one of",
            "9H 4H",
        ),
    ],
    "clabber": [
        (
            "/referee/clabber/trick",
            {"players": "4", "trump": "S", "leader": "N", "card_0": "KH", "last": "maybe"},
            "last",
            "“maybe” is not one of the choices here: Not the last, The last: 10 more",
            "KH",
        ),
        (
            "/referee/clabber/trick",
            {"players": "4", "trump": "S", "leader": "X", "card_0": "KH", "last": "false"},
            "leader",
            "&#39;X&#39; is not a seat at this table",
            "KH",
        ),
        (
            "/referee/clabber/legal",
            {"players": "4", "trump": "Z", "leader": "N", "hand": "10S JH"},
            "trump",
            "Choose the trump suit",
            "10S JH",
        ),
        (
            "/referee/clabber/deal",
            {"players": "5", "makers": "NS", "points_0": "100", "points_1": "62"},
            "players",
            "Clabber is played by 2, 3, 4 or 6 players",
            "100",
        ),
        (
            "/referee/clabber/deal",
            {"players": "4", "makers": "NS", "points_0": "100", "points_1": "62", "bell": "ZZ"},
            "bell",
            "“ZZ” is not one of the choices here: NS, EW",
            "100",
        ),
        (
            "/referee/clabber/deal",
            {"players": "4", "makers": "QQ", "points_0": "100", "points_1": "62"},
            "makers",
            "“QQ” is not one of the choices here: NS, EW",
            "62",
        ),
        (
            "/referee/clabber/bid",
            {"players": "4", "turn_up": "10D", "round": "3", "hand": HAND, "dealer": "no"},
            "round",
            "“3” is not one of",
            HAND,
        ),
        (
            "/referee/clabber/bid",
            {"players": "4", "turn_up": "10D", "round": "1", "hand": HAND, "dealer": "perhaps"},
            "dealer",
            "“perhaps” is not one of the choices here: No, Yes",
            HAND,
        ),
        (
            "/referee/clabber/melds",
            {"players": "4", "trump": "H", "hand_0": "KH QH", "opt_meld_scope": "zzz"},
            "opt_meld_scope",
            "“zzz” is not one of",
            "KH QH",
        ),
        (
            "/referee/clabber/end",
            {"side_0": "NS", "total_0": "1", "side_1": "EW", "total_1": "2", "opt_game_tie": "coin"},
            "opt_game_tie",
            "“coin” is not one of the choices here: a draw, play another deal",
            "NS",
        ),
    ],
    "dracula": [
        (
            "/referee/dracula/coffin",
            LAYOUT | {"players": "7"},
            "players",
            "“7” is not one of the choices here: 2 players, 3 players, 4 players",
            "KD",
        ),
        (
            "/referee/dracula/coffin",
            LAYOUT | {"players": "2", "opt_all_tied": "zz"},
            "opt_all_tied",
            "“zz” is not one of",
            "KD",
        ),
        (
            "/referee/dracula/placement",
            {"r2c2": "7H", "cell": "r9c9", "first_card_4p": "centre"},
            "cell",
            "“r9c9” is not one of the choices here: r1c1",
            "7H",
        ),
        (
            "/referee/dracula/placement",
            {"r2c2": "7H", "cell": "r1c2", "first_card_4p": "q"},
            "first_card_4p",
            "“q” is not one of",
            "7H",
        ),
        (
            "/referee/dracula/order",
            {"centre": "7H", "by_0": "nobody", "cell_0": "r1c2", "card_0": "2C"},
            "by_0",
            "“nobody” is not one of the choices here: Non-dealer, Dealer",
            "2C",
        ),
        (
            "/referee/dracula/order",
            {"centre": "7H", "by_0": "dealer", "cell_0": "r5c5", "card_0": "2C"},
            "cell_0",
            "“r5c5” is not one of",
            "2C",
        ),
        (
            "/referee/dracula/game",
            {"game_tie": "coin"} | {f"{side}_{n}": "1" for n in range(1, 7) for side in ("queen", "king")},
            "game_tie",
            "“coin” is not one of",
            "",
        ),
    ],
    "zhengfen": [
        (
            "/referee/zhengfen/trick",
            {"players": "4", "who_0": "F", "cards_0": "5S"},
            "who_0",
            "“F” is not a player at this table; with 4 players they are A, B, C, D",
            "5S",
        ),
        (
            "/referee/zhengfen/trick",
            {"players": "4", "who_0": "A", "cards_0": "5S", "out": "E"},
            "out",
            "“E” is not a player at this table",
            "5S",
        ),
        (
            "/referee/zhengfen/trick",
            {"players": "9", "who_0": "A", "cards_0": "5S"},
            "players",
            "“9” is not one of the choices here: 3, 4, 5, 6",
            "5S",
        ),
        (
            "/referee/zhengfen/deal",
            {"players": "4", "place_0": "Z", "place_1": "B", "place_2": "C", "cards_0": "5S"},
            "order",
            "&#39;Z&#39; is not a player here; the players are A, B, C, D",
            "5S",
        ),
        (
            "/referee/zhengfen/classify",
            {"cards": "5S 5H", "opt_specials": "zz"},
            "opt_specials",
            "“zz” is not one of",
            "5S 5H",
        ),
        (
            "/referee/zhengfen/beats",
            {"current": "8H", "play": "9H", "opt_wild_range": "zz"},
            "opt_wild_range",
            "“zz” is not one of",
            "9H",
        ),
    ],
    "iceberg": [
        (
            "/referee/iceberg/meld",
            {"cards": "QH QS QD", "decks": "3"},
            "decks",
            "“3” is not one of the choices here: 2 or 3: one deck, 4 to 6: two decks",
            "QH QS QD",
        ),
        (
            "/referee/iceberg/layoff",
            {"meld": "5H 6H 7H", "cards": "8H", "decks": "one"},
            "decks",
            "“one” is not one of",
            "5H 6H 7H",
        ),
        (
            "/referee/iceberg/leftover",
            {"hand": "4H", "decks": "1", "opt_penalty": "zz"},
            "opt_penalty",
            "“zz” is not one of",
            "4H",
        ),
    ],
}
CASES = [
    pytest.param(*case, id=f"{game}:{case[0].rsplit('/', 1)[-1]}:{case[2] or 'ok'}")
    for game, cases in FORMS.items()
    for case in cases
]


@pytest.mark.parametrize(("url", "data", "field", "message", "kept"), CASES)
def test_a_referee_form_refuses_an_unknown_value_at_its_field(
    browser: Browser, url: str, data: dict[str, Any], field: str, message: str, kept: str
) -> None:
    response = browser.submit(url, data)
    page = response.get_data(as_text=True)
    if not field:  # a field the page does not have is not read at all
        assert response.status_code == 200, page
        return
    assert response.status_code == 400, page
    shown = re.search(rf'<p class="error"[^>]*id="{field}-error"[^>]*>(.*?)</p>', page, re.S)
    assert shown, f"no message at {field}"
    assert message in shown.group(1)
    assert kept in page


def test_a_clabber_link_naming_an_unknown_player_count_is_refused_at_the_field(client: FlaskClient) -> None:
    response = client.get("/referee/clabber/deal?players=5")
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert 'id="players-error"' in page and "Clabber is played by 2, 3, 4 or 6 players" in page
    assert client.get("/referee/clabber/trick?players=6").status_code == 200


JA_CASES = [
    ("/referee/clabber/trick", {"players": "4", "trump": "S", "leader": "N", "card_0": "KH", "last": "maybe"}, "last"),
    ("/referee/dracula/order", {"centre": "7H", "by_0": "nobody", "cell_0": "r1c2", "card_0": "2C"}, "by_0"),
    ("/referee/zhengfen/trick", {"players": "4", "who_0": "F", "cards_0": "5S"}, "who_0"),
    ("/referee/iceberg/meld", {"cards": "QH QS QD", "decks": "3"}, "decks"),
    ("/referee/paks/pak", {"table_card": "9H", "played": "5H 4H", "decks": "7"}, "decks"),
]


@pytest.mark.parametrize(("url", "data", "field"), JA_CASES, ids=[c[0] for c in JA_CASES])
def test_the_refusal_reads_japanese(client: FlaskClient, url: str, data: dict[str, Any], field: str) -> None:
    browser = Browser(client)
    client.set_cookie("lang", "ja")
    page = browser.submit(url, data).get_data(as_text=True)
    shown = re.search(rf'<p class="error"[^>]*id="{field}-error"[^>]*>(.*?)</p>', page, re.S)
    assert shown, page
    text = html.unescape(re.sub(r"<[^>]+>", " ", shown.group(1)))
    assert "ここで選べる値ではありません" in text or "この卓のプレイヤーではありません" in text, text
    assert english_words(text, ["maybe", "nobody"]) == [], text


#: (game, check, request, the field a 400 names).
API = [
    ("paks", "pak", {"table_card": "9H", "played": ["5H", "4H"], "decks": 3}, "decks"),
    (
        "paks",
        "steal",
        {"pak_suit": "X", "stolen_suits": [], "victim_paks": [["5H", "4H", "KH"]], "played": ["3H", "2H"]},
        "pak_suit",
    ),
    (
        "paks",
        "deal",
        {"sides": [{"name": "A", "paks": [["9H", "4H"]]}, {"name": "B", "paks": []}], "options": {"throw_off": "zz"}},
        "options.throw_off",
    ),
    ("clabber", "trick", {"trump": "S", "plays": [{"seat": "Q", "card": "KH"}]}, "plays"),
    ("clabber", "trick", {"trump": "S", "plays": [{"seat": "N", "card": "KH"}], "last": "maybe"}, "last"),
    ("clabber", "legal", {"trump": "H", "seat": "Z", "hand": ["9H"], "trick": []}, "seat"),
    ("clabber", "melds", {"trump": "X", "hands": {"N": ["KH"]}}, "trump"),
    ("clabber", "deal", {"makers": "NS", "points": {"NS": 100, "EW": 62}, "bells": {"ZZ": 20}}, "bells"),
    ("clabber", "deal", {"makers": "NS", "points": {"NS": 100, "EW": 62}, "players": 5}, "players"),
    ("clabber", "bid", {"turn_up": "10D", "round": 3, "hand": ["AH"]}, "round"),
    ("clabber", "end", {"totals": {"NS": 1, "EW": 2}, "options": {"game_tie": "coin"}}, "options.game_tie"),
    (
        "dracula",
        "coffin",
        {"layout": [["7H", "8H", "9H"], ["2C", "QS", "5D"], ["KD", "4C", "10S"]], "players": 5},
        "players",
    ),
    ("dracula", "placement", {"layout": [[None] * 3, [None, "7H", None], [None] * 3], "cell": "r9c9"}, "cell"),
    ("dracula", "order", {"centre": "7H", "moves": [{"by": "X", "cell": "r1c2", "card": "2C"}]}, "moves"),
    ("dracula", "game", {"deals": [{"queen": 1, "king": 1}] * 5 + [{"queen": 1, "jack": 1}]}, "deals"),
    ("zhengfen", "deal", {"order": ["B", "D", "A", "C"], "captured": {"Z": ["5S"]}}, "captured"),
    ("zhengfen", "beats", {"current": ["8H"], "play": ["9H"], "options": {"specials": "zz"}}, "options.specials"),
    ("iceberg", "meld", {"cards": ["QH", "QS", "QD"], "decks": 3}, "decks"),
    ("iceberg", "leftover", {"hand": ["4H"], "table": [], "options": {"penalty": "zz"}}, "options.penalty"),
]


@pytest.mark.parametrize(("game", "check", "body", "field"), API, ids=[f"{g}-{c}-{f}" for g, c, _b, f in API])
def test_the_api_refuses_an_unknown_value_naming_the_field(
    game: str, check: str, body: dict[str, Any], field: str
) -> None:
    status, result = answer(GAMES[game].checks[check], body)
    assert status == 400, result
    assert result["error"]["field"] == field
