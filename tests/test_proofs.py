"""Every theorem of ``proofs`` is proved (a theorem that fails is a failed test), the
proof machinery really finds counterexamples to false claims, and ``prove`` behaves as a
command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import z3

from proofs import model
from proofs.core_theorems import _removal_setup, _Setup
from proofs.solver import Z3, check, well_formed
from proofs.theorem import Theorem
from proofs.theorems import all_theorems
from shibumi_rules import spec
from shibumi_rules.board import Board, pinned
from shibumi_rules.cli import main
from shibumi_rules.notation import parse_point

THEOREMS = all_theorems()


@pytest.mark.parametrize("item", THEOREMS, ids=[t.name for t in THEOREMS])
def test_theorem_is_proved(item: Theorem) -> None:
    outcome = item.prove()
    assert outcome.proved, f"{item.name}: {outcome.summary}"
    assert outcome.counterexample is None


def test_theorems_are_named_once_with_rule_ids() -> None:
    names = [t.name for t in THEOREMS]
    assert len(names) == len(set(names))
    for t in THEOREMS:
        assert t.rules and all(r in spec.current() for r in t.rules)
        assert len(t.statement) > 40


def test_false_claim_gets_a_counterexample_in_notation() -> None:
    # Claim (false): removing ANY ball, pinned or not, keeps gravity.
    s = _Setup("removed")
    s.premises.append(s.for_selected(lambda p: s.occ[p]))
    after = model.remove(Z3, s.balls, s.at)
    outcome = check(s.premises, well_formed(after), "should not be proved", s.explain("removing"))
    assert not outcome.proved
    example = outcome.counterexample
    assert example is not None
    board = Board.from_text(example.position)  # a real position obeying gravity
    removed = parse_point(example.note.split()[-1])
    assert pinned(board.occupied) >> removed & 1
    assert example.diagram.startswith("top view")


def test_weakened_premise_is_caught() -> None:
    # Dropping the "not pinned" premise must break the straight-chain theorem's claim.
    s = _removal_setup()
    assert len(s.premises) == 3
    chain = model.drop_chain(Z3, s.occ, s.at)
    claim = z3.And([z3.Implies(chain[q], Z3.at_most_one(model.resting_on(s.occ, q)))
                    for q in model.POINTS])
    assert check(s.premises, claim, "", s.explain("removing")).proved
    assert not check(s.premises[:2], claim, "", s.explain("removing")).proved


def test_prove_command_lists_and_runs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["prove", "--list"]) == 0
    listing = capsys.readouterr().out
    assert all(t.name in listing for t in THEOREMS)
    report = tmp_path / "proofs.json"
    assert main(["prove", "placement-keeps-gravity", "--report", str(report)]) == 0
    captured = capsys.readouterr()
    assert "placement-keeps-gravity" in captured.out and "proved" in captured.out
    assert "[1/1] placement-keeps-gravity: proved" in captured.err
    document = json.loads(report.read_text())
    assert document["all_proved"] is True
    assert [t["name"] for t in document["theorems"]] == ["placement-keeps-gravity"]
    assert "seconds" not in document["theorems"][0]


def test_prove_rejects_unknown_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["prove", "no-such-theorem"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no-such-theorem" in err


def test_prove_without_z3_says_what_to_install(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "z3" else real(name, *a))
    assert main(["prove"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "proofs" in err and "install" in err


def test_engine_does_not_import_z3() -> None:
    code = ("import sys, shibumi_rules.cli as c; c.build_parser(); "
            "print('z3' in sys.modules, 'proofs' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=Path(__file__).parent.parent).stdout
    assert out.split() == ["False", "False"]
