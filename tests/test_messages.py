"""Messages of the rules layer: rendered in English by default, through a catalog otherwise, and kept in JSON."""

from __future__ import annotations

import gettext
import json
from typing import ClassVar

from hypothesis import given
from hypothesis import strategies as st

from referee.errors import FieldError
from referee.explain import Explanation
from referee.messages import Message, from_json, join, msg, msg_n


class Catalog(gettext.NullTranslations):
    """A tiny Japanese catalog, as the compiled ones behave."""

    WORDS: ClassVar[dict[str, str]] = {
        "{side} scores {points}": "{side}の得点は{points}",
        "spades": "スペード",
        "{suit}: paks held {held}": "{suit}: 持っているパック {held}",
        ", ": "、",
        "{n} pak": "パック{n}個",
    }

    def gettext(self, message: str) -> str:
        return self.WORDS.get(message, message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.WORDS.get(msgid1, msgid1 if n == 1 else msgid2)


def test_english_is_the_id_with_its_parameters() -> None:
    assert str(msg("{side} scores {points}", side="NS", points=45)) == "NS scores 45"


def test_a_catalog_translates_the_sentence_and_the_messages_inside_it() -> None:
    held = join([msg("{side} scores {points}", side="Ann", points=2), "Bob 1"])
    message = msg("{suit}: paks held {held}", suit=msg("spades"), held=held)
    assert message.render() == "spades: paks held Ann scores 2, Bob 1"
    assert message.render(Catalog()) == "スペード: 持っているパック Annの得点は2、Bob 1"


def test_plural_forms_follow_the_count() -> None:
    assert str(msg_n("{n} pak", "{n} paks", 1)) == "1 pak"
    assert str(msg_n("{n} pak", "{n} paks", 3)) == "3 paks"
    assert msg_n("{n} pak", "{n} paks", 3).render(Catalog()) == "パック3個"


def test_a_step_keeps_its_message_through_json() -> None:
    explanation = Explanation().add(
        msg("{suit}: paks held {held}", suit=msg("spades"), held=join(["A 1", "B 2"])), "paks-6.3"
    )
    stored = json.loads(json.dumps(explanation.as_list()))
    assert stored[0]["text"] == "spades: paks held A 1, B 2"
    again = Explanation.from_list(stored)
    assert again.steps == explanation.steps
    assert again.steps[0].render(Catalog()) == "スペード: 持っているパック A 1、B 2"


def test_a_step_stored_without_a_message_keeps_its_text() -> None:
    again = Explanation.from_list([{"text": "an older step", "rule": "paks-1.1"}])
    assert again.steps[0].text == "an older step" and again.steps[0].rule == "paks-1.1"


def test_an_input_error_carries_its_location_and_message_id() -> None:
    error = FieldError(msg("{side} scores {points}", side="NS", points=1), field="paks", location=("paks", "Ann", 2))
    assert error.message == "NS scores 1"
    assert error.render(Catalog()) == "NSの得点は1"
    assert error.as_dict() == {
        "code": "bad_field",
        "message": "NS scores 1",
        "field": "paks",
        "location": ["paks", "Ann", 2],
        "message_id": "{side} scores {points}",
        "params": {"side": "NS", "points": 1},
    }


values = st.recursive(
    st.one_of(st.text(max_size=5), st.integers()).map(lambda v: v),
    lambda inner: st.one_of(
        st.builds(lambda v: msg("{side} scores {points}", side="x", points=v), inner),
        st.lists(inner, max_size=3).map(join),
    ),
    max_leaves=6,
)


@given(values)
def test_any_message_round_trips_through_json(value: object) -> None:
    message = msg("{suit}: paks held {held}", suit=msg("spades"), held=value)  # type: ignore[arg-type]
    again = from_json(json.loads(json.dumps(message.as_json())))
    assert again == message and isinstance(again, Message)
    assert again.render(Catalog()) == message.render(Catalog())
