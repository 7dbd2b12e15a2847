"""The Japanese catalogs read whole: every sentence of the sources translated, none fuzzy, placeholders
kept, the glossary's words used, and every sentence of the rules layer extractable."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from referee import catalogs
from referee.cards import STANDARD, CardNotInPackError, Pack
from referee.catalogs import tooling
from referee.rules.clabber.values import PACK as CLABBER_PACK
from referee.rules.dracula.values import DRACULA_PACK
from referee.rules.iceberg.deck import ICEBERG_PACK
from referee.rules.paks.values import pack as paks_pack
from referee.rules.zhengfen.values import ZHENGFEN_PACK

RULES = catalogs.ROOT / "referee"


@pytest.mark.parametrize("area", list(catalogs.AREAS))
def test_every_sentence_of_the_area_reads_in_japanese(area: str) -> None:
    problems = tooling.check(area)
    assert problems == [], "\n".join(str(p) for p in problems[:40])


def test_every_source_file_belongs_to_one_area() -> None:
    seen: dict[Path, str] = {}
    for area in catalogs.AREAS:
        for path in tooling.area_files(area):
            assert path not in seen, f"{path} is in {seen[path]} and {area}"
            seen[path] = area
    assert catalogs.ROOT / "templates" / "base.html" in seen
    assert catalogs.ROOT / "referee" / "rules" / "paks" / "throwoff.py" in seen


def _message_calls(path: Path) -> list[ast.Call]:
    tree = ast.parse(path.read_text("utf-8"))
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("msg", "msg_n")
    ]


def test_every_message_id_is_a_literal_the_catalogs_can_find() -> None:
    dynamic = []
    for path in sorted(RULES.rglob("*.py")):
        for call in _message_calls(path):
            literals = call.args[:2] if call.func.id == "msg_n" else call.args[:1]  # type: ignore[attr-defined]
            if not literals or not all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in literals):
                dynamic.append(f"{path.relative_to(catalogs.ROOT)}:{call.lineno}")
    assert dynamic == []


def test_the_glossary_names_its_source_for_every_term() -> None:
    terms = list(tooling.read_glossary())
    assert len(terms) >= 15
    assert all(term.english and term.japanese and term.source.startswith("seed") for term in terms)
    assert len({term.english.casefold() for term in terms}) == len(terms)


def test_a_placeholder_lost_in_translation_is_found() -> None:
    assert tooling.placeholders("{side} scores {points} in %(game)s") == {"side", "points", "game"}
    assert tooling.placeholders("{n:+d} points") == {"n"}


def test_a_sentence_in_two_areas_reads_the_same_in_both() -> None:
    """The app merges the areas' catalogs, the later winning: two translations of one sentence would
    make one area's pages read another area's words."""
    seen: dict[tuple[object, object], tuple[str, object]] = {}
    differing = []
    for area in catalogs.AREAS:
        path = catalogs.po_path(area)
        if not path.exists():
            continue
        for message in catalogs.read_catalog(path):
            if not message.id:
                continue
            key = (message.id, message.context)
            if key in seen and seen[key][1] != message.string:
                differing.append(f"{message.id!r}: {seen[key][0]} {seen[key][1]!r}, {area} {message.string!r}")
            seen.setdefault(key, (area, message.string))
    assert differing == []


@pytest.mark.parametrize(
    ("text", "ends_badly"),
    [
        ("Bobがディーラー.", True),
        ("%(sentence)s.", True),
        ("<strong>終了：</strong>誰かが勝ちます.</strong>", True),
        ("点数です. 次に", True),
        ("Bobがディーラー。", False),
        ("書き出した.jsonを選んでください", False),
        ("ちょっと待って...", False),
        ("10♠ 5♦", False),
    ],
)
def test_a_japanese_sentence_ending_with_an_ascii_period_is_found(text: str, ends_badly: bool) -> None:
    assert tooling.ascii_full_stop(text) is ends_badly


@pytest.mark.parametrize(
    ("pack", "card", "name"),
    [
        (STANDARD, "SJ", "標準のトランプ"),
        (paks_pack(2), "SJ", "パックス"),
        (CLABBER_PACK, "2H", "クラバー"),
        (DRACULA_PACK, "SJ", "ドラキュラ"),
        (ZHENGFEN_PACK, "JO", "争分"),
        (ICEBERG_PACK, "JO", "アイスバーグ"),
    ],
)
def test_a_card_outside_the_pack_names_the_pack_in_japanese(pack: Pack, card: str, name: str) -> None:
    japanese = catalogs.translations()
    with pytest.raises(CardNotInPackError) as refused:
        pack.parse_one(card)
    assert catalogs.untranslated(refused.value.msg, japanese) == []
    assert name in refused.value.render(japanese)
