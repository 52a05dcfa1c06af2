"""The site's generators (``docs/hooks/``) without a whole build: they know no game by
name and pick up a newly registered game; text and code show exactly as given; command
outputs lose their timings and the building machine's paths; the narrow diagrams keep
every label readable and describe every ball.
"""

from __future__ import annotations

import dataclasses
import html
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shibumi_rules.contract.guide import LANGUAGES, Picture, View
from shibumi_rules.games.sploof import SploofDefinition
from shibumi_rules.notation import Colour
from shibumi_rules.registry import definitions
from shibumi_rules.svg import Ring

from .board_strategies import boards

ROOT = Path(__file__).resolve().parents[1]
HOOKS = ROOT / "docs" / "hooks"
sys.path.insert(0, str(HOOKS))

markdown = pytest.importorskip("markdown", reason="the docs extra is not installed")

import gen_cli  # noqa: E402
import gen_common  # noqa: E402
import gen_diagrams  # noqa: E402
import gen_notation  # noqa: E402
import gen_play  # noqa: E402
import gen_rules  # noqa: E402
import shibumi_docs  # noqa: E402

NOT_YET = {
    "gen_proofs.py": "owned by the proofs branch, which removes its list of games",
    "gen_cli.py": "command-line examples, written for particular games like the "
                  "hand-written quick start",
}
"""Hooks that may still name a game, and why."""


def test_no_hook_knows_a_game_by_name() -> None:
    """The hooks iterate the registry: no game's name, title or rule prefix appears in
    them (a new game needs no edit here)."""
    words = set()
    for definition in definitions():
        words |= {definition.name, definition.title, f"{definition.prefix}-"}
    for path in sorted(HOOKS.glob("*.py")):
        if path.name in NOT_YET:
            continue
        text = path.read_text(encoding="utf-8")
        found = sorted(w for w in words if re.search(rf"\b{re.escape(w)}", text))
        assert not found, f"{path.name} names {found}"


class MirrorDefinition(SploofDefinition):
    """A game registered after the site was written: Sploof's rules and guide under
    another name."""

    name = "mirror"
    title = "Mirror"
    prefix = "MIR"
    order = 99

    def guide(self) -> Any:
        return dataclasses.replace(SploofDefinition().guide(), title=None)


@pytest.fixture
def built_alone() -> Iterator[None]:
    """The generators read the games of the last ``Site`` made: forget a test's games
    once it is done, so that no later test builds pages for them."""
    yield
    gen_common.Site()


def test_a_newly_registered_game_gets_its_pages_and_navigation(built_alone: None) -> None:
    site = gen_common.Site(definitions=(*definitions(), MirrorDefinition()))
    gen_rules.generate(site)
    gen_play.generate(site)
    gen_notation.generate(site)
    assert "mirror.md" in site.pages and "# Mirror" in site.pages["mirror.md"]
    assert "play/mirror.md" in site.pages and "sample-game" in site.pages["play/mirror.md"]
    assert ("mirror.md" in [page for _, page in site.nav[gen_rules.NAV]])
    assert ("play/mirror.md" in [page for _, page in site.nav[gen_play.NAV]])
    assert "{#mirror-positions}" in site.pages["notation.md"]
    expanded = shibumi_docs.expand_nav(["x.md", {"Rules": "generated:rules"},
                                        {"How to play": "generated:play"}], site, "ko")
    assert expanded[0] == "x.md"
    assert {"Mirror": "mirror.md"} in expanded[1]["Rules"]
    assert {"판정": "rulings.md"} in expanded[1]["Rules"]
    assert expanded[2]["How to play"][0] == "play/index.md"
    assert {"Mirror": "play/mirror.md"} in expanded[2]["How to play"]


def test_a_game_without_a_guide_is_left_out_of_how_to_play(built_alone: None) -> None:
    class Unguided(MirrorDefinition):
        def guide(self) -> Any:
            return None

    site = gen_common.Site(definitions=(*definitions(), Unguided()))
    gen_rules.generate(site)
    gen_play.generate(site)
    assert "mirror.md" in site.pages and "play/mirror.md" not in site.pages


def _rendered(source: str) -> str:
    out: str = markdown.markdown(source, extensions=["tables", "md_in_html"])
    return html.unescape(re.sub(r"<[^>]+>", "", out))


TEXT = st.text(st.characters(min_codepoint=32, max_codepoint=126), min_size=1, max_size=40)


@given(TEXT)
def test_escaped_text_shows_exactly_as_given(text: str) -> None:
    """``2*col``, ``a | b``, ``max_turns``, a backslash, brackets: inside a paragraph,
    Markdown leaves each as it is."""
    assert _rendered("x " + gen_common.esc(text)).strip() == ("x " + text).strip()


@given(TEXT)
def test_code_in_a_table_cell_shows_exactly_as_given(text: str) -> None:
    """Code in a table keeps its bar (it used to show ``\\|``)."""
    cell = gen_common.table(["a", "b"], [[gen_common.code(text), "x"]])
    rendered = markdown.markdown(cell, extensions=["tables"])
    first = re.search(r"<td><code>(.*?)</code></td>", rendered, re.S)
    assert first is not None, rendered
    assert html.unescape(first.group(1)) == text


@pytest.mark.parametrize(("printed", "shown"), [
    ("perft(3) = 4064 in 0.000 s, 8,704,760 leaves/s",
     "perft(3) = 4064 in ‹time› s, ‹rate› leaves/s"),
    ("checked 9616 positions in 3.4 s: 2,792 positions/s",
     "checked 9616 positions in ‹time› s: ‹rate› positions/s"),
    ("sploof perft(4) = 63,704     0.005 s      13,916,466 leaves/s",
     "sploof perft(4) = 63,704     ‹time› s      ‹rate› leaves/s"),
    ("placement-keeps-gravity  SHB-PLACE-1  proved  0.16 s", "placement-keeps-gravity  "
     "SHB-PLACE-1  proved  ‹time› s"),
    ("tables --check: 12 files up to date (0.0 s)",
     "tables --check: 12 files up to date (‹time› s)"),
    ("perft(2) = 256", "perft(2) = 256"),
])
def test_command_outputs_lose_their_timings(printed: str, shown: str) -> None:
    assert gen_cli.untimed(printed) == shown


def test_command_outputs_lose_the_paths_of_the_machine() -> None:
    printed = (f"conformance of shibumi-rules reference engine ({sys.executable} -m "
               f"shibumi_rules engine)\nread {ROOT}/spec/conformance/index.json")
    shown = gen_common.portable(printed)
    assert "(python3 -m shibumi_rules engine)" in shown
    assert "read spec/conformance/index.json" in shown
    for path in gen_common.machine_paths():
        assert path not in shown


@settings(max_examples=40, deadline=None)
@given(boards(), st.sampled_from(LANGUAGES))
def test_site_diagrams_fit_a_phone_and_describe_every_ball(board: Any, lang: str) -> None:
    """Any position, in any language, drawn for the site: no wider than a phone's column,
    no text under 13 px, and a text alternative naming every ball by its colour."""
    from shibumi_rules.contract.guide import Text
    from shibumi_rules.geometry import NAMES, points_of

    marks = (Ring(tuple(points_of(board.occupied))[:3], "focus"),)
    pic = Picture("test", Text("a caption", "설명"), (View(board, marks, Text("a", "가")),))
    svg = gen_diagrams.svg_of(pic, lang)
    width = float(re.search(r'<svg [^>]*width="([\d.]+)"', svg).group(1))  # type: ignore[union-attr]
    assert width <= 358
    sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)]
    assert min(sizes) >= 13
    alt = gen_diagrams.alternative(pic, lang)
    for colour in Colour:
        for point in points_of(board.masks[colour]):
            assert NAMES[point] in alt
    if not board.occupied:
        assert gen_diagrams.describe_board(board, lang) in alt
