"""The "Solved positions" page: what the solver proves (the certificates of
``spec/solutions/``, which CI replays with ``solve --check``), how it searches, and
puzzles from the ends of seeded random games, each solved when the site is built.

A puzzle is a position of a game (one of the registered games with a win-or-lose
utility) where the player to move forces a win in exactly three plies with one first
move only; the page gives that move as the answer, folded, and the build fails when the
solver no longer agrees (a puzzle is found by the solver and checked again by it with
another node budget, never typed in). The words are data: ``solved`` in
``docs/content/site.en.json`` and its translation.
"""

from __future__ import annotations

import json
import random
from typing import Any

from gen_common import ROOT, Site, code, esc, fenced, front_matter, games, table
from gen_i18n import site_texts

from shibumi_rules.diagram import render
from shibumi_rules.solver.solve import solve

PAGE = "solved.md"
PUZZLES = 3
"""Puzzles per game."""
BUDGET = 5_000
"""Positions the solver may search for a candidate puzzle."""
SEED = 30


def certificates() -> list[dict[str, Any]]:
    """The committed certificates, by file name."""
    out = []
    for path in sorted((ROOT / "spec" / "solutions").glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        document["file"] = f"spec/solutions/{path.name}"
        document["bytes"] = path.stat().st_size
        out.append(document)
    return out


def puzzles(definition: Any, count: int, seed: int) -> list[tuple[str, str, str]]:
    """(position, mover, the one winning first move) of ``count`` puzzles."""
    game, actions = definition.rules(), definition.actions()
    rng = random.Random(seed)
    found: list[tuple[str, str, str]] = []
    tries = 0
    while len(found) < count and tries < 400:
        tries += 1
        first = rng.choice(game.first_choices) if game.first_choices else None
        states = [game.start(first=first)]
        while not game.is_over(states[-1]) and len(states) < 200:
            states.append(game.play(states[-1], rng.choice(game.legal_moves(states[-1]))))
        if len(states) < 6 or not game.is_over(states[-1]):
            continue
        state = states[-6]
        answer = solve(game, actions, state, budget=BUDGET)
        if answer.solved and answer.value == 1.0 and answer.plies == 3 and \
                len(answer.best) == 1:
            again = solve(game, actions, state, budget=BUDGET * 4)
            if (again.value, again.plies, again.best) != (1.0, 3, answer.best):
                raise RuntimeError(f"{PAGE}: the solver disagrees with itself on "
                                   f"{game.format_position(state)}")
            found.append((game.format_position(state), answer.mover, answer.best[0]))
    return found


def page(lang: str, found: list[dict[str, Any]],
         problems: list[tuple[Any, list[tuple[str, str, str]]]]) -> str:
    texts = site_texts()

    def say(path: str, **values: object) -> str:
        if values:
            return texts.fill(f"solved.{path}", **values).get(lang)
        return texts.text(f"solved.{path}").get(lang)

    out = [front_matter(title=say("title")), f"# {esc(say('title'))}\n", esc(say("intro")),
           "", f"## {esc(say('how-title'))}\n", esc(say("how")), "",
           f"## {esc(say('certificates-title'))}\n", esc(say("certificates")), ""]
    rows = [[esc(d["game"]), code(d["position"]), esc(d["winner"]),
             f"{d['positions']:,}", str(d["longest"]), f"{d['bytes']:,}",
             f"{d['search']['nodes']:,}", code(d["file"])] for d in found]
    out.append(table([esc(say(f"columns.{c}")) for c in
                      ("game", "position", "winner", "answers", "longest", "bytes", "nodes",
                       "file")], rows))
    checks = "\n".join(f"shibumi-rules solve {d['game']} --check" for d in found)
    out += ["", fenced(checks, "sh") if found else "", "",
            f"## {esc(say('puzzles-title'))}\n", esc(say("puzzles")), ""]
    for definition, items in problems:
        out.append(f"### {esc(definition.title)}\n")
        game = definition.rules()
        for number, (position, mover, move) in enumerate(items, start=1):
            state = game.parse_position(position)
            out += [f"**{number}.** {esc(say('puzzle', who=mover))}\n",
                    fenced(render(game.board(state))), code(position), "",
                    f'??? note "{esc(say("answer-title"))}"\n',
                    f"    {esc(say('answer', move=move))}\n"]
    return "\n".join(out) + "\n"


def generate(site: Site) -> None:
    found = certificates()
    problems = []
    for definition in games():
        actions = definition.actions()
        if tuple(actions.utility) != (-1.0, 1.0):
            continue
        problems.append((definition, puzzles(definition, PUZZLES, SEED + definition.order)))
    site.page(PAGE, page("en", found, problems))
    site.page(PAGE, page("ko", found, problems), lang="ko")
