"""The Clabber checks of the JSON API: ``melds``, ``trick``, ``legal``, ``deal`` (shared/API.md), and ``bid``.

Seats default to ``N E S W`` (partners NS and EW); an optional ``seats`` list names the seats of
another variant clockwise (2, 3 or 6 players). ``deal`` takes its sides from the keys of
``points`` and an optional ``players`` count.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.cards import Card
from referee.errors import FieldError, Gathering
from referee.explain import Explanation
from referee.messages import Message, msg
from referee.rules.checks import Body, Check, as_int
from referee.rules.clabber.bidding import judge_bid
from referee.rules.clabber.ending import judge_end
from referee.rules.clabber.inputs import read_cards, read_plays, read_side_numbers, read_table, readable_cards
from referee.rules.clabber.melds import Declaration, Meld, judge_melds
from referee.rules.clabber.options import ClabberOptions
from referee.rules.clabber.scoring import (
    check_bells,
    check_meld_points,
    check_points,
    check_sides,
    fill_points,
    score_deal,
)
from referee.rules.clabber.tricks import judge_trick, legal_play
from referee.rules.clabber.values import (
    BIDDING_HAND_SIZES,
    LAST_TRICK,
    PACK,
    Place,
    Table,
    check_once,
    parse_suit,
    players_message,
)
from referee.rules.claims import Item, Ruling
from referee.rules.game import Side
from referee.rules.seating import SIDE, named


def _boolean(body: Body, name: str) -> bool:
    value = body.raw(name, False)
    if not isinstance(value, bool):
        raise FieldError(msg("`{name}` is true or false, not {value}", name=name, value=repr(value)), field=name)
    return value


def _meld(meld: Meld) -> dict[str, Any]:
    return {"meld": meld.kind, "points": meld.points, "cards": [str(c) for c in meld.cards]}


def _declaration(declaration: Declaration) -> dict[str, Any]:
    return {"seat": declaration.seat, "team": declaration.team, "melds": [_meld(m) for m in declaration.melds]}


#: Seat names when a request gives ``players`` but no ``seats``: N E S W for four (partners
#: opposite), letters otherwise (clabber-10.1 to 10.3; with 6, A C E against B D F).
DEFAULT_SEATS: dict[int, tuple[str, ...]] = {
    2: ("A", "B"),
    3: ("A", "B", "C"),
    4: ("N", "E", "S", "W"),
    6: ("A", "B", "C", "D", "E", "F"),
}


def read_seats(body: Body) -> Table:
    """The table from ``seats``, or from ``players`` (2, 3, 4 or 6) with the default seat names."""
    players = body.integer("players") if body.has("players") else None
    if players is not None and players not in DEFAULT_SEATS:
        raise FieldError(players_message(players), field="players")
    seats = body.raw("seats", None)
    if seats is None and players is not None:
        return Table(DEFAULT_SEATS[players])
    table = read_table(seats)
    if players is not None and table.count != players:
        raise FieldError(
            msg("`seats` names {count} seats but `players` is {players}", count=table.count, players=players),
            field="players",
        )
    return table


def melds(data: Mapping[str, Any]) -> dict[str, Any]:
    body = Body(data)
    options = body.options(ClabberOptions)
    table = read_seats(body)
    gathering = Gathering()
    trump = gathering.attempt(parse_suit, body.raw("trump"), "trump")
    hands = gathering.attempt(_hands, table, body)
    gathering.check()  # a bad trump and every bad hand at once
    assert trump is not None and hands is not None
    verdict = judge_melds(table, hands, trump, scope=options.meld_scope)
    winner = verdict.winner
    return {
        "winner": (
            None
            if winner is None
            else {
                "seat": winner.seat,
                "team": winner.team,
                "meld": winner.best.kind,
                "points": winner.best.points,
            }
        ),
        "winning_cards": [] if winner is None else [str(c) for c in winner.best.cards],
        "dead_tie": verdict.dead_tie,
        "declared": [_declaration(d) for d in verdict.declarations],
        "scored": {team: [_meld(m) for m in melds] for team, melds in verdict.scored.items()},
        "bell_seat": verdict.bell_seat,
        "meld_points": verdict.meld_points,
        "bells": verdict.bells,
        "team_points": verdict.team_points,
        "explanation": verdict.explanation.as_list(),
    }


def _hands(table: Table, body: Body) -> dict[str, list[Card]]:
    """Each seat's hand: every seat's bad card or seat name at once, then no card in two hands (clabber-1.2)."""
    hands: dict[str, list[Card]] = {}
    gathering = Gathering()
    for key, value in body.mapping("hands").items():
        seat = gathering.attempt(table.seat, key, "hands")
        if seat is None:
            continue
        if seat in hands:
            gathering.errors.append(
                FieldError(msg("{seat}'s hand is given twice", seat=seat), field="hands", location=("hands", seat))
            )
            continue
        hand = gathering.attempt(read_cards, value, table.hand_size, f"hands.{seat}", _hand(seat), ("hands", seat))
        # A hand with a bad card still has its other cards checked against the other hands.
        hands[seat] = hand if hand is not None else readable_cards(value)
    gathering.attempt(
        check_once, ((cards, Place(_hand(seat), "hands", ("hands", seat))) for seat, cards in hands.items())
    )
    gathering.check()
    return hands


def trick(data: Mapping[str, Any]) -> dict[str, Any]:
    body = Body(data)
    body.options(ClabberOptions)
    table = read_seats(body)
    trump = parse_suit(body.raw("trump"), "trump")
    plays = read_plays(body.raw("plays"), table, "plays")
    check_once([([p.card for p in plays], Place(msg("the trick"), "plays"))])
    result = judge_trick(table, plays, trump, last=_boolean(body, "last"))
    return {
        "winner": result.winner,
        "card": str(result.card),
        "points": result.points,
        "complete": result.complete,
        "explanation": result.explanation.as_list(),
    }


def legal(data: Mapping[str, Any]) -> dict[str, Any]:
    body = Body(data)
    options = body.options(ClabberOptions)
    table = read_seats(body)
    trump = parse_suit(body.raw("trump"), "trump")
    seat = table.seat(body.raw("seat"), "seat")
    hand = read_cards(body.raw("hand"), table.hand_size, "hand")
    plays = read_plays(body.raw("trick", []), table, "trick")
    card = PACK.parse_one(body.raw("card"), field="card") if body.has("card") else None
    trick_place = Place(msg("the trick"), "trick")
    check_once([(hand, Place(_hand(seat), "hand")), ([p.card for p in plays], trick_place)])
    if card is not None and card not in hand:
        check_once([([p.card for p in plays], trick_place), ([card], Place(msg("card"), "card"))])
    verdict = legal_play(
        table,
        seat,
        hand,
        plays,
        trump,
        undertrump=options.undertrump,
        partner_exemption=options.partner_exemption,
        card=card,
    )
    answer: dict[str, Any] = {
        "legal_cards": [str(c) for c in verdict.legal_cards],
        "explanation": verdict.explanation.as_list(),
    }
    if card is not None:  # the card asked about: its reasons are given even when it may be played
        answer |= {"card": str(card), "legal": verdict.legal, "reasons": verdict.reasons.as_list()}
    return answer


def _hand(seat: str) -> Message:
    return msg("{seat}'s hand", seat=seat)


def _players(body: Body, sides: int) -> int:
    """The variant: 3 sides are 3 players; 2 sides are 4 players unless ``players`` says 2 or 6."""
    if sides not in (2, 3):
        raise FieldError(
            msg("`points` names each side once: 2 teams or players, or 3 players, not {sides}", sides=sides),
            field="points",
        )
    default = 3 if sides == 3 else 4
    players = body.integer("players", default=default)
    if players not in (2, 3, 4, 6):
        raise FieldError(players_message(players), field="players")
    if (players == 3) != (sides == 3):
        raise FieldError(
            msg(
                "{players} players score as {scoring} sides, not {sides}",
                players=players,
                scoring=3 if players == 3 else 2,
                sides=sides,
            ),
            field="points",
        )
    return players


def deal(data: Mapping[str, Any]) -> dict[str, Any]:
    body = Body(data)
    options = body.options(ClabberOptions)
    given = body.mapping("points")
    players = _players(body, len(given))
    sides = [str(key) for key in given]
    if not all(isinstance(key, str) and key.strip() for key in given):
        raise FieldError(msg("side names are non-empty strings"), field="points")
    # The makers, the card points, the melds and the bells are each checked on their own: one 400 names them all.
    gathering = Gathering()
    makers = gathering.attempt(named, body.raw("makers"), sides, kind=SIDE, field="makers", location=("makers",))
    points = gathering.attempt(_card_points, given, sides, players)
    melds_given = gathering.attempt(_side_values, body.raw("melds", {}), sides, "melds", options.meld_scope)
    bells_given = gathering.attempt(_side_values, body.raw("bells", {}), sides, "bells")
    gathering.check()
    assert makers is not None and points is not None and melds_given is not None and bells_given is not None
    explanation = Explanation()
    blank = [side for side, value in given.items() if value is None]
    if blank:
        explanation.add(
            msg("{side}'s card points are the rest of the deal: {points}.", side=blank[0], points=points[blank[0]]),
            "clabber-2.3" if players != 3 else "clabber-10.1",
        )
    explanation.extend(check_points(points, players))
    result = score_deal(makers, points, melds_given, bells_given, players=players)
    explanation.extend(result.explanation)
    return {
        "made": result.made,
        "makers": makers,
        "points": points,
        "melds": {side: melds_given.get(side, 0) for side in sides},
        "bells": {side: bells_given.get(side, 0) for side in sides},
        "totals": result.totals,
        "scores": result.scores,
        "marks": result.marks,
        "explanation": explanation.as_list(),
    }


def _card_points(given: Mapping[str, Any], sides: list[str], players: int) -> dict[str, int]:
    """Every side's card points, a blank side filled in: each side's number first, then the sum (clabber-11.5)."""
    gathering = Gathering()
    numbers = read_side_numbers(given, sides, "points", allow_blank=True, gathering=gathering)
    gathering.attempt(check_sides, numbers, players)
    gathering.check()  # a number that is no number and one out of range, at once
    points = fill_points(numbers, players)
    check_points(points, players)
    return points


def _side_values(value: object, sides: list[str], field: str, scope: str | None = None) -> dict[str, int]:
    """Meld points (with the meld ``scope``) or bell points per side (clabber-11.6)."""
    gathering = Gathering()
    numbers = read_side_numbers(value, sides, field, gathering=gathering)
    if scope is None:
        gathering.attempt(check_bells, numbers, field)
    else:
        gathering.attempt(check_meld_points, numbers, scope, field)
    gathering.check()
    return numbers


def bid(data: Mapping[str, Any]) -> dict[str, Any]:
    body = Body(data)
    body.options(ClabberOptions)
    players = body.integer("players", default=4)
    if players not in BIDDING_HAND_SIZES:
        raise FieldError(players_message(players), field="players")
    turn_up = PACK.parse_one(body.raw("turn_up"), field="turn_up")
    bidding_round = body.integer("round", default=1)
    hand = read_cards(body.raw("hand"), BIDDING_HAND_SIZES[players], "hand", msg("a hand while bidding"))
    check_once([(hand, Place(msg("hand"), "hand"))])
    suit = parse_suit(body.raw("suit"), "suit") if body.has("suit") else None
    verdict = judge_bid(hand, turn_up, bidding_round, suit, dealer=_boolean(body, "dealer"), players=players)
    return verdict.answer(trump=verdict.trump)


def end(data: Mapping[str, Any]) -> dict[str, Any]:
    """The end of the game after a deal (clabber-9): ``{"totals": {"NS": 525, "EW": 547}}``."""
    body = Body(data)
    options = body.options(ClabberOptions)
    given = body.mapping("totals")
    if len(given) not in (2, 3):
        raise FieldError(msg("`totals` gives every side's total: 2 teams or players, or 3 players"), field="totals")
    if not all(isinstance(side, str) and side.strip() for side in given):
        raise FieldError(msg("side names are non-empty strings"), field="totals")
    totals = {side.strip(): as_int(points, f"totals.{side}") for side, points in given.items()}
    players = body.integer("players", default=3 if len(given) == 3 else 4)
    if players not in DEFAULT_SEATS:
        raise FieldError(players_message(players), field="players")
    # The sides play as the variant's seats do: teams of 2 or 3 win, a player alone wins (clabber-10).
    teams = Table(DEFAULT_SEATS[players]).teams
    if len(teams) != len(totals):
        raise FieldError(
            msg(
                "{players} players score as {scoring} sides, not {sides}",
                players=players,
                scoring=len(teams),
                sides=len(totals),
            ),
            field="totals",
        )
    sides = [Side(name, members) for name, members in zip(totals, teams, strict=True)]
    ending = judge_end(totals, options.game_tie, sides=sides, target=options.target)
    return {
        "finished": ending.finished,
        "winner": ending.winner,
        "drawn": ending.drawn,
        "another_deal": not ending.finished and bool(ending.tied),
        "target": options.target,
        "status": ending.status,
        "explanation": ending.explanation.as_list(),
    }


DEAL_ITEMS = ("cards", "meld", "bell", "set")
#: The words of every item a Clabber claim may give (a deal's, a meld's, a trick's).
CLAIM_WORDS: dict[str, Message] = {
    "cards": msg("card points"),
    "meld": msg("meld"),
    "bell": msg("bell"),
    "set": msg("set"),
    "last": msg("last trick"),
}
MELD_ITEMS = ("meld", "bell")
TRICK_ITEMS = ("cards", "last")
#: Who takes a trick, and what it is worth (clabber-4.2, 4.3).
TRICK_WINNER, TRICK_WORTH = "clabber-4.2", "clabber-4.3"
#: The words of a deal's items, which a claim on a deal of the score sheet may give too.
DEAL_WORDS = {name: CLAIM_WORDS[name] for name in DEAL_ITEMS}


def deal_ruling(data: Mapping[str, Any], answer: Mapping[str, Any]) -> Ruling:
    """Each side's card points, meld and bell; a set maker's total is taken away again (clabber-8.4)."""
    items: list[Item] = []
    for side, score in answer["scores"].items():
        parts = (
            Item(side, "cards", answer["points"][side], "clabber-2.3"),
            Item(side, "meld", answer["melds"][side], "clabber-6.3"),
            Item(side, "bell", answer["bells"][side], "clabber-7.1"),
        )
        items.extend(part for part in parts if part.points)
        total = sum(part.points for part in parts)
        if score != total:
            items.append(Item(side, "set", score - total, "clabber-8.4"))
    return Ruling(answer["scores"], "clabber-8.1", tuple(items), item_names=DEAL_ITEMS, additive=True)


def melds_ruling(data: Mapping[str, Any], answer: Mapping[str, Any]) -> Ruling:
    """Each team's meld and bell points (clabber-6.3, clabber-7.1)."""
    items = [
        *(Item(team, "meld", points, "clabber-6.3") for team, points in answer["meld_points"].items() if points),
        *(Item(team, "bell", points, "clabber-7.1") for team, points in answer["bells"].items() if points),
    ]
    return Ruling(answer["team_points"], "clabber-6.3", tuple(items), item_names=MELD_ITEMS, additive=True)


def trick_ruling(data: Mapping[str, Any], answer: Mapping[str, Any]) -> Ruling:
    """The winner's team takes the trick, worth its four cards' points and, for the last trick, 10 more
    (clabber-4.3, the 10 of clabber-2.3); every other team takes nothing, for it did not win the trick
    (clabber-4.2). A claim on a side's total cites the clause that gave or denied it the trick."""
    table = read_seats(Body(data))
    winner = table.team_of(answer["winner"])
    last = LAST_TRICK if _boolean(Body(data), "last") else 0
    items = [Item(winner, "cards", answer["points"] - last, TRICK_WORTH)]
    if last:
        items.append(Item(winner, "last", last, "clabber-2.3"))
    scores = {team: answer["points"] if team == winner else 0 for team in table.team_names}
    won = {team: TRICK_WORTH if team == winner else TRICK_WINNER for team in table.team_names}
    return Ruling(scores, TRICK_WORTH, tuple(items), item_names=TRICK_ITEMS, additive=True, side_clauses=won)


PLAYERS_ABOUT = msg(
    "`players` (2, 3, 4 or 6; default 4) picks the variant (clabber-10.1 to 10.3); its seats are N E S W with 4, "
    "A B C … otherwise (with 6, teams ACE and BDF). `seats` may name them instead, clockwise."
)

CHECKS: dict[str, Check] = {
    "melds": Check(
        "melds",
        msg("Whose meld scores?"),
        melds,
        ruling=melds_ruling,
        about=msg("{players} A claim is the teams' points, with items `meld` and `bell`.", players=PLAYERS_ABOUT),
        claim_items={name: CLAIM_WORDS[name] for name in MELD_ITEMS},
    ),
    "trick": Check(
        "trick",
        msg("Who wins this trick?"),
        trick,
        about=msg(
            "{players} `last`: true adds the 10. A claim is the teams' points from the trick, with items `cards` "
            'and `last`: `{{"NS": 25}}`.',
            players=PLAYERS_ABOUT,
        ),
        ruling=trick_ruling,
        claim_items={name: CLAIM_WORDS[name] for name in TRICK_ITEMS},
    ),
    "legal": Check(
        "legal",
        msg("May I play this card?"),
        legal,
        about=msg(
            "{players} With `card`, the answer says whether that card may be played and why not.", players=PLAYERS_ABOUT
        ),
    ),
    "deal": Check(
        "deal",
        msg("Score a deal"),
        deal,
        ruling=deal_ruling,
        about=msg(
            "`players` (2, 4 or 6 with two sides; 3 with three) picks the variant and the points a deal holds. "
            "A claim is the sides' scores, with items `cards`, `meld`, `bell` and `set`: "
            '`{"NS": 120, "items": {"NS": {"cards": 100, "bell": 20}}}`.'
        ),
        claim_items=DEAL_WORDS,
    ),
    "bid": Check(
        "bid",
        msg("May I say “I play”?"),
        bid,
        {"turn_up": "10D", "round": 2, "hand": ["AH", "KS", "QS", "9C", "JC", "10C"], "suit": "H"},
        about=msg(
            "`turn_up`, `round` (1 or 2), the bidder's `hand` (the first 6 cards with 2 players), `dealer` (true "
            "if the bidder dealt) and, in round 2, the `suit` named; `players` as for the deal (clabber-3, 11.7)."
        ),
    ),
    "end": Check(
        "end",
        msg("Is the game over?"),
        end,
        {"totals": {"NS": 525, "EW": 547}},
        about=msg(
            "`totals` after a deal, and `players` as for the deal (a team wins, a player wins); the answer gives "
            "`finished`, `winner`, `drawn` and `another_deal` (clabber-9; the option `game_tie` decides equal totals, "
            "the option `target` the total that ends the game, 500 by default)."
        ),
    ),
}
