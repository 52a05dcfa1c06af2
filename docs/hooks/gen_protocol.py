"""The engine protocol page. ``spec/protocol/README.md``, the protocol in words, is the
page: one source, which reads the same in the repository and on the site, its links to
the repository's files turned into links to the same files published on the site. After
it come two appendices generated from the protocol's own files: the fields of every
message, from the JSON Schemas, and the example session replayed against the reference
engine when the site is built (a recorded session the engine no longer gives fails the
build)."""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path
from typing import Any

from gen_common import (
    ROOT,
    Site,
    code,
    esc,
    fenced,
    front_matter,
    game,
    map_prose,
    relative,
    run_cli,
    source,
    table,
)
from gen_diagrams import embed, figure
from gen_implementers import DEMOTED, publish

PROTOCOL = "protocol.md"
README = "spec/protocol/README.md"

_CODE_OR_LINK = re.compile(r"(?P<code>(?P<ticks>`+).*?(?P=ticks))"
                           r"|(?<!!)\[(?P<text>[^\]]*)\]\((?P<target>[^)\s]+)\)", re.S)
"""An inline code span (left alone: it shows a link as text) or an inline link."""
_EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)


def generate(site: Site) -> None:
    site.page(PROTOCOL, site.part(lambda: _protocol(site)) or "# Engine protocol\n")


def site_target(site: Site, target: str, where: str, page: str) -> str | None:
    """Where a link of the repository file ``where`` to ``target`` leads on the site, as
    seen from ``page``: a page of ``docs/`` to its page, a file of ``spec/`` to its
    published copy (published now), an anchor or another site unchanged; None when the
    site has no such page or file."""
    if target.startswith("#") or _EXTERNAL.match(target):
        return target
    path, hash_, anchor = target.partition("#")
    repo = posixpath.normpath(posixpath.join(posixpath.dirname(where), path))
    file = ROOT / repo
    if repo.startswith("docs/") and repo.endswith(".md") and file.is_file():
        uri = repo.removeprefix("docs/")
    elif repo.startswith("spec/") and file.is_file() and not repo.endswith(".md"):
        uri = publish(site, file)
    else:
        return None
    return relative(page, uri) + hash_ + anchor


def site_markdown(site: Site, text: str, where: str, page: str) -> str:
    """The Markdown of the repository file ``where`` with its links made to work on the
    site page ``page``; a link the site cannot follow is a warning (a strict build
    fails, naming it)."""

    def links(prose: str, first: int) -> str:
        def link(match: re.Match[str]) -> str:
            if match.group("code"):
                return match.group(0)
            target = site_target(site, match.group("target"), where, page)
            if target is None:
                number = first + prose.count("\n", 0, match.start())
                site.warnings.append(
                    f"{where}:{number}: the link to {match.group('target')} leads nowhere on "
                    "the site (link a page of docs/, a file of spec/, an anchor or a web "
                    "address)")
                return match.group(0)
            return f"[{match.group('text')}]({target})"

        return _CODE_OR_LINK.sub(link, prose)

    return map_prose(text, links)


def _protocol(site: Site) -> str:
    from shibumi_rules.conformance.protocol import REQUEST_TYPES

    folder = source("spec/protocol")

    def order(path: Path) -> tuple[int, str]:
        kind = path.name.split("-", 1)[1].removesuffix(".schema.json")
        return (REQUEST_TYPES.index(kind) if kind in REQUEST_TYPES else len(REQUEST_TYPES),
                kind)

    schemas = list(folder.glob("*.schema.json"))
    requests = sorted((p for p in schemas if p.name.startswith("request-")), key=order)
    responses = sorted((p for p in schemas if not p.name.startswith("request-")), key=order)
    readme = source(README).read_text(encoding="utf-8")
    return "\n".join([
        front_matter(boost=DEMOTED),
        site_markdown(site, readme, README, PROTOCOL),
        "## Requests, field by field {#requests}\n",
        f"The sections above are {code(README)} of the repository. The tables of this "
        "section and the next are generated from the JSON Schemas, the exact definition "
        "of each message.\n",
        *[_schema_section(site, p) for p in requests],
        "## Responses, field by field {#responses}\n",
        *[_schema_section(site, p) for p in responses],
        "## The example session, exchange by exchange {#exchanges}\n",
        "The requests of [the example session](#example-session), each with the answer "
        "of the reference engine, `shibumi-rules engine`, obtained when this page was "
        "built, laid out for reading:\n",
        _session(site),
    ])


# -- the messages, from the schemas ----------------------------------------------------


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


# -- the example session, replayed ---------------------------------------------------


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
    out = []
    pictured = False
    for request, answer in zip(requests, answers):
        title = f"request {request.get('id')}: {request.get('type')}"
        body = fenced(f"> {_pretty(request)}\n< {_pretty(answer)}", "text")
        if len(body) > 1500:
            out.append(f'??? example "{esc(title)} (long answer)"\n')
            out.append("".join("    " + line + "\n" for line in body.splitlines()))
        else:
            out.append(f"*{esc(title)}*\n")
            out.append(body)
        if not pictured and request.get("type") == "play" and answer.get("ok"):
            out.append(_played(site, request, answer))
            pictured = True
    return "\n".join(out)


def _played(site: Site, request: dict[str, Any], answer: dict[str, Any]) -> str:
    """A picture of the position a ``play`` answer gives, drawn for the game the
    request names."""
    g = game(request["game"])
    board = g.board(g.parse_position(answer["position"]))
    return embed(site, PROTOCOL, figure(
        f"protocol-play-{request['id']}",
        f"The position of request {request['id']}'s answer: {request['move']} "
        f"played in {request['game']}.", board))
