"""The JSON Schemas of the API's requests and answers, for the OpenAPI description.

One source for each kind of thing: a house option's schema is made from its :class:`Option`
declaration, a request field that is a field of a game's typed deal entry from that field's declaration
(:func:`entry_fields`), every check answers with ``explanation``, every refusal with the error object. The
documented fields of shared/API.md are listed per check in :data:`REQUESTS` and :data:`ANSWERS`;
every registered check must be listed in both (:func:`missing_schemas`, named by the test of a
game's parts): a check without them has no description, rather than an empty one.
Schemas say what a field *is*; what makes a value acceptable (a card of the pack, a seat of the
table) is the check's own reading, answered with a 400 that the error schema describes.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from typing import Annotated, Any

from referee.cards import SUIT_SPELLINGS, Card
from referee.rules.clabber.entry import Played
from referee.rules.game import NAME as NAMED  # what an entry's declaration says is a name (NAME is its schema)
from referee.rules.game import Entry
from referee.rules.options import Option
from referee.rules.zhengfen.entry import ZhengFenEntry
from referee.rules.zhengfen.scoring import Haul

Schema = dict[str, Any]

STRING: Schema = {"type": "string"}
INTEGER: Schema = {"type": "integer"}
BOOLEAN: Schema = {"type": "boolean"}
NAME: Schema = {"type": "string", "description": "a seat, side or player name as the request uses it"}
CARD: Schema = {
    "type": "string",
    "description": "rank then suit, case-insensitive: `10H`, `AS`, `th`, `9♥`; jokers `JO`, `SJ`, `BJ`",
}
CARDS: Schema = {
    "description": "a card list, or one string of cards separated by spaces or commas",
    "anyOf": [{"type": "array", "items": CARD}, STRING],
}


def _any_case(word: str) -> str:
    return "".join(f"[{ch}{ch.lower()}]" if ch.isalpha() else ch for ch in word)


SUIT: Schema = {
    "type": "string",
    "pattern": "^ *(?:" + "|".join(_any_case(word) for word in SUIT_SPELLINGS) + ") *$",
    "description": "a suit letter S, H, D or C, its sign or its English name, in any case",
}
PLAYERS: Schema = {"type": "integer", "description": "how many play: one of the game's numbers of players"}
DECKS: Schema = {"type": "integer", "enum": [1, 2], "description": "where the game may use one or two decks"}
CELL: Schema = {"anyOf": [CARD, {"type": "null"}]}
LAYOUT: Schema = {
    "type": "array",
    "description": "three rows of three cells, top row first",
    "items": {"type": "array", "items": CELL},
}
SCORES: Schema = {"type": "object", "additionalProperties": INTEGER}
#: A count of a Zheng Fen pile's 5s, 10s or kings, as its reader takes it (digits or a blank, as a form sends them).
POINT_CARDS: Schema = {"type": ["integer", "string", "null"], "description": "0 to 4; blank or null for none"}
PILE: Schema = {
    "description": "a pile's cards (cards without points may be left out), or the count of its point cards "
    '`{"5": n, "10": n, "K": n}`, or both as `{"cards": [...], "5": n, ...}`, which must agree; null: none',
    "anyOf": [
        *CARDS["anyOf"],
        {"type": "object", "properties": {"cards": CARDS, **dict.fromkeys(("5", "10", "K"), POINT_CARDS)}},
        {"type": "null"},
    ],
}


def array(items: Schema) -> Schema:
    return {"type": "array", "items": items}


def mapping(values: Schema) -> Schema:
    return {"type": "object", "additionalProperties": values}


def optional(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


#: The schema of each value a typed entry's field holds, by its type or by what its declaration says it is.
VALUES: Mapping[object, Schema] = {
    str: STRING,
    int: INTEGER,
    bool: BOOLEAN,
    Card: CARD,
    Haul: PILE,
    NAMED: NAME,
}


def value_schema(declared: Any) -> Schema:
    """The schema of a typed entry field's value, from its declared type: an ``Annotated`` type by what it
    says (:data:`VALUES`), a tuple of cards as a card list, any other tuple as an array, a mapping as an
    object of its values, an optional type as that or null. A type without a schema is a KeyError naming it."""
    origin, args = typing.get_origin(declared), typing.get_args(declared)
    if origin is Annotated:
        said = [VALUES[meta] for meta in args[1:] if meta in VALUES]
        return said[0] if said else value_schema(args[0])
    if origin is tuple and args[1:] == (Ellipsis,):
        return CARDS if args[0] is Card else array(value_schema(args[0]))
    if origin in (Mapping, dict):
        return mapping(value_schema(args[1]))
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        (value,) = (arg for arg in args if arg is not type(None))
        return optional(value_schema(value))
    return VALUES[declared]


def entry_fields(entry: type[Entry], *names: str) -> dict[str, Schema]:
    """Request fields that are fields of a game's typed deal entry, each described from its declaration."""
    declared = typing.get_type_hints(entry, include_extras=True)
    return {name: value_schema(declared[name]) for name in names}


def entry_field(entry: type[Entry], name: str) -> Schema:
    return entry_fields(entry, name)[name]


LANGUAGES = ("en", "ja")
LANG: Schema = {
    "type": "string",
    "enum": list(LANGUAGES),
    "description": "the language of the answer's texts (`en` or `ja`); without it, the `lang` query parameter, "
    "then the `Accept-Language` header; the numbers are the same in every language",
}
PARAMS: Schema = {
    "type": "object",
    "description": 'the message\'s parameters: plain values, or nested `{"message": {id, params}}` and '
    '`{"join": [...], "separator"}`',
}
MESSAGE: Schema = {
    "type": "object",
    "description": "the sentence as a message id (its English text with {placeholders}) and parameters, "
    "to render it again in any language",
    "required": ["id", "params"],
    "properties": {"id": STRING, "params": PARAMS, "plural": STRING},
}
STEP: Schema = {
    "type": "object",
    "required": ["text", "rule"],
    "properties": {
        "text": {"type": "string", "description": "the step in the answer's language"},
        "rule": {"type": "string", "description": "a clause id of the game's rule card"},
        "message": MESSAGE,
    },
}
EXPLANATION: Schema = array(STEP)
ERROR: Schema = {
    "type": "object",
    "required": ["error"],
    "properties": {
        "error": {
            "type": "object",
            "required": ["code", "message"],
            "properties": {
                "code": STRING,
                "message": {"type": "string", "description": "the error in the answer's language"},
                "field": STRING,
                "location": {
                    "type": "array",
                    "items": {"type": ["string", "integer"]},
                    "description": 'the place inside the field\'s value: `["paks", "Ann", 2]` is Ann\'s second pak',
                },
                "message_id": {"type": "string", "description": "the message id of the error (see `message`)"},
                "params": PARAMS,
                "errors": {
                    "type": "array",
                    "items": {"type": "object"},
                    "description": "when the request has several independent mistakes, every one of them, each "
                    "an object like this one (`code`, `message`, `field`, `location`, …); this object is the first",
                },
            },
        }
    },
}
CLAIM: Schema = {
    "type": ["object", "null"],
    "description": "the score a side claims: side name → points as in the answer's scores, optionally with "
    "`items`, each side's claimed items by name; judged in the answer's `claim` (null: no claim)",
    "properties": {"items": mapping(mapping(INTEGER))},
    "additionalProperties": INTEGER,
}
CLAIM_VERDICT: Schema = {
    "type": "object",
    "required": ["agreed", "differences", "missed", "explanation"],
    "properties": {
        "agreed": BOOLEAN,
        "claimed": SCORES,
        "differences": array(
            {
                "type": "object",
                "required": ["side", "item", "claimed", "ruled", "clause"],
                "properties": {"side": NAME, "item": STRING, "claimed": INTEGER, "ruled": INTEGER, "clause": STRING},
            }
        ),
        "missed": array(
            {
                "type": "object",
                "properties": {
                    "side": NAME,
                    "points": INTEGER,
                    "items": array({"type": "object", "properties": {"item": STRING, "points": INTEGER}}),
                },
            }
        ),
        "explanation": EXPLANATION,
        "claimed_items": {
            **mapping(mapping(INTEGER)),
            "description": "the items the claim gave, side by side as in the request's `claim.items`",
        },
    },
}
PLAYS: Schema = array({"type": "object", "properties": {"seat": NAME, "card": CARD}})
CLABBER_TABLE: Mapping[str, Schema] = {
    "seats": {"description": "seat names clockwise (a list, or one string)"},
    "players": {"type": "integer", "enum": [2, 3, 4, 6], "description": "the variant; default seats when no `seats`"},
}
TOTALS: Mapping[str, Schema] = {"totals": SCORES}
#: Who placed a card of a Dracula deal: the dealer or the non-dealer, by the names the request gives.
PLACER: Schema = {
    "description": "`dealer` or `non-dealer` (`non_dealer` is read the same), or the names given in the request's "
    "`dealer` and `non_dealer`",
    "anyOf": [{"enum": ["dealer", "non-dealer"]}, NAME],
}

#: Request fields per game and check: (required, optional), each a field name → schema.
REQUESTS: Mapping[tuple[str, str], tuple[Mapping[str, Schema], Mapping[str, Schema]]] = {
    ("paks", "pak"): ({"table_card": CARD, "played": CARDS}, {"decks": DECKS, "players": PLAYERS}),
    ("paks", "steal"): (
        {
            "pak_suit": optional(SUIT),
            "victim_paks": array({"anyOf": [CARDS, {"type": "object", "properties": {"owner": NAME, "cards": CARDS}}]}),
            "played": CARDS,
        },
        {"stolen_suits": optional(array(SUIT)), "partners": optional(array(NAME)), "decks": DECKS, "players": PLAYERS},
    ),
    ("paks", "deal"): (
        {
            "sides": array(
                {
                    "type": "object",
                    "properties": {
                        "name": NAME,
                        "paks": array(CARDS),
                        "held": {
                            **mapping({"type": "integer", "minimum": 0}),
                            "description": "quick mode: the side's paks per suit (suit letter, sign or name → count)",
                        },
                        "kept": {
                            "type": "integer",
                            "minimum": 0,
                            "description": "quick mode: the points of the side's paks left after the throw-off",
                        },
                    },
                }
            )
        },
        {
            "decks": DECKS,
            "players": PLAYERS,
            "mode": {
                "enum": ["cards", "quick"],
                "description": "`cards` (default): every pak card by card; `quick`: each side's `held` and `kept`",
            },
        },
    ),
    ("paks", "turn"): (
        {"table": CARDS, "drawn": CARD},
        {
            "hand": CARDS,
            "paks": array(
                {"type": "object", "properties": {"table_card": CARD, "table_cards": CARDS, "played": CARDS}}
            ),
            "steals": array({"type": "object", "properties": {"victim_paks": {"type": "array"}, "played": CARDS}}),
            "player": NAME,
            "partners": optional(array(NAME)),
            "decks": DECKS,
            "players": PLAYERS,
        },
    ),
    ("paks", "end"): (TOTALS, {}),
    ("clabber", "melds"): ({"trump": SUIT, "hands": mapping(CARDS)}, CLABBER_TABLE),
    ("clabber", "trick"): ({"trump": SUIT, "plays": PLAYS}, {**CLABBER_TABLE, "last": BOOLEAN}),
    ("clabber", "legal"): (
        {"trump": SUIT, "seat": NAME, "hand": CARDS},
        {"trick": PLAYS, "card": CARD, **CLABBER_TABLE},
    ),
    ("clabber", "end"): (TOTALS, {}),
    ("clabber", "deal"): (
        entry_fields(Played, "makers", "points"),
        {"melds": SCORES, "bells": SCORES, "players": PLAYERS},
    ),
    ("clabber", "bid"): (
        {"turn_up": CARD, "hand": CARDS},
        {
            "players": PLAYERS,
            "round": {"type": "integer", "enum": [1, 2], "description": "the round of bidding"},
            "suit": SUIT,
            "dealer": BOOLEAN,
        },
    ),
    ("dracula", "coffin"): ({"layout": LAYOUT}, {"players": {"type": "integer", "enum": [2, 3, 4]}}),
    ("dracula", "placement"): ({"layout": LAYOUT, "cell": {"type": "string", "description": "r1c1 … r3c3"}}, {}),
    ("dracula", "game"): ({"deals": array(SCORES)}, {}),
    ("dracula", "order"): (
        {
            "centre": CARD,
            "moves": array({"type": "object", "properties": {"by": PLACER, "cell": STRING, "card": CARD}}),
        },
        {
            "dealer": {**NAME, "description": "the dealer's name as `by` gives it; default `dealer`"},
            "non_dealer": {**NAME, "description": "the non-dealer's name as `by` gives it; default `non-dealer`"},
        },
    ),
    ("zhengfen", "classify"): ({"cards": CARDS}, {"declared": {}}),
    ("zhengfen", "beats"): ({"current": CARDS, "play": CARDS}, {"declared": {}, "current_declared": {}}),
    ("zhengfen", "deal"): (
        entry_fields(ZhengFenEntry, "order", "captured"),
        {
            "hands": {
                **mapping(entry_field(ZhengFenEntry, "hand")),
                "description": "the cards left in the last player's hand, under the player's name",
            }
        },
    ),
    ("iceberg", "meld"): ({"cards": CARDS}, {"decks": DECKS}),
    ("iceberg", "layoff"): ({"meld": CARDS, "cards": CARDS}, {"decks": DECKS}),
    ("iceberg", "leftover"): ({"hand": CARDS}, {"table": array(CARDS), "decks": DECKS}),
}

#: What a game's fields must agree on, beyond each field's own schema: Paks's decks follow from its
#: players (2 players use one deck, more use two, paks-1.2).
AGREEMENTS: Mapping[str, Schema] = {
    "paks": {
        "if": {"required": ["players", "decks"], "properties": {"players": {"const": 2}}},
        "then": {"properties": {"decks": {"const": 1}}},
        "else": {
            "if": {"required": ["players", "decks"]},
            "then": {"properties": {"decks": {"const": 2}}},
        },
    },
}

_LEGAL: Mapping[str, Schema] = {"legal": BOOLEAN, "reasons": EXPLANATION}

#: One step of the play that reaches an Iceberg leftover hand's V* (iceberg-6.2).
ICEBERG_PLAN_STEP: Schema = {
    "type": "object",
    "required": ["action", "cards", "points", "steps", "text", "rule"],
    "properties": {
        "action": {"enum": ["ace", "meld", "layoff"]},
        "cards": array(CARD),
        "points": INTEGER,
        "steps": {**array(INTEGER), "description": "what each card or meld step scores, in order"},
        "text": {"type": "string", "description": "the step in the answer's language"},
        "rule": {"type": "string", "description": "a clause id of the game's rule card"},
        "message": MESSAGE,
        "kind": {"enum": ["pair", "set", "run", "special"]},
        "onto": {"type": "integer", "description": "a lay-off's table meld, by its place in `table` (1 = the first)"},
        "meld": {**array(CARD), "description": "that table meld as it lay before the lay-off"},
        "joins": {
            "type": "integer",
            "description": "with `merge_runs`, the table meld this lay-off's card joins to `onto`, one run "
            "(iceberg-4.4); left out when it joins none",
        },
    },
}

#: The documented fields of each check's answer (shared/API.md "answer (at least)"), by type; an
#: answer that cannot compute one (an illegal play has no value) leaves it out.
_ENDING: Mapping[str, Schema] = {
    "finished": BOOLEAN,
    "winner": optional(NAME),
    "another_deal": BOOLEAN,
    "status": STRING,
}

ANSWERS: Mapping[tuple[str, str], Mapping[str, Schema]] = {
    ("paks", "pak"): {**_LEGAL, "value": optional(INTEGER), "target": optional(INTEGER), "decks": DECKS},
    ("paks", "steal"): {**_LEGAL, "value": optional(INTEGER), "target": optional(INTEGER), "decks": DECKS},
    ("paks", "deal"): {
        "scores": SCORES,
        "thrown_off": mapping(array(array(CARD))),
        "decks": DECKS,
        "mode": {"enum": ["quick"], "description": "given for a quick deal, whose paks are not known card by card"},
        "thrown_off_counts": {
            **mapping(mapping(INTEGER)),
            "description": "quick mode, in place of `thrown_off`: each side's paks thrown off per suit name",
        },
        "kept_paks": {**mapping(INTEGER), "description": "quick mode: each side's paks left after the throw-off"},
    },
    ("paks", "turn"): {
        **_LEGAL,
        "draw": {"enum": ["table", "hand", "hidden"]},
        "pak_compulsory": BOOLEAN,
        "missed": {"type": "array"},
        "decks": DECKS,
    },
    ("paks", "end"): _ENDING,
    ("clabber", "end"): {**_ENDING, "drawn": BOOLEAN},
    ("dracula", "order"): {**_LEGAL, "complete": BOOLEAN, "layout": LAYOUT},
    ("clabber", "melds"): {"winner": optional({"type": "object"}), "bells": SCORES, "team_points": SCORES},
    ("clabber", "trick"): {"winner": NAME, "points": INTEGER},
    ("clabber", "legal"): {"legal_cards": array(CARD)},
    ("clabber", "deal"): {"made": BOOLEAN, "scores": SCORES, "marks": mapping(STRING)},
    ("clabber", "bid"): {**_LEGAL},
    ("dracula", "coffin"): {**_LEGAL, "rows": array(INTEGER), "columns": array(INTEGER), "scores": SCORES},
    ("dracula", "placement"): {**_LEGAL},
    ("dracula", "game"): {"totals": SCORES, "final": SCORES, "winner": optional(NAME)},
    ("zhengfen", "classify"): {
        **_LEGAL,
        "type": optional(STRING),
        "key": optional(STRING),
        "length": optional(INTEGER),
        "jokers": mapping(STRING),
    },
    ("zhengfen", "beats"): {**_LEGAL, "beats": BOOLEAN},
    ("zhengfen", "deal"): {"scores": SCORES},
    ("iceberg", "meld"): {**_LEGAL, "kind": optional(STRING), "points": optional(INTEGER)},
    ("iceberg", "layoff"): {**_LEGAL, "points": optional(INTEGER)},
    ("iceberg", "leftover"): {
        **_LEGAL,
        "hand": array(CARD),
        "best_points": {
            **optional(INTEGER),
            "description": "V*, the most the hand can still score (iceberg-6.2); null when a table meld is no "
            "legal meld (`legal` false, iceberg-9.5): the hand is then not valued",
        },
        "unplayed": {
            **array(CARD),
            "description": "U, the cards left over (iceberg-6.3); the whole hand when it is not valued",
        },
        "penalty": {
            **optional(INTEGER),
            "description": "the leftover penalty (iceberg-6.4, 8.3); null when the hand is not valued",
        },
        "plan": array(ICEBERG_PLAN_STEP),
        "decks": DECKS,
    },
}


def option_schema(option: Option) -> Schema:
    """The schema of one house option, from its declaration (kind, choices, bounds)."""
    described = {"description": f"{option.label} ({option.clause}); default {option.default!r}"}
    if option.kind == "bool":
        return {**described, "type": "boolean"}
    if option.kind == "int":
        bounds = {"minimum": option.minimum, "maximum": option.maximum, "multipleOf": option.step}
        return {**described, "type": "integer", **{k: v for k, v in bounds.items() if v is not None}}
    if option.kind == "int_map":
        number = {"type": "integer", "minimum": 0, **({"maximum": option.maximum} if option.maximum else {})}
        keys = {str(key): number for key in option.choices}
        return {**described, "type": "object", "properties": keys, "additionalProperties": False}
    if option.kind == "subset":
        return {**described, "type": "array", "items": {"enum": list(option.choices)}, "uniqueItems": True}
    return {**described, "enum": list(option.choices)}


def options_schema(options: Sequence[Option]) -> Schema:
    return {
        "type": "object",
        "description": "house rules; each left out takes its default",
        "properties": {option.id: option_schema(option) for option in options},
        "additionalProperties": False,
    }


def missing_schemas(game: str, checks: Iterable[str]) -> list[str]:
    """The checks of ``game`` whose request or answer is not described here."""
    return [check for check in checks if (game, check) not in REQUESTS or (game, check) not in ANSWERS]


def request_schema(
    game: str, check: str, options: Sequence[Option], player_counts: Sequence[int], *, claims: bool = False
) -> Schema:
    """``player_counts``: the numbers of players the game is played by, which ``players`` takes;
    ``claims``: the check judges an optional ``claim`` (a check that scores declares so)."""
    required, more = REQUESTS[(game, check)]
    properties = {**required, **more, "options": options_schema(options), "lang": LANG}
    if properties.get("players") is PLAYERS:
        properties["players"] = {**PLAYERS, "enum": list(player_counts)}
    if claims:
        properties["claim"] = CLAIM
    agreement = AGREEMENTS.get(game) if {"players", "decks"} <= set(properties) else None
    return {"type": "object", "required": list(required), "properties": properties, **(agreement or {})}


def answer_schema(game: str, check: str, *, claims: bool = False) -> Schema:
    """``claims``: the answer carries the ``claim`` verdict when the request made one."""
    properties = {**ANSWERS[(game, check)], "explanation": EXPLANATION}
    if claims:
        properties["claim"] = CLAIM_VERDICT
    return {"type": "object", "required": ["explanation"], "properties": properties}
