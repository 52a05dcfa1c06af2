"""The spec as an arbiter quotes it: rulings only where the text is open, clarifications
with the argument that settles them, the facts those arguments rest on, every Korean
difference on record, and one level numbering (1 to 4) in everything a reader sees."""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shibumi_rules import spec
from shibumi_rules.board import valid_locations
from shibumi_rules.games.splink.mechanics import has_moves
from shibumi_rules.games.splink.score import INNER_POINTS, SCORING_PAIRS
from shibumi_rules.games.splink.state import SplinkState, make_state
from shibumi_rules.geometry import (
    ALL,
    COORDS,
    NAMES,
    POINTS,
    SUPPORTERS,
    TOUCHING_PAIRS,
    points_of,
)
from shibumi_rules.notation import Colour
from shibumi_rules.registry import get_game
from tests.game_strategies import random_game

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "spec"
SPLINK = get_game("splink")

OPEN_WITHOUT_OPTION: dict[str, str] = {
    "SPK-RUL-8": "no match flag plays on after a tied duel yet",
}
"""Rulings whose question the text leaves open but whose alternatives the engine does
not offer yet. Each is a strict expected failure: once its option exists the test
passes, and this entry must go."""


def _kind(kind: str) -> list[Any]:
    current = spec.current()
    return [pytest.param(r.id, marks=pytest.mark.xfail(strict=True,
                                                       reason=OPEN_WITHOUT_OPTION[r.id]))
            if r.id in OPEN_WITHOUT_OPTION else r.id
            for r in current.rulings.values() if r.kind == kind]


# -- rulings and clarifications ------------------------------------------------------

FLAG_RULINGS = {"SPK-RUL-6", "SPK-RUL-11", "SPK-RUL-12", "SPL-RUL-4"}
"""Rulings about how a match or a game is set up rather than how a game is played (who
starts, the bidding): no game option can select their alternatives, command-line flags
do (of ``match``, or of the commands that start a game)."""


@pytest.mark.parametrize("ruling_id", _kind("ruling"))
def test_every_ruling_offers_at_least_two_alternatives_through_an_option(ruling_id: str
                                                                          ) -> None:
    ruling = spec.current().rulings[ruling_id]
    if ruling_id in FLAG_RULINGS:
        flags = [a.cli for a in ruling.alternatives if a.cli]
        assert ruling.option is None and len(flags) >= 2 and len(set(flags)) == len(flags)
        return
    assert ruling.option is not None, f"{ruling_id} is a ruling without an option"
    values = [a.option_value for a in ruling.selectable]
    assert len(values) >= 2 and len(set(values)) == len(values), values
    assert ruling.adopted.option_value == ruling.option.default
    options = {o.name: o for o in get_game(ruling.scope).options}
    assert options[ruling.option.name].ruling == ruling_id


@pytest.mark.parametrize("ruling_id", _kind("clarification"))
def test_every_clarification_gives_its_argument_and_has_no_option(ruling_id: str) -> None:
    clarification = spec.current().rulings[ruling_id]
    assert clarification.option is None and clarification.selectable == ()
    assert len(clarification.rationale.split()) >= 25, "the argument that settles it"
    assert re.match(r"The (English )?text ", clarification.rationale), \
        clarification.rationale[:60]
    assert all(o.ruling != ruling_id for o in get_game(clarification.scope).options)


def test_the_open_rulings_listed_as_lacking_an_option_are_rulings() -> None:
    rulings = spec.current().rulings
    assert all(rulings[i].kind == "ruling" for i in OPEN_WITHOUT_OPTION)


# -- the facts the arguments rest on --------------------------------------------------

def _obeys_gravity(occupied: int) -> bool:
    return all(occupied >> s & 1 for p in points_of(occupied) for s in SUPPORTERS[p])


def test_every_28_ball_board_has_one_valid_location_the_level_3_point_under_the_apex(
) -> None:
    """SPK-RUL-1: why the second ball of a move a may rest on the first."""
    boards = [ALL & ~(1 << a) & ~(1 << b) for a, b in itertools.combinations(POINTS, 2)]
    boards = [b for b in boards if _obeys_gravity(b)]
    assert len(boards) == 4
    for occupied in boards:
        empty = [NAMES[p] for p in POINTS if not occupied >> p & 1]
        valid = [NAMES[p] for p in points_of(valid_locations(occupied))]
        assert "4d4" in empty and len(valid) == 1 and valid[0] in empty
        assert COORDS[POINTS[NAMES.index(valid[0])]].level + 1 == 3
    text = spec.current().rulings["SPK-RUL-1"].rationale
    assert text.startswith("The text settles it") and "28 balls" in text.split(".")[1]


def test_the_60_scoring_pairs_are_the_contacts_on_the_four_faces() -> None:
    """SPK-RUL-9 and SPK-SCORE-1: 4 x 18 - 12 = 60."""
    def face(on: Any) -> set[int]:
        return {p for p in POINTS if on(COORDS[p])}

    faces = [face(lambda c: c.row == 0), face(lambda c: c.row == 3 - c.level),
             face(lambda c: c.col == 0), face(lambda c: c.col == 3 - c.level)]
    contacts = [{(a, b) for a, b in TOUCHING_PAIRS if a in f and b in f} for f in faces]
    assert [len(f) for f in faces] == [10] * 4 and [len(c) for c in contacts] == [18] * 4
    shared = {pair for pair in set().union(*contacts) if sum(pair in c for c in contacts) > 1}
    assert len(shared) == 12
    assert set().union(*contacts) == set(SCORING_PAIRS) and len(SCORING_PAIRS) == 60
    hidden = {p for p in POINTS if p not in set().union(*faces)}
    assert hidden == set(INNER_POINTS)
    assert "4 x 18 - 12 = 60" in spec.current().rulings["SPK-RUL-9"].rationale


@st.composite
def _games(draw: st.DrawFn, supplies: tuple[str, ...], max_moves: int = 40
           ) -> list[SplinkState]:
    supply = draw(st.sampled_from(supplies))
    return random_game(draw, SPLINK, SPLINK.start({"supply": supply}), max_moves)


@settings(max_examples=60, deadline=None)
@given(_games(("limited", "unlimited")))
def test_splink_moves_do_not_depend_on_whose_turn_it_is(states: list[SplinkState]) -> None:
    """SPK-RUL-3: so a pass can only be answered by a pass."""
    state = states[-1]
    other = make_state(state.red, state.white, state.turns + 1, state.rules)
    assert other.role != state.role
    assert SPLINK.legal_moves(state) == SPLINK.legal_moves(other)


@settings(max_examples=60, deadline=None)
@given(_games(("unlimited",)))
def test_an_incomplete_pyramid_always_has_a_move_under_the_unlimited_supply(
        states: list[SplinkState]) -> None:
    """SPK-RUL-3 and SPK-SCORE-1: a game stops for lack of a move only under the
    limited supply."""
    for state in states:
        assert state.occupied == ALL or has_moves(state.red, state.white, True)


def _moves_in(text: str) -> list[str]:
    return re.findall(r"\b(?:[RW][1-4][a-g][1-7]\+[RW][1-4][a-g][1-7]|"
                      r"x[1-4][a-g][1-7]\+[RW][1-4][a-g][1-7])\b", text)


def test_the_stuck_game_of_the_spec_is_legal_and_ends_on_0() -> None:
    """SPK-RUL-3 and SPK-SCORE-1: a legal game ends with no legal move and no point."""
    moves = _moves_in(spec.current().rulings["SPK-RUL-3"].question)
    state = SPLINK.replay(SPLINK.start(), moves)
    assert SPLINK.outcome_json(state) == {"over": True, "score": 0,
                                          "reason": "no-legal-move"}
    assert f"a legal {len(moves)}-move game" in spec.current().rules["SPK-SCORE-1"].statement


def test_a_turn_limit_of_0_ends_the_game_on_the_empty_board() -> None:
    state = SPLINK.start({"max_turns": "0"})
    assert SPLINK.outcome_json(state) == {"over": True, "score": 0, "reason": "max-turns"}


@cache
def _extreme(name: str) -> dict[str, Any]:
    pytest.importorskip("z3", reason="the proofs extra (z3-solver) is not installed")
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from proofs.theorems import by_name

    outcome = by_name()[name].prove()
    assert outcome.proved, outcome.summary
    return dict(outcome.facts)


@pytest.mark.slow
def test_the_score_ranges_are_the_ones_the_proofs_give() -> None:
    """SPK-SCORE-1: no pyramid above 42; a finished game from 11 (16/16) or 4
    (unlimited) to 42."""
    greatest = _extreme("splink-greatest-score-unlimited")["extreme"]
    assert _extreme("splink-greatest-score-16-16")["reached"] == greatest
    least_limited = _extreme("splink-least-score-16-16")["reached"]
    least_unlimited = _extreme("splink-least-score-unlimited")["reached"]
    statement = spec.current().rules["SPK-SCORE-1"].statement
    assert f"No position scores more than {greatest}" in statement
    assert f"from {least_limited} to {greatest} with the 16/16 supply" in statement
    assert f"from {least_unlimited} to {greatest} with the unlimited supply" in statement
    assert "60" not in statement.split("No position")[1], "no score of 60 is claimed"


def test_four_balls_per_move_a_would_never_complete_the_pyramid() -> None:
    """The rejected Korean reading of move a: counts stay multiples of 4, at most 28."""
    counts, frontier = {0}, [0]
    while frontier:
        count = frontier.pop()
        for after in (count + 4, count):  # move a (four balls), move b (one out, one in)
            if after <= len(POINTS) and after not in counts:
                counts.add(after)
                frontier.append(after)
    assert counts == set(range(0, 29, 4)) and len(POINTS) not in counts
    move_a = next(d for d in _korean().differences if d.id == "move-a")
    assert "multiple of four, at most 28" in move_a.rejected[0].why


# -- the case no Sploof game reaches ------------------------------------------------------

def test_a_player_stuck_with_balls_in_stock_is_only_in_positions_built_for_analysis(
) -> None:
    """SPF-RUL-3 decides a case that needs a complete pyramid, which no game reaches
    (sploof-pyramid-never-completes): its decision says so, and every named position
    showing it is marked as built for analysis, with supplies that stay even as
    SPF-RUL-1's argument has them."""
    from shibumi_rules.games.sploof.positions import POSITIONS
    from shibumi_rules.games.sploof.rules import stuck_with_stock

    sploof = get_game("sploof")
    decision = spec.current().rulings["SPF-RUL-3"].decision
    assert "sploof-pyramid-never-completes" in decision
    assert "only positions built for analysis" in decision and "complete-stuck" in decision
    stuck = []
    for named in POSITIONS:
        state = sploof.parse_position(named.position)
        if not stuck_with_stock(state):
            continue
        stuck.append(named.name)
        red = state.board.masks[Colour.RED].bit_count()
        assert state.board.occupied.bit_count() > 28 - red, named.name
        assert named.about.startswith("Built for analysis") and \
            "sploof-pyramid-never-completes" in named.about, named.name
        white, black, _ = state.supply
        assert white is not None and black is not None
        assert white % 2 == black % 2 == 0, named.name
    assert "complete-stuck" in stuck


def test_prove_has_the_theorem_that_no_sploof_game_completes_the_pyramid() -> None:
    pytest.importorskip("z3", reason="the proofs extra (z3-solver) is not installed")
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from proofs.theorems import by_name

    claim = by_name()["sploof-pyramid-never-completes"]
    assert claim.method == "z3" and not claim.slow and "SPF-RUL-3" in claim.rules
    assert "28 - r" in claim.statement


# -- what the spec says of other implementations ---------------------------------------

KNOWN_CODE = {"donkirkby/shibumi-games", "AbstractPlay/gameslib"}
"""The implementations whose code is public and was read: every claim about them names
the version read and the files and functions that show it."""


def _implementations() -> list[tuple[str, spec.Implementation]]:
    return [(r.id, i) for r in spec.current().rulings.values() for i in r.implementations]


def test_every_claim_about_an_implementation_names_where_it_was_checked() -> None:
    entries = _implementations()
    assert entries
    for ruling_id, entry in entries:
        if entry.name in KNOWN_CODE:
            assert entry.checked and entry.version, (ruling_id, entry.name)
            assert all(c.file and c.function for c in entry.code), (ruling_id, entry.name)
        else:
            assert not entry.checked and entry.version is None, (ruling_id, entry.name)
    raw = json.loads((SPEC / "rulings.json").read_text(encoding="utf-8"))
    said = [i["checked_in"] for r in raw["rulings"] for i in r["implementations"]]
    assert len(said) == len(entries)
    assert all(c == "not checked" or c["code"] for c in said)


COLOUR_FIRST = re.compile(r"\b(White|Black) (moves first|begins|starts)", re.IGNORECASE)


def test_abstractplay_is_said_to_number_its_players_not_to_colour_them() -> None:
    """Its Sploof and Spline start with player 1 and name no colour (SPF-RUL-6,
    SPL-RUL-4)."""
    claims = {ruling_id: entry.does for ruling_id, entry in _implementations()
              if entry.name == "AbstractPlay/gameslib"}
    assert not [i for i, does in claims.items() if COLOUR_FIRST.search(does)]
    assert "Player 1" in claims["SPF-RUL-6"] and "Player 1" in claims["SPL-RUL-4"]


def test_who_begins_a_spline_game_is_a_ruling_and_donkirkby_starts_with_black() -> None:
    """SPL-RUL-4: the sources are silent, so it is a ruling, with the flags that select
    its alternatives; donkirkby's Spline starts with Black, AbstractPlay's with player
    1, so no text may say that White begins in both."""
    ruling = spec.current().rulings["SPL-RUL-4"]
    assert ruling.kind == "ruling" and ruling.option is None
    assert {a.cli for a in ruling.alternatives} >= {"--first white|black", "--seed N"}
    donkirkby = next(i for i in ruling.implementations
                     if i.name == "donkirkby/shibumi-games")
    assert donkirkby.does.startswith("Black moves first")
    texts = [ruling.decision, ruling.rationale, *(a.summary for a in ruling.alternatives)]
    assert not [t for t in texts if "both known implementations" in t
                or re.search(r"White always begins", t)]


def test_a_tied_duel_is_a_ruling_and_reaching_the_bid_a_clarification() -> None:
    """SPK-RUL-8: the text names a winner only for the higher score, so a tie is open.
    SPK-RUL-13: 'as many points as he bid' is met by a score equal to the bid, so the
    text settles it, and exceeding the bid says it is not a reading of the text."""
    rulings = spec.current().rulings
    assert rulings["SPK-RUL-8"].kind == "ruling"
    assert "higher" in rulings["SPK-RUL-8"].rationale.split(".")[0]
    target = rulings["SPK-RUL-13"]
    assert target.kind == "clarification"
    exceed = next(a for a in target.alternatives if not a.adopted)
    assert exceed.cli == "--target exceed" and "not a reading of the text" in exceed.summary


def test_the_spline_notes_say_what_each_implementation_does_at_the_edges() -> None:
    """SPL-RUL-5, SPL-RUL-6, SPL-RUL-7: AbstractPlay looks only at the lowest level
    holding a line; donkirkby's framework draws a game without a move, and its Spline
    counts no balls."""
    rulings = spec.current().rulings

    def does(ruling_id: str, name: str) -> str:
        return next(i.does for i in rulings[ruling_id].implementations if i.name == name)

    assert "lowest level" in does("SPL-RUL-5", "AbstractPlay/gameslib")
    assert "draw" in does("SPL-RUL-6", "donkirkby/shibumi-games")
    assert "no ball count" in does("SPL-RUL-7", "donkirkby/shibumi-games").lower()
    assert "not checked" not in (rulings["SPL-RUL-7"].implementations_note or "")


DONKIRKBY_PYTHON = ROOT / "implementations" / "donkirkby" / ".venv" / "bin" / "python"
"""donkirkby's package, installed in its own environment (``implementations/donkirkby/
install.sh``, which CI runs before the tests)."""
DONKIRKBY_CHECK = """
import importlib, json, sys
places = json.load(sys.stdin)
spline = importlib.import_module("shibumi.spline.game").SplineState
sploof = importlib.import_module("shibumi.sploof.state").SploofState
assert spline().get_active_player() == spline.BLACK, "Spline starts with Black"
assert sploof().get_active_player() == sploof.WHITE, "Sploof starts with White"
for ruling_id, file, function in places:
    found = importlib.import_module(file.removesuffix(".py").replace("/", "."))
    for part in function.split("."):
        found = getattr(found, part)
    assert found is not None, (ruling_id, file, function)
print(len(places))
"""
"""Run in donkirkby's environment: who starts each game, and that every function the
specification cites exists (the places arrive on standard input)."""


@pytest.mark.skipif(not DONKIRKBY_PYTHON.exists(),
                    reason="run bash implementations/donkirkby/install.sh first")
def test_the_claims_about_donkirkby_hold_in_its_installed_code() -> None:
    """Who starts each game, and that every function the spec cites in donkirkby's code
    exists, in the version the spec names."""
    places = [(ruling_id, c.file, c.function) for ruling_id, entry in _implementations()
              if entry.name == "donkirkby/shibumi-games" for c in entry.code]
    versions = {entry.version for _, entry in _implementations()
                if entry.name == "donkirkby/shibumi-games"}
    assert places and versions == {"shibumi 0.5.0 and zero-play 0.5.0 from PyPI"}
    installed = subprocess.run(
        [str(DONKIRKBY_PYTHON), "-c", "from importlib.metadata import version; "
         "print(version('shibumi'), version('zero-play'))"],
        capture_output=True, text=True, check=True).stdout.split()
    assert installed == ["0.5.0", "0.5.0"]
    done = subprocess.run([str(DONKIRKBY_PYTHON), "-c", DONKIRKBY_CHECK],
                          input=json.dumps(places), capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == len(places)


# -- the Korean text ------------------------------------------------------------------

def _korean() -> spec.Translation:
    (translation,) = [t for t in spec.current().translations if t.language == "ko"]
    return translation


HANGUL = re.compile(r"[\uac00-\ud7a3]")


def test_every_korean_difference_has_its_sentence_meaning_and_adopted_reading() -> None:
    translation = _korean()
    assert {d.id for d in translation.differences} >= {
        "set-colours", "roles", "role-names", "move-a", "move-b", "bid-target",
        "bid-meaning", "move-b-supply", "distinct-connections"}
    for d in translation.differences:
        assert HANGUL.search(d.translated), d.id
        assert not HANGUL.search(d.literal.replace("'", "")), d.id
        assert d.adopted and d.original and d.rules, d.id
    assert {e.translated for e in translation.evidence} >= {"폰트", "공급 장치에서"}


def test_the_korean_ruling_is_folded_into_the_table() -> None:
    """SPK-RUL-10 is one of the differences, and the rules no longer call the Korean
    text the same as the English."""
    cited = {i for d in _korean().differences for i in d.rules}
    assert {"SPK-RUL-10", "SPK-PLACE-1", "SPK-REMOVE-2", "SPK-BID-1"} <= cited
    says = [s.says for r in spec.current().rules.values() for s in r.sources
            if s.title == _korean().title]
    assert says and not any("otherwise the same" in s for s in says)


# -- one level numbering --------------------------------------------------------------

ZERO_BASED = re.compile(
    r"\blevels? 0\b|\blevel-0\b|\blevel \+ 1\b|\blevels?,? numbered 0\b|\blevels? 0-3\b|"
    r"\b0 \(the holes\)|\blevel 0 is\b", re.IGNORECASE)
"""How the 0-3 numbering of levels shows in a text."""


def _hits(name: str, text: str) -> list[str]:
    return [f"{name}: ...{text[max(0, m.start() - 40):m.end() + 40]}..."
            for m in ZERO_BASED.finditer(text)]


def test_the_pattern_finds_the_other_numbering() -> None:
    assert _hits("t", "the outer ring of level 0") and _hits("t", "a level-0 ball")
    assert _hits("t", "0 (the holes) to 3 (the apex); the first digit is level + 1")
    assert not _hits("t", "level 1 (the holes) to level 4 (the apex), 1a1 to 4d4")


@pytest.mark.slow
def test_spec_files_and_tables_number_levels_1_to_4() -> None:
    files = [*SPEC.glob("*.json"), SPEC / "README.md", *SPEC.glob("tables/*"),
             *SPEC.glob("schema/*.json"), *ROOT.glob("docs/*.md"), ROOT / "README.md"]
    hits = [h for f in files for h in _hits(str(f.relative_to(ROOT)),
                                            f.read_text(encoding="utf-8"))]
    assert hits == []
    points = [line.split(",") for line in
              (SPEC / "tables" / "points.csv").read_text(encoding="utf-8").splitlines()]
    column = points[0].index("level")
    assert {row[1][0] for row in points[1:]} == {row[column] for row in points[1:]}


def _site_pages() -> dict[str, str]:
    """Every page (translated ones under ``LANG/``), snippet and diagram the site
    generators make, built in memory (the same text ``mkdocs build`` turns into HTML).
    Without mkdocs, the rule pages only."""
    hooks = str(ROOT / "docs" / "hooks")
    if hooks not in sys.path:
        sys.path.insert(0, hooks)
    from gen_common import Site

    generators: tuple[Callable[[Site], None], ...]
    try:
        from shibumi_docs import GENERATORS as generators
    except ModuleNotFoundError:  # the docs extra is not installed
        import gen_rules

        generators = (gen_rules.generate,)
    site = Site()
    for generate in generators:
        generate(site)
    pages = {**site.pages, **site.snippets}
    pages.update({f"{lang}/{uri}": text for lang, translated in site.translations.items()
                  for uri, text in translated.items()})
    pages.update({uri: content.decode("utf-8") for uri, content in site.assets.items()
                  if uri.endswith((".svg", ".json", ".csv", ".txt", ".md"))})
    return pages


@cache
def _pages() -> dict[str, str]:
    return _site_pages()


@pytest.mark.slow
def test_the_site_numbers_levels_1_to_4() -> None:
    pages = _pages()
    assert "rulings.md" in pages and "splink.md" in pages
    assert [h for name, text in pages.items() for h in _hits(name, text)] == []


def test_the_geometry_command_numbers_levels_like_the_names() -> None:
    from shibumi_rules.geometry_report import text

    rows = [line.split() for line in text().splitlines()[1:31]]
    assert all(row[1] == row[9][0] for row in rows), "level column = name's digit"


# -- the site ---------------------------------------------------------------------------

@pytest.mark.slow
def test_the_rulings_page_shows_rulings_and_clarifications_apart() -> None:
    page = _pages()["rulings.md"]
    current = spec.current()
    for ruling in current.rulings.values():
        entry = page.split(f"{{#{ruling.id}}}", 1)[1].split("\n### ", 1)[0]
        lead = "*Clarification:" if ruling.kind == "clarification" else "*Ruling:"
        assert entry.lstrip().startswith(lead), ruling.id
        assert ("**Option:**" in entry) == (ruling.kind == "ruling"), ruling.id
        section = page.split(f"{{#{ruling.id}}}", 1)[0].rsplit("\n## ", 1)[1]
        assert section.split("{")[0].rstrip().endswith(f"{ruling.kind}s"), ruling.id


@pytest.mark.slow
def test_the_rulings_page_shows_where_each_claim_was_checked() -> None:
    """Each row of a ruling's known implementations ends with the files and functions
    the claim was checked in and the version read, or says it was not checked."""
    page = _pages()["rulings.md"]
    for ruling in spec.current().rulings.values():
        if not ruling.implementations:
            continue
        lines = [line.strip() for line in _entry(page, ruling.id).splitlines()]
        header = next(line for line in lines if line.startswith("| implementation |"))
        assert header.endswith("| checked in |"), ruling.id
        rows = [line for line in lines
                if any(line.startswith(f"| {i.name} |") for i in ruling.implementations)]
        assert len(rows) == len(ruling.implementations), ruling.id
        for row, implementation in zip(rows, ruling.implementations, strict=True):
            cell = row.strip("|").split(" | ")[-1].strip().replace("&#95;", "_")
            if implementation.checked:
                assert all(f"<code>{c.function}</code>" in cell and f"<code>{c.file}</code>"
                           in cell for c in implementation.code), (ruling.id, cell)
                assert implementation.version is not None
                assert implementation.version in cell
            else:
                assert cell == "not checked", (ruling.id, implementation.name)


@pytest.mark.slow
def test_the_splink_page_shows_the_korean_table_with_the_adopted_reading_in_each_row(
) -> None:
    page = _pages()["splink.md"]
    section = page.split("{#translation-splink-ko}", 1)[1]
    header = next(line for line in section.splitlines() if line.startswith("| topic"))
    assert header.rstrip().endswith("| reading adopted |")
    rows = [line for line in section.splitlines()
            if line.startswith("| **")]
    assert len(rows) == len(_korean().differences)
    for row, difference in zip(rows, _korean().differences, strict=True):
        assert difference.translated in row
        cells = [c.strip() for c in row.strip("|").split(" | ")]
        assert cells[-1] and spec.cited_ids(difference.adopted) == spec.cited_ids(cells[-1])
    assert "multiple of four, at most 28" in section


def _entry(page: str, entry_id: str) -> str:
    """The text of a rule's or ruling's entry on a page, from the end of its heading's
    attributes (``{#ID}``, ``{#ID data-search-exclude}``) to the next heading."""
    after = re.split(rf"\{{#{re.escape(entry_id)}(?: [^}}]*)?\}}", page, maxsplit=1)[1]
    return re.split(r"\n#{2,3} ", after, maxsplit=1)[0]


def _linked_ids(line: str) -> list[str]:
    return re.findall(r"\[([A-Z]{3}-[A-Z]+-\d+)\]\(", line)


@pytest.mark.slow
def test_a_rule_lists_its_rulings_and_its_clarifications_apart() -> None:
    current = spec.current()
    pages = _pages()
    listed = 0
    for rule in current.rules.values():
        entry = _entry(pages[f"{rule.scope}.md"], rule.id)
        for kind, label in (("ruling", "**Rulings:**"),
                            ("clarification", "**Clarifications:**")):
            lines = [line for line in entry.splitlines() if line.startswith(label)]
            expected = [r for r in rule.rulings if current.kind(r) == kind]
            assert [_linked_ids(line) for line in lines] == ([expected] if expected else []), \
                (rule.id, kind)
            listed += len(expected)
    assert listed == sum(len(r.rulings) for r in current.rules.values()) > 0


def _page_of_entry(entry_id: str) -> str:
    current = spec.current()
    return "rulings.md" if entry_id in current.rulings else f"{current.entry(entry_id).scope}.md"


@pytest.mark.slow
def test_every_entry_a_korean_difference_concerns_links_to_the_table() -> None:
    pages = _pages()
    concerned = {i for d in _korean().differences for i in d.rules}
    for entry_id in spec.current().ids():
        page = pages[_page_of_entry(entry_id)]
        links = [line for line in _entry(page, entry_id).splitlines()
                 if line.startswith("**Translations:**")]
        assert bool(links) == (entry_id in concerned), entry_id
        assert all("#translation-splink-ko)" in line for line in links), entry_id


@pytest.mark.slow
def test_the_korean_splink_page_shows_the_table_with_korean_headings() -> None:
    """The headings are the Korean edition's; the spec's texts stay as the spec gives
    them."""
    page = _pages()["ko/splink.md"]
    heading, section = page.split("{#translation-splink-ko}", 1)
    assert HANGUL.search(heading.rsplit("\n## ", 1)[1])
    header = next(line.strip() for line in section.splitlines()
                  if line.strip().startswith("| ") and "---" not in line)
    assert HANGUL.search(header) and "topic" not in header and "adopted" not in header
    rows = [line.strip() for line in section.splitlines() if line.strip().startswith("| **")]
    assert len(rows) == len(_korean().differences)
    for row, difference in zip(rows, _korean().differences, strict=True):
        assert esc_free(difference.translated) in row and f"**{difference.topic}**" in row
    assert "multiple of four, at most 28" in section


@pytest.mark.slow
def test_the_korean_rulings_page_shows_rulings_and_clarifications_apart() -> None:
    page = _pages()["ko/rulings.md"]
    for ruling in spec.current().rulings.values():
        entry = _entry(page, ruling.id)
        assert entry.lstrip().startswith("*판정:" if ruling.kind == "ruling" else "*해설:"), \
            ruling.id
        assert ("**옵션:**" in entry) == (ruling.kind == "ruling"), ruling.id


def esc_free(text: str) -> str:
    """``text`` as the pages write it where it holds no Markdown sign."""
    assert not re.search(r"[|*_`\\\[\]{<>&]", text), text
    return text
