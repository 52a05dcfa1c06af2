"""The reference conformance report page: what ``shibumi-rules conform --format markdown
--quiet`` says of the reference engine, run when the site is built, under a short
introduction for implementers.

The page is made only from a run that ends CONFORMANT; any other end stops the build
(strict or not), so the site never shows a report that says more than was checked, nor
one older than the engine and the vectors it describes. The meaning of each result is
the table of ``spec/protocol/README.md``, the one place it is written."""

from __future__ import annotations

import re

from gen_common import (
    CommandRun,
    MissingSourceError,
    Site,
    fenced,
    front_matter,
    map_prose,
    run_cli,
    source,
)
from gen_implementers import DEMOTED
from mkdocs.exceptions import PluginError

PAGE = "conformance-report.md"
COMMAND = ("conform", "--format", "markdown", "--quiet")
"""The run the page shows: the reference engine, every game, every combination of
options it declares, the default seed, random games and perft depths."""
RESULTS = "spec/protocol/README.md"
RESULTS_HEADING = "## What a run concludes"
RESULT_LINE = re.compile(r"^\*\*Result: ([A-Z]+)\*\*", re.M)
"""The line of a Markdown report that gives its result."""


class NotConformantError(PluginError):
    """The reference engine's run did not end CONFORMANT: there is nothing to publish."""


def generate(site: Site) -> None:
    results = site.part(results_table)
    site.page(PAGE, report_page(run_cli(COMMAND), results))


def conformant_report(run: CommandRun) -> str:
    """The Markdown report ``run`` printed, when the run ended CONFORMANT (its exit
    status and its result line both say so); otherwise ``NotConformantError``."""
    from shibumi_rules.conformance.results import CONFORMANT, EXIT_STATUS

    found = RESULT_LINE.findall(run.stdout)
    if run.status == EXIT_STATUS[CONFORMANT] and found == [CONFORMANT]:
        return run.stdout
    said = found[0] if len(found) == 1 else "no single result line"
    problem = run.stderr.strip().splitlines()[-1:] or ["nothing on stderr"]
    raise NotConformantError(
        f"{PAGE}: `{run.shown}` ended with exit status {run.status} ({said}), not "
        f"{CONFORMANT} with status {EXIT_STATUS[CONFORMANT]}: {problem[0]}. The site is "
        "not built: the reference engine must conform before its report is published.")


def demoted(markdown: str) -> str:
    """Every heading one level down (a report's title becomes a section of the page);
    code blocks are left alone."""
    return map_prose(markdown, lambda prose, _: re.sub(r"^#", "##", prose, flags=re.M))


def results_table() -> str:
    """The table of results and exit statuses, as ``spec/protocol/README.md`` gives it."""
    text = source(RESULTS).read_text(encoding="utf-8")
    _, found, after = text.partition(f"\n{RESULTS_HEADING}\n")
    rows: list[str] = []
    for line in after.split("\n## ", 1)[0].splitlines():
        if line.startswith("|"):
            rows.append(line)
        elif rows:
            break
    if not found or len(rows) < 3:
        raise MissingSourceError(f"{RESULTS} has no table under {RESULTS_HEADING!r} to "
                                 "say what each result means")
    return "\n".join(rows) + "\n"


def report_page(run: CommandRun, results: str) -> str:
    """The page: what the report is and how it was made, how to make one for another
    engine, what each result means, then the report itself."""
    report = conformant_report(run)
    return "\n".join([
        front_matter(boost=DEMOTED),
        "# Reference conformance report\n",
        "This is the conformance report of the reference engine, made when this site was "
        "built by running this command in the repository:\n",
        fenced("shibumi-rules " + " ".join(COMMAND), "sh"),
        "`shibumi-rules conform` started the reference engine (`shibumi-rules engine`) as "
        "a separate process and checked it over the [engine protocol](protocol.md), "
        "exactly as it checks any engine: every [conformance vector](vectors.md) under "
        "every combination of options the engine declares, [perft](perft.md) with divide, "
        "seeded random games and illegal moves. The site is built only when this run ends "
        "CONFORMANT, so the report below is never older than the engine and the vectors "
        "it describes, and never says more than was checked.\n",
        "## Your engine's report {#your-engine}\n",
        "Run the same command with `--engine` and the command line that starts your "
        "engine ([how it is started](protocol.md#running-an-engine)):\n",
        fenced("shibumi-rules conform --engine './my-engine --protocol' \\\n"
               "    --format markdown --quiet > conformance.md", "sh"),
        "It checks what your engine declares in its answer to `identify`: the games, the "
        "option values, the position forms and the optional requests. `--game` and "
        "`--option` narrow the run down, `--report FILE` also writes the findings as JSON "
        "for your CI, and without `--format` the report is text for the terminal. The "
        "[guide](implementers.md#the-conformance-harness) shows the report of an engine "
        "that breaks a rule.\n",
        "## What the result means {#results}\n",
        "A run ends with one result, and the command exits with its status, so a script "
        "or a CI job can act on it:\n",
        results,
        # kept out of the search (its option names would answer players' questions),
        # and styled so that an option's name and value wrap as one word
        f'<div markdown="1" class="conformance-report" data-search-exclude>\n\n'
        f'{demoted(report)}\n</div>\n',
    ])
