/* "Ask the arbiter": the page's controls. Every answer comes from
   shibumi_rules.web_view.answer (web.answer and the board as data), run by Pyodide in
   arbiter-worker.js; this script only draws what it returns, matches taps against the
   legal moves it lists, and, in the editor, writes the board field of the position the
   player sets up (a deliberate copy of notation.format_board, held to it by the browser
   test). It decides nothing about the rules: a position set up by hand is judged by the
   engine, and its verdicts are shown as they come. */
(function () {
  "use strict";
  const root = document.getElementById("arbiter");
  if (!root) return;
  // the worker and the data sit beside this script, which every language's page shares
  const here = document.currentScript ? document.currentScript.src : location.href;
  const $ = (id) => document.getElementById(id);
  const status = $("arbiter-status");
  const progress = $("arbiter-progress");
  const answerBox = $("answer");
  const RULE_ID = /\b[A-Z]{3}-[A-Z]+-\d+\b/g;
  const POINT_NAME = /\b[1-4][a-g][1-7]\b/g;
  const lang = (document.documentElement.lang || "en").slice(0, 2);
  const SVG = "http://www.w3.org/2000/svg";

  let DATA = null;        // data.json: point geometry, strings, start answers
  let STRINGS = {};
  let current = null;     // the last answer (or a start answer while the engine loads)
  let request = null;     // the request it answered (null after a bad URL)
  let picked = [];        // points tapped towards a move
  let mode = "play";      // what a tap does: "play" or "edit"
  let view = "top";       // "top" or a level 1-4
  let tool = null;        // the editor's colour letter, or "." to empty
  let editor = null;      // {letters: [30], fields: [...]} while setting up
  let problems = [];      // the engine's problems with the position set up
  let activeKey = null;   // the board's focused target (roving tabindex)
  let nextId = 0;
  let latestId = -1;
  let engineReady = false;
  let tapped = false;     // the question comes from a tap: bring its verdict into view
  const timings = {load: null, answers: [], boardAt: null};
  window.arbiterTimings = timings;

  function t(key, vars) {
    let text = (STRINGS[key] !== undefined ? STRINGS[key] : key);
    for (const [name, value] of Object.entries(vars || {})) {
      text = text.split(`{${name}}`).join(String(value));
    }
    return text;
  }

  // -- the URL --------------------------------------------------------------------------

  function decode(text) {
    try { return decodeURIComponent(text); } catch (err) { return text; }
  }

  /* Two coloured placements separated by a space are one move: a pair such as
     R1a1+W1c1 whose "+" a form encoder turned into a space ("R1a1+W1c1" in a URL). */
  const PAIR_GAP = /(^|[\s,])([A-Z][1-4][a-g][1-7]) +([A-Z][1-4][a-g][1-7])(?=$|[\s,])/g;

  /* The query of a URL: name -> values. Read as every standard encoder writes it:
     "+" or "%20" for a space in every parameter, "%2B" for a plus sign; a bare "+"
     between two placements is still the pair. */
  function readQuery(search) {
    const query = {};
    for (const part of search.replace(/^\?/, "").split("&")) {
      if (!part) continue;
      const eq = part.indexOf("=");
      const key = decode((eq < 0 ? part : part.slice(0, eq)).replace(/\+/g, " "));
      let value = eq < 0 ? "" : decode(part.slice(eq + 1).replace(/\+/g, " "));
      if (key === "ask" || key === "moves") value = value.replace(PAIR_GAP, "$1$2+$3");
      (query[key] = query[key] || []).push(value);
    }
    return query;
  }
  window.arbiterReadQuery = readQuery;

  function queryOf(r) {
    const query = {game: r.game};
    if (r.position) query.position = r.position;
    if (r.first) query.first = r.first;
    if (r.moves && r.moves.length) query.moves = r.moves.join(",");
    if (r.options && r.options.length) query.option = r.options.slice();
    if (r.compare) query.compare = "1";
    if (r.ask) query.ask = r.ask;
    return query;
  }

  // -- the worker -----------------------------------------------------------------------

  const engineInfo = ($("arbiter-engine") || {dataset: {}}).dataset;
  const manifest = engineInfo.manifest;
  let worker = null;

  function setStatus(text) { status.textContent = text; }

  if (manifest) {
    setStatus(engineInfo.bytes ? `Loading the engine (${(engineInfo.bytes / 1e6).toFixed(1)} MB)…`
      : "Loading the engine…");
    worker = new Worker(new URL("arbiter-worker.js", here));
    worker.onmessage = onWorker;
    worker.postMessage({type: "start", manifest: manifest});
  }

  function onWorker(event) {
    const message = event.data;
    if (message.type === "progress") {
      if (progress) progress.value = message.done;
      setStatus(t(`stage-${message.stage}`));
    } else if (message.type === "ready") {
      engineReady = true;
      timings.load = message.ms;
      timings.stages = message.stages;
      timings.fetched = message.fetched;
      if (progress) progress.hidden = true;
      setStatus(t("ready", {pyodide: message.pyodide, python: message.python,
                            s: (message.ms / 1000).toFixed(1)}));
      registerOffline();
    } else if (message.type === "fatal") {
      setStatus(t("fatal", {text: message.text}));
      if (progress) progress.hidden = true;
      root.classList.add("arbiter-off");
    } else if (message.type === "answer" && message.id === latestId) {
      timings.answers.push(message.ms);
      if (DATA) render(message.answer, message.ms, message.id);
      else waiting = message;  // drawn once the page's data is in
    }
  }

  let pushNext = false;
  let sentAt = 0;
  let waiting = null;

  /* Ask the engine; ``push`` adds the new question to the browser's history. */
  function ask(query, push) {
    latestId = nextId++;
    pushNext = push;
    sentAt = performance.now();
    answerBox.removeAttribute("data-verdict");
    answerBox.setAttribute("aria-busy", "true");
    root.classList.add("arbiter-busy");
    if (worker) worker.postMessage({type: "ask", id: latestId, query: query});
  }

  function change(fields, push = true) {
    const base = request || {game: (current && current.game) || "", moves: [], options: []};
    ask(queryOf(Object.assign({}, base, fields)), push);
  }

  // -- the service worker: the page works offline after one visit --------------------

  function registerOffline() {
    const key = engineInfo.key;
    if (!key || !("serviceWorker" in navigator) || !location.protocol.startsWith("http")) return;
    const url = new URL(`../arbiter-sw.js?v=${encodeURIComponent(key)}`, here);
    navigator.serviceWorker.register(url.href, {scope: new URL("../", here).href})
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const own = ["arbiter-worker.js", "data.json", "manifest.webmanifest", "icon-192.png"]
          .map(name => new URL(name, here).href);
        const urls = [location.href.split("#")[0], here].concat(own,
          performance.getEntriesByType("resource").map(e => e.name)
            .filter(u => u.startsWith(location.origin)));
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => {
          if (event.data && event.data.cached) {
            root.dataset.offline = "ready";
            timings.offline = event.data;
          }
        };
        registration.active.postMessage({type: "cache", urls: urls}, [channel.port2]);
      })
      .catch(() => {});
  }

  // -- rendering the answer -------------------------------------------------------------

  const ruleLinks = new Map();
  for (const a of document.querySelectorAll("#arbiter-rule-links a")) {
    ruleLinks.set(a.textContent.trim(), {href: a.getAttribute("href")});
  }

  /* ``text`` into ``into``, each rule ID a link to its entry (titled from ``titles``). */
  function linked(text, into, titles) {
    into.textContent = "";
    let last = 0;
    for (const match of text.matchAll(RULE_ID)) {
      const link = ruleLinks.get(match[0]);
      if (!link) continue;
      into.append(text.slice(last, match.index));
      const a = document.createElement("a");
      a.href = link.href;
      if (titles[match[0]]) a.title = titles[match[0]];
      a.textContent = match[0];
      into.append(a);
      last = match.index + match[0].length;
    }
    into.append(text.slice(last));
  }

  function element(tag, text, attrs) {
    const el = document.createElement(tag);
    if (text !== undefined && text !== null) el.textContent = text;
    for (const [key, value] of Object.entries(attrs || {})) el.setAttribute(key, value);
    return el;
  }

  function render(answer, ms, id) {
    current = answer;
    request = answer.request ? Object.assign({game: answer.game}, answer.request) : null;
    picked = [];
    problems = (answer.view && answer.view.problems) || [];
    if (answer.query !== null && answer.query !== undefined) {
      const url = "?" + answer.query;
      if (url !== location.search) {
        if (pushNext) history.pushState(null, "", url);
        else history.replaceState(null, "", url);
      }
    }
    if (mode === "edit" && answer.view && answer.view.points && answer.verdict !== "error") {
      editor = editorFrom(answer);
    }
    renderControls(answer);
    renderBoard();
    renderFacts();
    renderEditor();
    renderMoves(answer);
    renderVerdict(answer);
    renderSteps(answer);
    renderCited(answer);
    const notice = $("arbiter-notice");
    notice.hidden = !answer.notice;
    notice.textContent = answer.notice || "";
    $("arbiter-diagram").innerHTML = answer.svg || "";
    $("arbiter-command").textContent = answer.command || "";
    $("arbiter-link").href = location.href;
    // the contract: text, then the rules, then the verdict (whose presence means ready)
    linked(answer.text, answerBox, (answer.report && answer.report.rules) || {});
    answerBox.setAttribute("data-rules", (answer.rules || []).join(" "));
    answerBox.setAttribute("data-query", answer.query || "");
    answerBox.setAttribute("data-ms", ms.toFixed(1));
    answerBox.removeAttribute("aria-busy");
    root.classList.remove("arbiter-busy");
    const readyAt = performance.now();
    answerBox.setAttribute("data-ready-at", readyAt.toFixed(1));
    answerBox.setAttribute("data-elapsed", (readyAt - sentAt).toFixed(1));
    answerBox.setAttribute("data-id", String(id));
    answerBox.setAttribute("data-verdict", answer.verdict);
    if (timings.load !== null) {
      setStatus(status.textContent.replace(/( \S*\d+ ?ms\S*\.?| \d+밀리초.*)?$/, " " +
        t("answered", {ms: Math.round(ms)})));
    }
    if (tapped) {
      tapped = false;
      const box = $("arbiter-verdict");
      const rect = box.getBoundingClientRect();
      // the whole sentence in view, with a little room below it
      if (rect.bottom > window.innerHeight - 4) window.scrollBy(0, rect.bottom - window.innerHeight + 12);
      else if (rect.top < 0) window.scrollBy(0, rect.top - 12);
    }
  }

  /* The one sentence under the board: legal or not, why, what happens. */
  function verdictSentence(answer) {
    const report = answer.report;
    const a = report && report.answer;
    if (answer.verdict === "error") {
      const text = answer.text.replace(/^error: /, "");
      return problems.length || (request && request.position && !answer.board)
        ? t("impossible", {text: text}) : text;
    }
    if (!a) return answer.text;
    if (a.kind === "position") {
      const n = answer.board ? answer.board.moves.length : 0;
      const outcome = a.outcome_text || "";
      return t("state", {outcome: outcome.charAt(0).toUpperCase() + outcome.slice(1), n: n});
    }
    if (report.stopped_at !== null && report.stopped_at !== undefined && answer.notice) {
      const failing = (a.checks || []).find(c => c.ok === false);
      return t("no", {move: a.move, mover: a.mover, why: failing ? failing.text : "",
                      rule: a.rule || ""}) + " " + answer.notice;
    }
    if (a.legal) {
      const outcome = a.outcome_text || "";
      return t("yes", {move: a.move, mover: a.mover,
                       outcome: outcome ? outcome.charAt(0).toUpperCase() + outcome.slice(1) + "." : ""}).trim();
    }
    const failing = (a.checks || []).find(c => c.ok === false);
    return t("no", {move: a.move, mover: a.mover, why: failing ? failing.text : "",
                    rule: a.rule || ""});
  }

  function renderVerdict(answer) {
    const box = $("arbiter-verdict");
    box.className = `arbiter-verdict arbiter-${answer.verdict}`;
    box.dataset.verdict = answer.verdict;
    linked(verdictSentence(answer), box, (answer.report && answer.report.rules) || {});
  }

  function stepList(items, titles) {
    const list = element("ul", null, {class: "arbiter-step-list"});
    for (const step of items) {
      const mark = step.ok === true ? "✓" : step.ok === false ? "✗" : "•";
      const item = element("li", null, {class: step.ok === false ? "arbiter-step-no" : ""});
      item.append(element("span", mark, {"aria-hidden": "true", class: "arbiter-step-mark"}), " ");
      const text = element("span");
      linked(`${step.text} [${[step.rule].concat(step.also || []).join(", ")}]`, text, titles);
      item.append(text);
      list.append(item);
    }
    return list;
  }

  function renderSteps(answer) {
    const box = $("arbiter-steps");
    box.textContent = "";
    const a = answer.report && answer.report.answer;
    if (problems.length) {
      box.append(element("p", t("steps"), {class: "arbiter-caption"}));
      box.append(stepList(problems.map(p => ({ok: false, text: p.text, rule: p.rule})), {}));
      return;
    }
    if (!a) return;
    const titles = answer.report.rules || {};
    const checks = a.kind === "position" ? a.steps : a.checks;
    if (checks && checks.length) {
      box.append(element("p", t("steps"), {class: "arbiter-caption"}), stepList(checks, titles));
    }
    if (a.effects && a.effects.length) {
      box.append(element("p", t("effects"), {class: "arbiter-caption"}), stepList(a.effects, titles));
    }
  }

  function renderCited(answer) {
    const box = $("arbiter-cited");
    box.textContent = "";
    const titles = (answer.report && answer.report.rules) || {};
    const ids = answer.rules || [];
    if (!ids.length) return;
    box.append(element("p", t("cited"), {class: "arbiter-caption"}));
    const list = element("ul");
    for (const rule of ids) {
      const item = element("li");
      const link = ruleLinks.get(rule);
      const a = element(link ? "a" : "span", rule);
      if (link) a.href = link.href;
      item.append(a, titles[rule] ? ` ${titles[rule]}` : "");
      list.append(item);
    }
    box.append(list);
  }

  function renderControls(answer) {
    const games = $("arbiter-game");
    games.textContent = "";
    for (const game of answer.games) {
      games.append(element("option", game.title, {value: game.name, title: game.summary}));
    }
    games.value = answer.game || "";
    const firstField = $("arbiter-first-field");
    const first = $("arbiter-first");
    firstField.hidden = !answer.first_choices.length || !!(request && request.position);
    first.textContent = "";
    first.append(element("option", "default", {value: ""}));
    for (const choice of answer.first_choices) first.append(element("option", choice, {value: choice}));
    first.value = (request && request.first) || "";
    $("arbiter-compare").checked = !!(request && request.compare);
    const box = $("arbiter-options");
    for (const old of box.querySelectorAll(".arbiter-option")) old.remove();
    box.hidden = !answer.options.length;
    for (const option of answer.options) box.append(optionControl(option));
    $("arbiter-ask").value = (request && request.ask) || "";
    $("arbiter-moves").value = (request && request.moves.join(" ")) || "";
    $("arbiter-position").value = (request && request.position) ||
      (answer.board ? answer.board.position : "");
  }

  function optionControl(option) {
    const label = element("label", `${option.name} `, {class: "arbiter-option", title: option.summary});
    let input;
    if (option.values) {
      input = element("select");
      for (const value of option.values) {
        input.append(element("option", value === option.default ? `${value} (default)` : value,
                             {value: value}));
      }
    } else {
      input = element("input", null, {size: "6", placeholder: option.default});
    }
    input.value = option.value;
    input.dataset.option = option.name;
    input.addEventListener("change", () => setOption(option.name, input.value.trim()));
    label.append(input, " ");
    const link = ruleLinks.get(option.ruling);
    const ruling = element(link ? "a" : "span", option.ruling, {class: "arbiter-ruling"});
    if (link) { ruling.href = link.href; ruling.title = option.ruling_title || ""; }
    label.append(ruling);
    return label;
  }

  function setOption(name, value) {
    const options = ((request && request.options) || []).filter(
      pair => pair.split("=")[0].trim() !== name);
    if (value) options.push(`${name}=${value}`);
    change({options: options});
  }

  function renderMoves(answer) {
    const list = $("arbiter-move-list");
    list.textContent = "";
    const board = answer.board;
    if (!board) return;
    const asked = request && request.ask && answer.verdict === "legal";
    board.played.forEach((move, i) => {
      const item = element("li", move);
      if (asked && i === board.played.length - 1) {
        item.classList.add("arbiter-asked");
        item.title = "the move asked about, played on the board";
      }
      list.append(item);
    });
    if (request && request.ask && answer.verdict !== "legal" && answer.verdict !== "error") {
      list.append(element("li", `${request.ask}?`, {class: "arbiter-refused",
                                                    title: "asked about, not played"}));
    }
    $("arbiter-undo").disabled = !request || (!request.ask && !request.moves.length);
  }

  // -- the board ------------------------------------------------------------------------

  const pointsByName = new Map();
  const cells = new Map();  // "x,y" -> points there, bottom first

  function setGeometry(points) {
    for (const [index, p] of points.entries()) {
      const point = Object.assign({index: index}, p);
      pointsByName.set(p.name, point);
      const key = `${p.x},${p.y}`;
      if (!cells.has(key)) cells.set(key, []);
      cells.get(key).push(point);
    }
    for (const list of cells.values()) list.sort((a, b) => a.level - b.level);
  }

  /* The board field of position notation for 30 letters (a deliberate copy of
     notation.format_board: levels bottom-up joined by "/", each level's rows from rank 1
     up joined by ",", each row from file a). */
  function formatBoard(letters) {
    const levels = [];
    for (let level = 1; level <= 4; level++) {
      const side = 5 - level;
      const rows = [];
      for (let row = 0; row < side; row++) {
        let text = "";
        for (let col = 0; col < side; col++) {
          const x = level - 1 + 2 * col, y = level - 1 + 2 * row;
          const point = cells.get(`${x},${y}`).find(p => p.level === level);
          text += letters[point.index];
        }
        rows.push(text);
      }
      levels.push(rows.join(","));
    }
    return levels.join("/");
  }
  window.arbiterFormatBoard = formatBoard;

  /* What the board shows: the editor's letters, else the answer's. */
  function shownLetters() {
    if (mode === "edit" && editor) return editor.letters;
    const v = current && current.view;
    return v && v.points ? v.points.split("") : null;
  }

  function candidates(taken) {
    const moves = (current && current.board && current.board.moves) || [];
    return moves.map(m => ({move: m.move, left: rest(m.points, taken)}))
      .filter(c => c.left !== null);
  }

  function rest(points, taken) {
    const left = points.slice();
    for (const p of taken) {
      const i = left.indexOf(p);
      if (i < 0) return null;
      left.splice(i, 1);
    }
    return left;
  }

  function nextPoints() {
    const next = new Set();
    if (mode !== "play" || !engineReady) return next;
    for (const c of candidates(picked)) for (const p of c.left) next.add(p);
    return next;
  }

  function movePoints() {
    const marked = new Set();
    if (mode !== "play" || !current || !current.report || !current.report.answer) return marked;
    const move = current.report.answer.move;
    if (move) for (const name of move.match(POINT_NAME) || []) marked.add(name);
    return marked;
  }

  function problemPoints() {
    const marked = new Set();
    for (const p of problems) for (const name of p.points) marked.add(name);
    return marked;
  }

  function pointLabel(point, letters, flags) {
    const letter = letters ? letters[point.index] : ".";
    const parts = [t("level-word", {n: point.level}), point.name.slice(1),
                   letter === "." ? t("empty") : t("ball", {colour: t(letter)})];
    const pinned = current && current.view && current.view.pinned || [];
    if (letter !== "." && mode === "play" && pinned.includes(point.name)) parts.push(t("pinned"));
    if (flags.next.has(point.name)) parts.push(t("can-play"));
    if (picked.includes(point.name)) parts.push(t("picked"));
    if (flags.move.has(point.name)) parts.push(t("the-move"));
    if (flags.problem.has(point.name)) parts.push(t("problem"));
    return parts.join(", ");
  }

  function svgEl(tag, attrs) {
    const el = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
    return el;
  }

  function ball(group, point, letter, r, extra) {
    const cx = point.x + 1, cy = 7 - point.y;
    const cls = letter === "." ? "arb-hole" : `arb-ball arb-${letter}`;
    group.append(svgEl("circle", Object.assign({cx: cx, cy: cy, r: r, class: cls}, extra || {})));
  }

  /* The target a point of this view is tapped through (its key, its point). */
  function topPoint(key, letters) {
    // the point a tap in the top view means: the highest ball, else the lowest hole;
    // in play, the one of the cell's points that makes a legal move (the highest)
    const list = cells.get(key);
    const next = nextPoints();
    const playable = list.filter(p => next.has(p.name));
    if (playable.length) return playable[playable.length - 1];
    const filled = list.filter(p => letters && letters[p.index] !== ".");
    return filled.length ? filled[filled.length - 1] : list[0];
  }

  function renderBoard() {
    const box = $("arbiter-board");
    const letters = shownLetters();
    const hadFocus = box.contains(document.activeElement);
    const flags = {next: nextPoints(), move: movePoints(), problem: problemPoints()};
    const svg = svgEl("svg", {viewBox: "0 0 8 8", class: "arbiter-pyramid", role: "presentation"});
    const under = svgEl("g", {class: "arb-under"});
    const balls = svgEl("g", {class: "arb-balls"});
    const targets = [];
    if (view === "top") {
      for (let level = 1; level <= 4; level++) {
        for (const point of pointsByName.values()) {
          if (point.level !== level) continue;
          const letter = letters ? letters[point.index] : ".";
          if (letter !== ".") ball(balls, point, letter, 0.92);
          else if (level === 1) ball(under, point, ".", 0.45);
        }
      }
      for (const point of pointsByName.values()) {
        const letter = letters ? letters[point.index] : ".";
        if (letter === ".") continue;
        const above = cells.get(`${point.x},${point.y}`).some(
          p => p.level > point.level && letters[p.index] !== ".");
        if (!above && point.level > 1) {
          balls.append(Object.assign(svgEl("text", {x: point.x + 1, y: 7 - point.y + 0.18,
            class: `arb-digit arb-on-${letter}`, "aria-hidden": "true"}), {textContent: String(point.level)}));
        }
      }
      for (const key of cells.keys()) {
        const point = topPoint(key, letters);
        const [x, y] = key.split(",").map(Number);
        const cx = x + 1, cy = 7 - y;
        const shape = svgEl("polygon", {points: `${cx},${cy - 1} ${cx + 1},${cy} ${cx},${cy + 1} ${cx - 1},${cy}`});
        const below = cells.get(key).filter(p => p !== point && letters && letters[p.index] !== ".");
        let label = pointLabel(point, letters, flags);
        if (below.length) label += "; " + t("below", {what: below.map(p => pointLabel(p, letters, {next: new Set(), move: new Set(), problem: new Set()})).join("; ")});
        targets.push({key: `top:${key}`, point: point, shape: shape, label: label});
      }
    } else {
      const level = view;
      for (const point of pointsByName.values()) {
        const letter = letters ? letters[point.index] : ".";
        if (point.level === level - 1 && letter !== ".") ball(under, point, letter, 0.92);
      }
      for (const point of pointsByName.values()) {
        if (point.level !== level) continue;
        const letter = letters ? letters[point.index] : ".";
        const shape = svgEl("circle", {cx: point.x + 1, cy: 7 - point.y, r: 0.92});
        shape.classList.add(...(letter === "." ? ["arb-hole"] : ["arb-ball", `arb-${letter}`]));
        targets.push({key: `level:${point.name}`, point: point, shape: shape,
                      label: pointLabel(point, letters, flags)});
      }
    }
    const targetGroup = svgEl("g", {class: "arb-targets"});
    if (!targets.some(x => x.key === activeKey)) {
      const first = targets.find(x => flags.next.has(x.point.name)) || targets[0];
      activeKey = first ? first.key : null;
    }
    for (const target of targets) {
      const el = target.shape;
      el.classList.add("arb-target");
      const name = target.point.name;
      if (flags.next.has(name)) el.classList.add(picked.length ? "arb-next" : "arb-legal");
      if (picked.includes(name)) el.classList.add("arb-picked");
      if (flags.move.has(name)) el.classList.add("arb-move");
      if (flags.problem.has(name)) el.classList.add("arb-problem");
      el.setAttribute("role", "button");
      el.setAttribute("aria-label", target.label);
      el.setAttribute("data-point", name);
      el.setAttribute("data-key", target.key);
      el.setAttribute("id", `arbiter-target-${target.key.replace(/[:,]/g, "-")}`);
      el.setAttribute("tabindex", target.key === activeKey ? "0" : "-1");
      targetGroup.append(el);
    }
    svg.append(under, balls, targetGroup);
    box.textContent = "";
    box.append(svg);
    box.setAttribute("aria-label", t("board", {view: view === "top" ? t("top") : t("level", {n: view})}));
    if (hadFocus) focusTarget(activeKey);
    renderTabs();
    renderHint(flags);
    renderChoices(mode === "play" ? candidates(picked).filter(c => c.left.length === 0) : []);
    if (timings.boardAt === null && letters) timings.boardAt = performance.now();
  }

  function focusTarget(key) {
    const el = $("arbiter-board").querySelector(`[data-key="${key}"]`);
    if (el) el.focus();
  }

  function renderTabs() {
    for (const tab of document.querySelectorAll("#arbiter-views [role=tab]")) {
      const selected = tab.dataset.view === String(view);
      tab.setAttribute("aria-selected", selected ? "true" : "false");
      tab.setAttribute("tabindex", selected ? "0" : "-1");
      tab.textContent = tab.dataset.view === "top" ? t("top") : t("level", {n: tab.dataset.view});
    }
  }

  function renderHint(flags) {
    const hint = $("arbiter-hint");
    if (mode === "edit") hint.textContent = t("edit-hint");
    else if (!current || !current.board || !engineReady) hint.textContent = "";
    else if (current.board.over) hint.textContent = t("hint-over");
    else if (picked.length) hint.textContent = t("hint-picked", {points: picked.join(" ")});
    else hint.textContent = t("hint-moves", {n: current.board.moves.length});
    void flags;
  }

  function renderChoices(complete) {
    const box = $("arbiter-choices");
    box.textContent = "";
    if (!complete.length) return;
    box.append(element("span", t("play") + " "));
    for (const c of complete) {
      const button = element("button", c.move, {type: "button", "data-move": c.move});
      button.addEventListener("click", () => { tapped = true; playMove(c.move); });
      box.append(button, " ");
    }
    const cancel = element("button", t("cancel"), {type: "button"});
    cancel.addEventListener("click", () => { picked = []; renderBoard(); });
    box.append(cancel);
  }

  function renderFacts() {
    const box = $("arbiter-facts");
    box.textContent = "";
    const facts = mode === "edit" ? [] : ((current && current.view && current.view.facts) || []);
    for (const [name, text] of facts) {
      const item = element("li");
      item.append(element("span", `${name}: `, {class: "arbiter-fact-name"}), text);
      box.append(item);
    }
  }

  // -- taps and keys --------------------------------------------------------------------

  function activate(target) {
    activeKey = target.dataset.key;
    const name = target.dataset.point;
    if (mode === "edit") editPoint(target.dataset.key, name);
    else clickPoint(name);
  }

  const box = $("arbiter-board");
  box.addEventListener("click", (event) => {
    const target = event.target.closest ? event.target.closest("[data-key]") : null;
    if (target) { activate(target); focusTarget(target.dataset.key); }
  });
  box.addEventListener("keydown", (event) => {
    const target = event.target.closest ? event.target.closest("[data-key]") : null;
    if (!target) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      activate(target);
      focusTarget(activeKey);
      return;
    }
    const moves = {ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1]};
    if (event.key === "PageUp" || event.key === "PageDown") {
      event.preventDefault();
      const views = ["top", 1, 2, 3, 4];
      const i = views.indexOf(view) + (event.key === "PageDown" ? 1 : -1);
      setView(views[(i + views.length) % views.length], true);
      return;
    }
    if (!moves[event.key]) return;
    event.preventDefault();
    const [dx, dy] = moves[event.key];
    const from = target.dataset.key.split(":")[1];
    const [fx, fy] = from.includes(",") ? from.split(",").map(Number)
      : [pointsByName.get(from).x, pointsByName.get(from).y];
    let best = null, bestScore = Infinity;
    for (const el of box.querySelectorAll("[data-key]")) {
      const k = el.dataset.key.split(":")[1];
      const [x, y] = k.includes(",") ? k.split(",").map(Number)
        : [pointsByName.get(k).x, pointsByName.get(k).y];
      const along = (x - fx) * dx + (y - fy) * dy;
      if (along <= 0) continue;
      const across = Math.abs((x - fx) * dy) + Math.abs((y - fy) * dx);
      const score = along + 2 * across;
      if (score < bestScore) { best = el; bestScore = score; }
    }
    if (best) {
      target.setAttribute("tabindex", "-1");
      best.setAttribute("tabindex", "0");
      activeKey = best.dataset.key;
      best.focus();
    }
  });

  function setView(next, focus) {
    view = next;
    activeKey = null;
    renderBoard();
    if (focus) focusTarget(activeKey);
  }

  for (const tab of document.querySelectorAll("#arbiter-views [role=tab]")) {
    tab.addEventListener("click", () => setView(tab.dataset.view === "top" ? "top" : Number(tab.dataset.view)));
    tab.addEventListener("keydown", (event) => {
      const tabs = Array.from(document.querySelectorAll("#arbiter-views [role=tab]"));
      const i = tabs.indexOf(tab);
      let j = null;
      if (event.key === "ArrowRight") j = (i + 1) % tabs.length;
      if (event.key === "ArrowLeft") j = (i + tabs.length - 1) % tabs.length;
      if (j === null) return;
      event.preventDefault();
      const v = tabs[j].dataset.view;
      setView(v === "top" ? "top" : Number(v));
      tabs[j].focus();
    });
  }

  function clickPoint(name) {
    if (!current || !current.board || !engineReady) return;
    let taken = picked.concat([name]);
    if (!candidates(taken).length) taken = [name];
    const found = candidates(taken);
    if (!found.length) {
      picked = [];
      renderBoard();
      $("arbiter-hint").textContent = t("hint-none", {point: name});
      return;
    }
    picked = taken;
    const complete = found.filter(c => c.left.length === 0);
    if (complete.length === 1 && found.length === 1) {
      tapped = true;
      playMove(complete[0].move);
      return;
    }
    renderBoard();
  }

  /* Play a move: the moves so far (with the move last asked, when it was legal) and
     this move as the question, so the answer says what it does. */
  function playMove(move) {
    picked = [];
    change({moves: current.board.played, ask: move});
  }

  // -- the editor -----------------------------------------------------------------------

  function editorFrom(answer) {
    return {letters: answer.view.points.split(""), fields: answer.view.fields.slice()};
  }

  function setMode(next) {
    mode = next;
    for (const input of document.querySelectorAll("input[name=arbiter-mode]")) {
      input.checked = input.value === mode;
    }
    root.classList.toggle("arbiter-editing", mode === "edit");
    if (mode === "edit") {
      if (!editor && current && current.view && current.view.points) editor = editorFrom(current);
      if (!tool) tool = (current && current.view && current.view.colours[0]) || "W";
    }
    picked = [];
    renderBoard();
    renderFacts();
    renderEditor();
  }

  function editPoint(key, name) {
    if (!editor) return;
    const letters = editor.letters;
    let point = pointsByName.get(name);
    if (key.startsWith("top:")) {
      // the top view stacks: a colour recolours the highest ball, or goes on top of a
      // ball of its own colour; "empty" takes the highest ball away
      const list = cells.get(key.slice(4));
      const filled = list.filter(p => letters[p.index] !== ".");
      const top = filled.length ? filled[filled.length - 1] : null;
      if (tool === ".") point = top;
      else if (top && letters[top.index] !== tool) point = top;
      else point = list.find(p => letters[p.index] === ".") || top;
      if (!point) return;
    }
    letters[point.index] = letters[point.index] === tool && !key.startsWith("top:") ? "." : tool;
    askEdited();
  }

  let editTimer = null;
  let fieldsShape = null;   // the fields the editor's inputs were drawn for
  function askEdited() {
    renderBoard();
    if (editTimer) clearTimeout(editTimer);
    editTimer = setTimeout(() => {
      editTimer = null;
      const position = [formatBoard(editor.letters)].concat(editor.fields).join(" ");
      change({position: position, first: null, moves: [], ask: null, options: []});
    }, 250);
  }

  function renderEditor() {
    const panel = $("arbiter-editor");
    panel.hidden = mode !== "edit";
    if (mode !== "edit" || !current) return;
    const palette = $("arbiter-palette");
    palette.textContent = "";
    const colours = ((current.view && current.view.colours) || ["W", "B", "R"]).concat(["."]);
    for (const letter of colours) {
      const label = element("label", null, {class: `arbiter-tool arbiter-tool-${letter === "." ? "empty" : letter}`});
      const input = element("input", null, {type: "radio", name: "arbiter-tool", value: letter});
      input.checked = tool === letter;
      input.addEventListener("change", () => { tool = letter; });
      label.append(input, " ", letter === "." ? t("tool-empty") : t(letter));
      palette.append(label);
    }
    const fields = $("arbiter-fields");
    if (!editor) { fields.textContent = ""; fieldsShape = null; return; }
    // the same fields as drawn: only their values change (a field being typed in stays)
    const shape = `${current.game}|${editor.fields.map(f => f.split(/[:=]/)[0]).join(" ")}`;
    if (shape === fieldsShape) {
      for (const input of fields.querySelectorAll("input[data-field]")) {
        if (input === document.activeElement) continue;
        const [i, j] = input.dataset.field.split(".").map(Number);
        const field = editor.fields[i];
        input.value = j === undefined || Number.isNaN(j) ? field
          : field.slice(field.indexOf(":") + 1).split(",")[j];
      }
      return;
    }
    fieldsShape = shape;
    fields.textContent = "";
    const facts = new Map((current.view && current.view.facts) || []);
    editor.fields.forEach((field, i) => {
      if (field.includes("=")) return;  // a ruling: set with the rulings' controls
      const colon = field.indexOf(":");
      if (colon < 0) {
        const label = element("label", t("field-turn") + " ");
        const input = element("input", null, {size: "9", value: field, "data-field": String(i),
                                              list: "arbiter-turns", spellcheck: "false"});
        input.addEventListener("change", () => { editor.fields[i] = input.value.trim(); askEdited(); });
        label.append(input);
        fields.append(label);
        return;
      }
      const name = field.slice(0, colon);
      const values = field.slice(colon + 1).split(",");
      const words = ((facts.get(name) || "").match(/[a-z]+(?= \d|\s*-)/g)) || [];
      values.forEach((value, j) => {
        const label = element("label", `${name}${words[j] ? " " + words[j] : ""} `);
        const input = element("input", null, {size: "3", value: value, inputmode: "numeric",
                                              "data-field": `${i}.${j}`, spellcheck: "false"});
        input.addEventListener("change", () => {
          const now = editor.fields[i].slice(colon + 1).split(",");
          now[j] = input.value.trim();
          editor.fields[i] = `${name}:${now.join(",")}`;
          askEdited();
        });
        label.append(input);
        fields.append(label);
      });
    });
    const turns = $("arbiter-turns");
    turns.textContent = "";
    for (const choice of current.first_choices || []) turns.append(element("option", null, {value: choice}));
  }

  // -- the controls ---------------------------------------------------------------------

  for (const input of document.querySelectorAll("input[name=arbiter-mode]")) {
    input.addEventListener("change", () => { if (input.checked) setMode(input.value); });
  }
  $("arbiter-clear").addEventListener("click", () => {
    if (!editor) return;
    editor.letters = editor.letters.map(() => ".");
    askEdited();
  });
  $("arbiter-play-here").addEventListener("click", () => {
    editor = null;
    setMode("play");
  });
  $("arbiter-game").addEventListener("change", (event) => {
    request = null;
    editor = null;
    ask({game: event.target.value}, true);
  });
  $("arbiter-first").addEventListener("change", (event) => {
    change({first: event.target.value || null, moves: [], ask: null});
  });
  $("arbiter-compare").addEventListener("change", (event) => {
    change({compare: event.target.checked});
  });
  $("arbiter-undo").addEventListener("click", () => {
    if (!request) return;
    if (request.ask) change({ask: null});
    else change({moves: request.moves.slice(0, -1)});
  });
  $("arbiter-restart").addEventListener("click", () => change({moves: [], ask: null}));
  $("arbiter-ask-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const move = $("arbiter-ask").value.trim();
    const moves = current && current.board ? current.board.played : (request ? request.moves : []);
    change({moves: moves, ask: move || null});
  });
  $("arbiter-state").addEventListener("click", () => {
    const moves = current && current.board ? current.board.played : (request ? request.moves : []);
    change({moves: moves, ask: null});
  });
  $("arbiter-moves-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("arbiter-moves").value.trim();
    change({moves: text ? [text] : [], ask: null});
  });
  $("arbiter-position-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("arbiter-position").value.trim();
    editor = null;
    change({position: text || null, first: null, options: [], moves: [], ask: null});
  });
  $("arbiter-copy").addEventListener("click", () => {
    if (navigator.clipboard) navigator.clipboard.writeText(location.href);
  });
  window.addEventListener("popstate", () => ask(readQuery(location.search), false));

  // -- start: draw the board from the build's data, then ask the engine ---------------

  function start(data) {
    DATA = data;
    STRINGS = Object.assign({}, data.strings.en || {}, data.strings[lang] || {});
    setGeometry(data.points);
    for (const el of document.querySelectorAll("#arbiter [data-t]")) {
      if (STRINGS[el.dataset.t] !== undefined) el.textContent = t(el.dataset.t);
    }
    for (const el of document.querySelectorAll("#arbiter [data-t-label]")) {
      if (STRINGS[el.dataset.tLabel] !== undefined) el.setAttribute("aria-label", t(el.dataset.tLabel));
    }
    if (!manifest) {
      setStatus(t("no-engine"));
      root.classList.add("arbiter-off");
      return;
    }
    if (!engineReady) {
      setStatus(engineInfo.bytes ? t("loading-size", {mb: (engineInfo.bytes / 1e6).toFixed(1)})
        : t("loading"));
    }
    const query = readQuery(location.search);
    const game = (query.game && query.game[0]) || Object.keys(data.starts)[0];
    const first = data.starts[game] || data.starts[Object.keys(data.starts)[0]];
    if (!current) {
      current = first;
      request = {game: first.game, moves: [], options: []};
      renderControls(Object.assign({request: null}, first));
      renderBoard();
      renderFacts();
    }
  }

  ask(readQuery(location.search), false);
  fetch(new URL("data.json", here)).then(r => r.json()).then((data) => {
    start(data);
    if (waiting && waiting.id === latestId) render(waiting.answer, waiting.ms, waiting.id);
    waiting = null;
  }).catch((err) => setStatus(t("fatal", {text: String(err)})));
})();
