"""Every claim of ``proofs`` but the slow ones holds (a claim that fails is a failed
test; ``prove`` in CI runs them all), the proof machinery really finds counterexamples to
false claims, and ``prove`` behaves as a command."""

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
from proofs.theorem import METHODS, Theorem
from proofs.theorems import all_theorems
from shibumi_rules import prove, spec
from shibumi_rules.board import Board, pinned
from shibumi_rules.cli import main
from shibumi_rules.notation import parse_point

THEOREMS = all_theorems()
QUICK = [t for t in THEOREMS if not t.slow]


@pytest.mark.slow
@pytest.mark.parametrize("item", QUICK, ids=[t.name for t in QUICK])
def test_claim_holds(item: Theorem) -> None:
    outcome = item.prove()
    assert outcome.proved, f"{item.name}: {outcome.summary}"
    assert outcome.counterexample is None
    if item.method == "z3":
        assert outcome.cases is None
    else:
        assert outcome.cases and outcome.cases > 0, "zero cases is never a pass"


def test_claims_are_named_once_with_rule_ids_and_a_method() -> None:
    names = [t.name for t in THEOREMS]
    assert len(names) == len(set(names))
    for t in THEOREMS:
        assert t.rules and all(r in spec.current() for r in t.rules)
        assert len(t.statement) > 40
        assert t.method in METHODS
    methods = {t.method for t in THEOREMS}
    assert methods == set(METHODS)
    assert len(QUICK) < len(THEOREMS), "the slow claims are left to prove"


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


def test_the_ball_count_of_sploof_fails_with_another_removal_gain(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """sploof-pyramid-never-completes rests on the two balls a removal brings: with
    three, the sum is not kept and Z3 gives a position that shows it."""
    from proofs import sploof_model
    from proofs.sploof_theorems import sploof_pyramid_never_completes

    assert sploof_pyramid_never_completes().proved
    monkeypatch.setattr(sploof_model, "STOCK_GAIN", 3)
    outcome = sploof_pyramid_never_completes()
    assert not outcome.proved and outcome.counterexample is not None
    assert outcome.counterexample.note.startswith("remove")


def test_prove_command_lists_and_runs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["prove", "--list"]) == 0
    listing = capsys.readouterr().out
    assert all(t.name in listing for t in THEOREMS)
    assert "(exhaustive)" in listing and "(sampling)" in listing
    report = tmp_path / "proofs.json"
    assert main(["prove", "placement-keeps-gravity", "engine-pinned-balls",
                 "--report", str(report)]) == 0
    captured = capsys.readouterr()
    assert "placement-keeps-gravity" in captured.out and "proved" in captured.out
    assert "exhaustive enumeration: 141,120 cases" in captured.out
    assert "2 of 2 passed (1 proved with Z3, 1 checked exhaustively)" in captured.out
    assert "[1/2] placement-keeps-gravity: proved (Z3 proof, " in captured.err
    document = json.loads(report.read_text())
    assert document["format"] == "shibumi-proofs/2" and document["all_passed"] is True
    z3_claim, board_claim = document["theorems"]
    assert (z3_claim["name"], z3_claim["method"], z3_claim["cases"]) == (
        "placement-keeps-gravity", "z3", None)
    assert (board_claim["method"], board_claim["cases"]) == ("exhaustive", 141_120)
    assert all(t["seconds"] >= 0 for t in document["theorems"])


def test_prove_json_without_timings_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for _ in range(2):
        assert main(["prove", "engine-valid-locations", "--json", "--no-timings"]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    claim = json.loads(outputs[0])["theorems"][0]
    assert "seconds" not in claim and claim["status"] == "proved"


def test_prove_finds_the_proofs_of_a_source_checkout(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    # Not importable: the proofs/ folder beside the package's folder is put on the path.
    (tmp_path / "proofs").mkdir()
    (tmp_path / "proofs" / "__init__.py").write_text("CHECKOUT_COPY = True\n")
    monkeypatch.delitem(sys.modules, "proofs")
    monkeypatch.setattr(sys, "path", [p for p in sys.path
                                      if Path(p or ".").resolve() != prove.CHECKOUT])
    found = prove.find_proofs(tmp_path)
    assert found is not None and getattr(found, "CHECKOUT_COPY", False)
    assert sys.path[0] == str(tmp_path)


def test_prove_outside_a_source_checkout_says_so(monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "proofs", None)  # not importable
    monkeypatch.setattr(prove, "CHECKOUT", tmp_path)  # and no proofs/ folder there
    assert main(["prove"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"error: {prove.NO_CHECKOUT}\n"
    assert "source checkout" in prove.NO_CHECKOUT


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
