"""The pages for implementers that are generated: the engine protocol (from the
message schemas, with an example session replayed against the reference engine when
the site is built), the perft counts and the conformance vectors; and the files of
``spec/`` they describe, copied into the site."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gen_common import ROOT, Site, code, esc, fenced, front_matter, game, run_cli, source, table
from gen_diagrams import embed, figure

from shibumi_rules.tables.output import dumps

PROTOCOL = "protocol.md"
PERFT = "perft.md"
VECTORS = "vectors.md"
DEMOTED = 0.3
"""Search weight of these pages: material for implementers, below the rules a player's
word means (a perft position named "zigzag" is not what "zigzag" asks for)."""


def publish(site: Site, path: Path) -> str:
    """Copy a file of the repository into the site at the same path; returns that path."""
    uri = path.relative_to(ROOT).as_posix()
    site.asset(uri, path.read_bytes())
    return uri


SPEC_FILES = (
    ("rules.json", "the numbered rules: statement, sources, implementing code",
     "shibumi.md"),
    ("rulings.json", "the rulings: question, decision, rationale, alternatives, options, "
     "what other implementations do", "rulings.md"),
    ("tables/", "geometry and game tables (JSON, and CSV where flat)", "tables/index.md"),
    ("schema/", "a JSON Schema for every JSON file above and for the vectors",
     "tables/index.md"),
    ("perft/", "perft counts with divide for named positions of each game", "perft.md"),
    ("conformance/", "conformance vectors (JSON Lines)", "vectors.md"),
    ("protocol/", "the engine protocol's message schemas and an example session",
     "protocol.md"),
)


def _spec_files(site: Site) -> str:
    rows = []
    for name, what, page in SPEC_FILES:
        path = source(f"spec/{name}")
        label = code(f"spec/{name}")
        label = f"[{label}]({publish(site, path)})" if path.is_file() else label
        rows.append([label, esc(what), f"[page]({page})"])
    for path in sorted(source("spec/schema").glob("*.schema.json")):
        publish(site, path)
    return table(["file or folder", "what it holds", "on this site"], rows)


def generate(site: Site) -> None:
    site.snippet("spec-files", site.part(lambda: _spec_files(site)))
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


def _pretty(message: dict[str, Any]) -> str:
    """A message with one top-level field per line (values kept compact)."""
    fields = [f"  {json.dumps(k)}: {json.dumps(v, separators=(', ', ': '))}"
              for k, v in message.items()]
    return "{\n" + ",\n".join(fields) + "\n}"


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
    out = ["The first exchange as it travels on the pipe, one line each way:\n",
           fenced("> " + json.dumps(requests[0], separators=(",", ":")) + "\n< "
                  + json.dumps(answers[0], separators=(",", ":")) if answers else "", "text"),
           "Every exchange, laid out for reading:\n"]
    for request, answer in zip(requests, answers):
        title = f"request {request.get('id')}: {request.get('type')}"
        body = fenced(f"> {_pretty(request)}\n< {_pretty(answer)}", "text")
        if len(body) > 1500:
            out.append(f'??? example "{esc(title)} (long answer)"\n')
            out.append("".join("    " + line + "\n" for line in body.splitlines()))
        else:
            out.append(f"*{esc(title)}*\n")
            out.append(body)
    return "\n".join(out)


def _first_play(site: Site) -> str:
    """A picture of the position the first ``play`` answer of the example session
    gives, drawn for the game that request names."""
    path = source("spec/protocol/example-session.jsonl")
    for line in path.read_text(encoding="utf-8").splitlines():
        exchange = json.loads(line) if line.strip() else {}
        request, response = exchange.get("request", {}), exchange.get("response", {})
        if request.get("type") == "play" and response.get("ok"):
            g = game(request["game"])
            board = g.board(g.parse_position(response["position"]))
            return embed(site, PROTOCOL, figure(
                f"protocol-play-{request['id']}",
                f"The position of request {request['id']}'s answer: {request['move']} "
                f"played in {request['game']}.", board))
    return ""


def _protocol(site: Site) -> None:
    folder = source("spec/protocol")
    from shibumi_rules.conformance.protocol import REQUEST_TYPES

    def order(path: Path) -> tuple[int, str]:
        kind = path.name.split("-", 1)[1].removesuffix(".schema.json")
        return (REQUEST_TYPES.index(kind) if kind in REQUEST_TYPES else len(REQUEST_TYPES),
                kind)

    schemas = list(folder.glob("*.schema.json"))
    requests = sorted((p for p in schemas if p.name.startswith("request-")), key=order)
    responses = sorted((p for p in schemas if not p.name.startswith("request-")), key=order)
    out = [
        front_matter(boost=DEMOTED),
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
        _first_play(site),
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


def parse_perft(text: str) -> list[dict[str, Any]]:
    """The blocks of a perft file (its format is described in the file's header)."""
    blocks: list[dict[str, Any]] = []
    block: dict[str, Any] | None = None
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        if not line.strip():
            block = None
            continue
        key, _, rest = line.partition(" ")
        if block is None:
            block = {"depth": [], "divide": []}
            blocks.append(block)
        if key == "depth":
            depth, count = rest.split()
            block["depth"].append((int(depth), int(count)))
        elif key == "divide":
            depth, move, count = rest.split()
            block["divide"].append((int(depth), move, int(count)))
        elif key == "rules":
            block["rules"] = rest.split()
        else:
            block[key] = rest
    return blocks


def _spec() -> Any:
    from shibumi_rules import spec

    return spec.current()


def _ids(ids: list[str], page: str) -> str:
    from gen_rules import link

    spec = _spec()
    return ", ".join(link(i, spec, page) if i in spec else code(i) for i in ids)


def _about(text: str, page: str) -> str:
    from gen_rules import linked

    return linked(text, _spec(), page)


def _title(game_name: str) -> str:
    from shibumi_rules.games import get_bundle

    return get_bundle(game_name).title


def _perft_block(site: Site, game_name: str, block: dict[str, Any]) -> str:
    g = game(game_name)
    name = block["name"]
    state = g.parse_position(block["position"])
    out = [
        f"### {esc(name)} {{#{game_name}-{name} data-search-exclude}}\n",
        _about(block.get("about", ""), PERFT) + "\n",
        embed(site, PERFT, figure(f"perft-{game_name}-{name}",
                                  f"{_title(game_name)}, position {name}.",
                                  g.board(state))),
        fenced(block["position"]),
        "Built to exercise: " + _ids(block.get("rules", []), PERFT) + ".\n",
        table(["depth", "perft"], [[str(d), f"{c:,}"] for d, c in block["depth"]]),
    ]
    if block["divide"]:
        depth = block["divide"][0][0]
        rows = "".join(f"    {move} {count}\n" for _, move, count in block["divide"])
        out.append(f'??? note "divide at depth {depth}: {len(block["divide"])} first moves"\n\n'
                   f"    ```text\n{rows}    ```\n")
    return "\n".join(out)


def _perft(site: Site) -> str:
    from shibumi_rules.games import bundles

    titles = {b.name: b.title for b in bundles()}
    files = [(name, source(f"spec/perft/{name}.perft")) for name in titles]
    out = [
        front_matter(boost=DEMOTED),
        "# Perft counts\n",
        "Perft counts the move sequences of a given length from a position: perft(1) is "
        "the number of legal moves, perft(2) the number of two-move sequences, and so "
        "on. A finished game has no moves, so it ends every sequence that reaches it. "
        "Equal counts at every depth are strong evidence that two move generators agree; "
        "when they differ, the counts below each first move (the *divide*) show where, "
        "and `shibumi-rules conform` narrows the difference down to one position and one "
        "move automatically.\n",
        "The files are plain text, generated from the reference engine by `shibumi-rules "
        "tables` and checked in CI. Each block gives a named position chosen to exercise "
        "particular rules, in position notation with every option written out:\n",
    ]
    for name, path in files:
        out.append(f"- [{path.name}]({publish(site, path)}): {titles[name]}")
    out.append("")
    out.append("Counting with the reference engine:\n")
    first = next(iter(titles))
    out.append(fenced(f"shibumi-rules perft {first} 4\n"
                      f"shibumi-rules perft {first} 2 --divide --position 'POSITION'", "sh"))
    for name, path in files:
        blocks = parse_perft(path.read_text(encoding="utf-8"))
        out.append(f"## {titles[name]} {{#{name}}}\n")
        out.append(table(["position", "deepest count"], [
            [f"[{esc(b['name'])}](#{name}-{b['name']})",
             f"perft({b['depth'][-1][0]}) = {b['depth'][-1][1]:,}" if b["depth"] else ""]
            for b in blocks
        ]))
        out += [_perft_block(site, name, b) for b in blocks]
    return "\n".join(out)


# -- vectors --------------------------------------------------------------------------


def _first(value: Any, n: int) -> Any:
    """The first ``n`` items of a list or an object, with "..." standing for the rest."""
    if isinstance(value, list) and len(value) > n:
        return [*value[:n], "..."]
    if isinstance(value, dict) and len(value) > n:
        return {**dict(list(value.items())[:n]), "...": "..."}
    return value


def _fields(site: Site, schema_name: str, fallback: dict[str, str]) -> str:
    """The fields of a vector, described by its JSON Schema (or ``fallback``)."""
    path = source(f"spec/schema/{schema_name}.schema.json")
    schema = json.loads(path.read_text(encoding="utf-8"))
    rows = [[code(name), esc(node.get("description") or fallback.get(name, ""))]
            for name, node in schema.get("properties", {}).items()]
    link = f"[{path.name}]({publish(site, path)})"
    return f"Its fields, from the schema {link}:\n\n" + table(["field", "meaning"], rows)


def _vectors(site: Site) -> str:
    folder = source("spec/conformance")
    files = sorted(folder.rglob("*.jsonl"))
    spec = _spec()
    coverage: dict[str, int] = {i: 0 for i in spec.ids()}
    counts = []
    examples: dict[str, dict[str, Any]] = {}
    for path in files:
        vectors = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
                   if line.strip()]
        label = path.relative_to(folder).as_posix()
        counts.append([f"[{label}]({publish(site, path)})", str(len(vectors))])
        for vector in vectors:
            for rule_id in vector.get("rules", []):
                coverage[rule_id] = coverage.get(rule_id, 0) + 1
            kind = vector.get("kind", "position")
            examples.setdefault(kind, vector)
    out = [
        front_matter(boost=DEMOTED),
        "# Conformance vectors\n",
        "Vectors are test cases in JSON Lines: one JSON object per line, each checkable "
        "on its own. A position vector gives a position with its options, the outcome "
        "there, every legal move in canonical order, and for each move the position and "
        "outcome it leads to. A match vector gives a whole match record (of a game played "
        "in matches), to be replayed move by move. Each vector lists the rule and ruling "
        "IDs it exercises.\n",
        "They are generated from the reference engine by `shibumi-rules tables` (from "
        "the named positions of the [perft files](perft.md) and from seeded random games) "
        "and checked in CI. `shibumi-rules conform` runs them against an engine; an "
        "engine can also read them directly in its own tests.\n",
        table(["file", "vectors"], counts),
    ]
    index = folder / "index.json"
    if index.is_file():
        schema = source("spec/schema/conformance-index.schema.json")
        out.append(
            f"The folder's [index.json]({publish(site, index)}) dates and fingerprints "
            "them: the spec version, a content hash, and for each file its game, its kind, "
            "the number of vectors, the schema of its lines and its SHA-256 "
            f"([schema]({publish(site, schema)})). Check a copy against it before "
            "relying on it.\n")
    out.append("## A position vector {#position-vector}\n")
    example = examples.get("position")
    if example:
        g = game(example["game"])
        shown = dict(example)
        shown["results"] = _first(example["results"], 2)
        out.append(fenced(dumps(shown), "json"))
        out.append(embed(site, VECTORS, figure(
            "vector-example", f"The position of vector {example['id']}.",
            g.board(g.parse_position(example["position"])))))
        out.append(_fields(site, "vector", {
            "id": "unique name of the vector",
            "game": "the game",
            "source": "where the position comes from: a named position, or a seeded random "
                      "game and its ply",
            "outcome": "the outcome in the position, as `play --json` prints it",
        }))
    match = examples.get("match")
    if match:
        out.append("## A match vector {#match-vector}\n")
        out.append(fenced(dumps(match), "json"))
        out.append(_fields(site, "match-vector", {
            "kind": "`match`", "record": "the match record, as `match --json` prints it",
            "source": "the players and seed the match was played with, and its result",
        }))
    out.append("## Coverage {#coverage}\n")
    out.append("How many vectors exercise each rule and ruling:\n")
    out.append(table(["ID", "title", "vectors"], [
        [_ids([i], VECTORS), esc(spec.title(i)), str(n)] for i, n in coverage.items()
        if i in spec
    ]))
    missing = [i for i, n in coverage.items() if n == 0 and i in spec]
    if missing:
        site.warnings.append(f"{VECTORS}: no vector exercises {', '.join(missing)}")
    return "\n".join(out)
