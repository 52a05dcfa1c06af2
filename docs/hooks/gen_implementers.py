"""The pages for implementers that are generated here: the perft counts and the
conformance vectors; and the files of ``spec/`` they describe, copied into the site (the
engine protocol has its own module, ``gen_protocol``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gen_common import ROOT, Site, code, esc, fenced, front_matter, game, games, source, table
from gen_diagrams import embed, figure

from shibumi_rules.contract.files import dumps

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
    ("games.json", "the scopes: the Shibumi system and each game, with the prefix of its "
     "rule IDs", "shibumi.md"),
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
    site.page(PERFT, site.part(lambda: _perft(site)) or "# Perft counts\n")
    site.page(VECTORS, site.part(lambda: _vectors(site)) or "# Conformance vectors\n")


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
    return next(d.title for d in games() if d.name == game_name)


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
    titles = {d.name: d.title for d in games()}
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
