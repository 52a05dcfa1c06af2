"""The pages for implementers that are generated: the engine protocol (from the
message schemas, with an example session replayed against the reference engine when
the site is built), the perft counts and the conformance vectors; and the files of
``spec/`` they describe, copied into the site."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gen_common import ROOT, Site, code, esc, fenced, game, run_cli, source, table
from gen_diagrams import embed, figure

PROTOCOL = "protocol.md"
PERFT = "perft.md"
VECTORS = "vectors.md"


def publish(site: Site, path: Path) -> str:
    """Copy a file of the repository into the site at the same path; returns that path."""
    uri = path.relative_to(ROOT).as_posix()
    site.asset(uri, path.read_bytes())
    return uri


def generate(site: Site) -> None:
    _protocol(site)
    site.page(PERFT, site.part(lambda: _perft(site)) or "# Perft counts\n")
    site.page(VECTORS, site.part(lambda: _vectors(site)) or "# Conformance vectors\n")


# -- the protocol ------------------------------------------------------------------


def _type_of(node: dict[str, Any], defs: dict[str, Any]) -> tuple[str, str]:
    """A short type text and the description of a schema node (refs resolved)."""
    description = node.get("description", "")
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[1]
        target = defs.get(name, {})
        kind, inner = _type_of(target, defs)
        return kind, description or inner
    if "const" in node:
        return code(json.dumps(node["const"])), description
    if "enum" in node:
        return " \\| ".join(code(json.dumps(v)) for v in node["enum"]), description
    kind = node.get("type", "any")
    if isinstance(kind, list):
        kind = " or ".join(kind)
    if kind == "array" and isinstance(node.get("items"), dict):
        item, _ = _type_of(node["items"], defs)
        kind = f"array of {item}"
    return str(kind), description


def _schema_section(site: Site, path: Path) -> str:
    schema = json.loads(path.read_text(encoding="utf-8"))
    uri = publish(site, path)
    anchor = path.name.removesuffix(".schema.json")
    defs = schema.get("$defs", {})
    required = set(schema.get("required", []))
    rows = []
    for name, node in schema.get("properties", {}).items():
        kind, description = _type_of(node, defs)
        rows.append([code(name), kind, "yes" if name in required else "",
                     esc(description)])
    out = [
        f"### {esc(schema.get('title', anchor))} {{#{anchor}}}\n",
        esc(schema.get("description", "")) + f" ([schema]({uri}))\n",
        table(["field", "type", "required", "meaning"], rows),
    ]
    return "\n".join(out)


def _session(site: Site) -> str:
    """Replay the requests of the example session against the reference engine now, and
    show each request with the engine's actual answer."""
    path = source("spec/protocol/example-session.jsonl")
    publish(site, path)
    exchanges = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
                 if line.strip()]
    requests = [e["request"] for e in exchanges]
    stdin = "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in requests)
    run = run_cli(["engine"], stdin=stdin)
    answers = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
    if run.status != 0 or len(answers) != len(requests):
        site.warnings.append(f"{PROTOCOL}: the reference engine did not answer every request "
                             f"of the example session: {run.stderr.strip()}")
    for exchange, answer in zip(exchanges, answers):
        if exchange["response"] != answer:
            site.warnings.append(
                f"{PROTOCOL}: spec/protocol/example-session.jsonl is out of date at request "
                f"{exchange['request'].get('id')}; run `shibumi-rules engine --write-spec`"
            )
    out = []
    for request, answer in zip(requests, answers):
        text = json.dumps(request, separators=(",", ":"))
        reply = json.dumps(answer, separators=(",", ":"))
        block = fenced(f"> {text}\n< {reply}", "text")
        if len(reply) > 1200:
            pretty = json.dumps(answer, indent=1)
            head = f'??? example "request {request.get("id")}: {request.get("type")}"\n'
            block = fenced(f"> {text}", "text") + head + "\n".join(
                "    " + line for line in fenced(pretty, "json").splitlines()) + "\n"
        out.append(block)
    return "\n".join(out)


def _protocol(site: Site) -> None:
    folder = source("spec/protocol")
    schemas = sorted(folder.glob("*.schema.json"))
    requests = [p for p in schemas if p.name.startswith("request-")]
    responses = [p for p in schemas if not p.name.startswith("request-")]
    sploof = game("sploof")
    after = sploof.parse_position(
        "RRRR,RW.R,R..R,RRRR/...,...,.../..,../. black stock:1,2 supply:14,14,4")
    out = [
        "# Engine protocol\n",
        "The conformance harness talks to an engine through this protocol: newline-"
        "delimited JSON on the engine's standard input and output, one request per line "
        "and exactly one response line for each, in order. Any language that can read and "
        "write lines can take part.\n",
        "Each request names the game, every option in force and the position, so an "
        "engine can keep no state between requests. A position comes either as position "
        "notation (`{\"notation\": ...}`) or as the start position plus the moves played "
        "from it (`{\"first\": \"white\", \"moves\": [...]}`), so an engine that only "
        "reads and writes moves can be checked too. The engine's answer to `identify` "
        "says which forms and which optional requests it supports.\n",
        "A request has an `id` that its response repeats and a `type`. Responses carry "
        "`\"ok\": true` with the answer, or `\"ok\": false` with an error: its kind, a "
        "message for people and, for an illegal move, the ID of the rule the move "
        "breaks. `identify`, `moves` and `play` are required; `expand` (every legal move "
        "with the position and outcome it leads to) and `perft` make checking faster.\n",
        "## Example session {#example-session}\n",
        "Requests (`>`) as the harness sends them, and the answers (`<`) of the reference "
        "engine, `shibumi-rules engine`, obtained when this page was built. The requests "
        "are those of [the example file](spec/protocol/example-session.jsonl).\n",
        _session(site),
        embed(site, PROTOCOL, figure(
            "protocol-after-1c3", "The position of request 3's answer: White has played "
            "1c3 from the start, and Black is to move.", sploof.board(after))),
        "## Requests {#requests}\n",
        *[_schema_section(site, p) for p in requests],
        "## Responses {#responses}\n",
        *[_schema_section(site, p) for p in responses],
        "## Running your engine {#running}\n",
        "Point the harness at the command that starts your engine; it is split like a "
        "shell would split it but never run through a shell:\n",
        fenced("shibumi-rules conform --engine './my-engine --protocol'", "sh"),
        "The [guide](implementers.md#the-conformance-harness) explains what it checks "
        "and how it reports a disagreement.\n",
    ]
    site.page(PROTOCOL, "\n".join(out))


# -- perft ----------------------------------------------------------------------------


def _perft(site: Site) -> str:
    source("spec/perft/sploof.txt")
    return ""


def _vectors(site: Site) -> str:
    source("spec/conformance")
    return ""
