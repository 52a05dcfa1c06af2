"""The command-line reference: every subcommand with its help and examples whose output
is produced by running them while the site is built (so it can never go stale)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from gen_common import (
    CommandRun,
    Site,
    code,
    esc,
    fenced,
    front_matter,
    games,
    relative,
    run_cli,
)
from gen_diagrams import attribute, svg_description

PAGE = "reference/cli.md"
DEMOTED = 0.2
"""Search weight of the page: commands, below the rules an everyday word means."""

START = "RRRR,R..R,R..R,RRRR/...,...,.../..,../."


@dataclass(frozen=True)
class Example:
    argv: tuple[str, ...]
    note: str
    status: int = 0
    stdin: str | None = None
    collapsed: bool = False
    """Show the output folded (for long tables)."""
    picture: str | None = None
    """The output is an SVG document: show it as this picture (a file name stem)."""


def ex(note: str, *argv: str, status: int = 0, stdin: str | None = None,
       collapsed: bool = False, picture: str | None = None) -> Example:
    return Example(tuple(argv), note, status, stdin, collapsed, picture)


WIN2 = "RRRR,RBBB,R.WR,RRRR/B..,...,.../..,../. white stock:2,2 supply:13,10,5"
CROSSED = "RRRR,WWWW,RBBR,R..R/.B.,.B.,.../..,../. black stock:2,2 supply:10,10,8"


ENGINE_SESSION = "\n".join([
    '{"id": 1, "type": "identify"}',
    '{"id": 2, "type": "moves", "game": "sploof", "moves": ["1c3"]}',
])

EXAMPLES: dict[str, tuple[Example, ...]] = {
    "show": (
        ex("The Sploof set-up (the default board): the top view, then each level.", "show"),
        ex("Any board field; a ball with nothing under it is refused with the rule broken.",
           "show", "W...,....,....,..../B..,...,.../..,../.", status=1),
        ex("A whole position of a game, with its counters.",
           "show", "--game", "splink",
           "RW..,....,....,..../...,...,.../..,../. repulsor turns:1 supply:15,15"),
    ),
    "geometry": (
        ex("Every point, touching pair, hidden point, crossing and symmetry.", "geometry",
           collapsed=True),
        ex("The empty pyramid of side 5 (55 points, the apex 5e5): its top view and levels.",
           "geometry", "--size", "5", "--diagram"),
    ),
    "moves": (
        ex("The legal moves of the Sploof start position.", "moves", "sploof"),
        ex("After two moves, as JSON.", "moves", "sploof", "1c3", "x1a1", "--json"),
        ex("Splink after one turn: the first of the moves.", "moves", "splink",
           "R1a1+W1c1", "--json", collapsed=True),
    ),
    "play": (
        ex("Play moves and see the position, its diagram and the outcome.",
           "play", "sploof", "1c3", "x1a1", "1e3"),
        ex("The same as JSON.", "play", "sploof", "1c3", "x1a1", "1e3", "--json"),
        ex("An illegal move stops with its number, the reason and the rule.",
           "play", "sploof", "1c3", "x1c3", status=1),
        ex("A Splink turn and the score as it stands.",
           "play", "splink", "R1a1+W1c1", "--json"),
    ),
    "perft": (
        ex("Leaves of the Sploof move tree, three plies deep (the timing goes to stderr).",
           "perft", "sploof", "3"),
        ex("Split by first move.", "perft", "splink", "1", "--divide", collapsed=True),
        ex("From a position, under an option.", "perft", "sploof", "2", "--position",
           START + " black stock:2,2 supply:14,14,4", "--option", "supply=unlimited"),
    ),
    "explain": (
        ex("Is a move legal, and what happens if it is played? Each step names its rule.",
           "explain", "sploof", "--moves", "1c3 x1a1", "1e3", "--no-diagram"),
        ex("An illegal move is an answer, not an error: it says which rule forbids it.",
           "explain", "sploof", "2b2", "--no-diagram"),
        ex("A dispute: does White's row on rank 3 count? Without a question, the state of "
           "the position, with its lines and near-lines.",
           "explain", "sploof", "--position", CROSSED),
        ex("The answer as a picture (`--svg FILE` writes it; `-` prints it): removing 1a3 "
           "drops Black's ball into Black's row, and White loses.",
           "explain", "sploof", "--position", WIN2, "x1a3", "--svg", "-",
           picture="cli-explain-win-2"),
        ex("As JSON, for tools.", "explain", "splink", "R1a1+W1c1", "--json", collapsed=True),
    ),
    "match": (
        ex("A duel between the built-in players: two games, roles switched.",
           "match", "splink", "--seed", "7", "--brief", collapsed=True),
        ex("A bid match.", "match", "splink", "--format", "bid", "--players", "greedy,random",
           "--seed", "7", "--brief", collapsed=True),
    ),
    "engine": (
        ex("The reference engine answers protocol requests on stdin, one JSON line each "
           "(see the [protocol](../protocol.md)).", "engine",
           stdin='{"id": 1, "type": "identify", "protocol": 1}\n'
                 '{"id": 2, "type": "moves", "game": "sploof", "options": {"simultaneous": '
                 '"mover", "supply": "limited"}, "position": {"first": "white", "moves": '
                 '["1c3"]}}\n'),
    ),
    "conform": (
        ex("Check an engine against the reference (here the reference itself, as a "
           "subprocess, for one game): vectors, perft with divide, random games. The "
           "[reference conformance report](../conformance-report.md) is the whole run, "
           "every game, made when this site was built.",
           "conform", "--game", "splink", "--quiet"),
    ),
    "tables": (
        ex("Check that the committed tables are exactly what the engine generates now.",
           "tables", "--check", "--only", "tables"),
    ),
    "content": (
        ex("Check the content files: the texts of the how-to-play pages, the arbiter's "
           "answers, the captions and every translation, each translation held to the "
           "English it translates.", "content", "--check"),
    ),
    "prove": (
        ex("The theorems, with the rules each covers and its statement.", "prove", "--list",
           collapsed=True),
        ex("Prove some of them (all, without names); the table gives each result and time.",
           "prove", "placement-keeps-gravity", "complete-iff-no-valid-location"),
    ),
    "solve": (
        ex("Who can force a win from here, with which moves and how fast (a Spline game "
           "after ten balls).", "solve", "spline", "1a1", "1c1", "1e1", "1a3", "1c3", "1g1",
           "1e3", "1g3", "1a5", "1c5", "--quiet"),
        ex("A position too large for the budget is not solved, and the answer says what "
           "was searched.", "solve", "sploof", "--nodes", "2000", "--quiet"),
    ),
    "bench": (
        ex("Perft timings (figures depend on the machine; the [benchmarks]"
           "(../benchmarks.md) page gives them with the date and the machine).", "bench",
           "sploof", "--depth", "3"),
    ),
}


SNIPPETS: dict[str, tuple[Example, ...]] = {
    "quickstart-show": (ex("", "show"),),
    "quickstart-moves": (ex("", "moves", "sploof", "--json"),),
    "quickstart-play": (ex("", "play", "sploof", "1c3", "x1a1", "1e3"),),
    "quickstart-illegal": (ex("", "play", "sploof", "1c3", "x1c3", status=1),),
    "quickstart-explain": (ex("", "explain", "sploof", "--moves", "1c3 x1a1", "1e3"),),
    "quickstart-perft": (ex("", "perft", "sploof", "4"),),
    "guide-conform": (ex("", "conform", "--game", "splink", "--quiet"),),
    "guide-divergence": (ex("", "conform", "--engine",
                            "python3 -m tests.engines.sploof_no_crossing", "--game", "sploof",
                            "--games", "1", "--depth", "1", "--quiet", status=1),),
}
"""Outputs shown in the hand-written pages, at their ``<!-- generated: NAME -->``."""


def _commands() -> list[tuple[str, str]]:
    from shibumi_rules import cli

    return [(c.name, c.help) for c in cli.commands(games()).values()]


def _render_picture(site: Site, example: Example, run: CommandRun) -> str:
    assert example.picture is not None
    uri = f"diagrams/{example.picture}.svg"
    site.asset(uri, run.stdout.encode("utf-8"))
    href = relative(PAGE, uri)
    alt = attribute(f"The picture the command prints: {svg_description(run.stdout)}")
    return (f"```console\n$ {run.shown}\n```\n\n"
            f'[![{alt}]({href})]({href}){{ .diagram-zoom title="open full size" }}\n')


TIMING = re.compile(r"\b\d[\d,]*(?:\.\d+)?( s\b)")
RATE = re.compile(r"\b\d[\d,]*(?:\.\d+)?( (?:leaves|positions)/s\b)")
TIME_MARK = "‹time›"
RATE_MARK = "‹rate›"


def untimed(text: str) -> str:
    """Output with every timing and rate written as ‹time› and ‹rate›: they change from
    run to run, and only the Benchmarks page shows them, saying when and where."""
    return TIMING.sub(TIME_MARK + r"\1", RATE.sub(RATE_MARK + r"\1", text))


def _render_run(run: CommandRun) -> str:
    text = "$ " + run.shown + "\n"
    if run.stdin is not None:
        text = "$ " + run.shown + " <<'EOF'\n" + run.stdin.rstrip() + "\nEOF\n"
    text += run.stdout
    if run.stderr:
        text += run.stderr if run.stderr.endswith("\n") else run.stderr + "\n"
    if run.status:
        text += f"(exit status {run.status})\n"
    return fenced(untimed(text), "console")


_RUNS: dict[tuple[tuple[str, ...], str | None], CommandRun] = {}


def _run(job: tuple[str, Example | None]) -> CommandRun:
    """Run an example (each distinct command once per build)."""
    name, example = job
    argv, stdin = ((name, "--help"), None) if example is None else (example.argv, example.stdin)
    if (argv, stdin) not in _RUNS:
        _RUNS[(argv, stdin)] = run_cli(argv, stdin=stdin)
    return _RUNS[(argv, stdin)]


def _check_status(site: Site, where: str, example: Example, result: CommandRun) -> None:
    if result.status != example.status:
        site.warnings.append(
            f"{where}: {result.shown!r} exited {result.status}, expected "
            f"{example.status}: {result.stderr.strip()}"
        )


def generate(site: Site) -> None:
    _RUNS.clear()
    commands = _commands()
    jobs: list[tuple[str, Example | None]] = []
    for name, _ in commands:
        jobs.append((name, None))
        examples = EXAMPLES.get(name, ())
        if not examples:
            site.warnings.append(f"{PAGE}: the command {name!r} has no example")
        jobs += [(name, e) for e in examples]
    snippet_jobs: list[tuple[str, Example | None]] = [
        (name, e) for name, examples in SNIPPETS.items() for e in examples
    ]
    results = [_run(job) for job in jobs]
    snippet_results = [_run(job) for job in snippet_jobs]

    for (snippet, snippet_example), result in zip(snippet_jobs, snippet_results):
        assert snippet_example is not None
        _check_status(site, f"snippet {snippet}", snippet_example, result)
        site.snippet(snippet, _render_run(result))

    by_command: dict[str, list[tuple[Example | None, CommandRun]]] = {}
    for (name, example), result in zip(jobs, results):
        by_command.setdefault(name, []).append((example, result))
        if example is not None:
            _check_status(site, PAGE, example, result)

    out = [
        front_matter(boost=DEMOTED),
        "# Command line\n",
        "Everything the engine does is available as `shibumi-rules COMMAND` (or "
        "`python -m shibumi_rules COMMAND`). Bad input never produces a traceback: the "
        "command prints one line on stderr saying what is wrong, with the rule ID when a "
        "rule is broken, and exits with status 1.\n",
        "Every example below was run when this page was built; the output is the "
        "program's own, except that timings show as ‹time› and ‹rate› (the "
        "[benchmarks](../benchmarks.md) page gives measured figures) and the Python "
        "interpreter as `python3`.\n",
        "| command | what it does |\n|---|---|",
    ]
    out += [f"| [{code(name)}](#{name}) | {esc(help_text)} |" for name, help_text in commands]
    out.append("")
    for name, help_text in commands:
        out.append(f"## {name} {{#{name}}}\n")
        out.append(esc(help_text).capitalize() + ".\n")
        for example, result in by_command[name]:
            if example is None:
                out.append('??? note "Usage"\n')
                out.append(_indent(fenced(result.stdout, "text")))
                continue
            out.append(example.note + "\n")
            if example.picture:
                out.append(_render_picture(site, example, result))
            elif example.collapsed:
                out.append(f'??? example "{esc(result.shown)}"\n')
                out.append(_indent(_render_run(result)))
            else:
                out.append(_render_run(result))
    site.page(PAGE, "\n".join(out))


def _indent(text: str) -> str:
    return "".join("    " + line if line.strip() else line
                   for line in text.splitlines(keepends=True)) + "\n"
