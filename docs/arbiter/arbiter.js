/* "Ask the arbiter": the page's controls. Every answer comes from
   shibumi_rules.web.answer, run by Pyodide in arbiter-worker.js; this script only
   renders what it returns (and matches clicks against the legal moves it lists). It
   decides nothing about the rules. */
(function () {
  "use strict";
  const root = document.getElementById("arbiter");
  if (!root) return;
  // the worker sits beside this script, which every language's page shares
  const here = document.currentScript ? document.currentScript.src : location.href;
  const $ = (id) => document.getElementById(id);
  const status = $("arbiter-status");
  const answerBox = $("answer");
  const RULE_ID = /\b[A-Z]{3}-[A-Z]+-\d+\b/g;
  const VERDICT_WORDS = {
    legal: "Legal", illegal: "Illegal", over: "Illegal: the game is over",
    state: "The position", error: "Error",
  };

  const ruleLinks = new Map();
  for (const a of document.querySelectorAll("#arbiter-rule-links a")) {
    ruleLinks.set(a.textContent.trim(), {href: a.getAttribute("href")});
  }

  let current = null;     // the last answer
  let request = null;     // the request it answered (null after a bad URL)
  let picked = [];        // points clicked towards a move
  let nextId = 0;
  let latestId = -1;
  const timings = {load: null, answers: []};
  window.arbiterTimings = timings;

  // -- the URL --------------------------------------------------------------------------

  function decode(text) {
    try { return decodeURIComponent(text); } catch (err) { return text; }
  }

  /* The query of a URL: name -> values. '+' stays a plus sign (Splink's pair separator). */
  function readQuery(search) {
    const query = {};
    for (const part of search.replace(/^\?/, "").split("&")) {
      if (!part) continue;
      const eq = part.indexOf("=");
      const key = decode(eq < 0 ? part : part.slice(0, eq));
      const value = eq < 0 ? "" : decode(part.slice(eq + 1));
      (query[key] = query[key] || []).push(value);
    }
    return query;
  }

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
  if (!manifest) {
    status.textContent = "This copy of the site was built without the engine: build it " +
      "after `npm ci --prefix web` (see the README), or ask with `shibumi-rules explain`.";
    root.classList.add("arbiter-off");
    return;
  }
  if (engineInfo.bytes) {
    status.textContent = `Loading the engine (${(engineInfo.bytes / 1e6).toFixed(1)} MB ` +
      "the first time, then from the browser's cache)…";
  }
  worker = new Worker(new URL("arbiter-worker.js", here));
  worker.onmessage = (event) => {
    const message = event.data;
    if (message.type === "ready") {
      timings.load = message.ms;
      timings.stages = message.stages;
      timings.fetched = message.fetched;
      status.textContent = `Engine ready (Pyodide ${message.pyodide}, Python ` +
        `${message.python}), loaded in ${(message.ms / 1000).toFixed(1)} s.`;
    } else if (message.type === "fatal") {
      status.textContent = `The engine could not be loaded: ${message.text}`;
      root.classList.add("arbiter-off");
    } else if (message.type === "answer" && message.id === latestId) {
      timings.answers.push(message.ms);
      render(message.answer, message.ms, message.id);
    }
  };
  worker.postMessage({type: "start", manifest: manifest});

  let pushNext = false;
  let sentAt = 0;

  /* Ask the engine; ``push`` adds the new question to the browser's history. */
  function ask(query, push) {
    latestId = nextId++;
    pushNext = push;
    sentAt = performance.now();
    answerBox.removeAttribute("data-verdict");
    answerBox.setAttribute("aria-busy", "true");
    root.classList.add("arbiter-busy");
    worker.postMessage({type: "ask", id: latestId, query: query});
  }

  function change(fields, push = true) {
    const base = request || {game: (current && current.game) || "", moves: [], options: []};
    ask(queryOf(Object.assign({}, base, fields)), push);
  }

  // -- rendering ------------------------------------------------------------------------

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
    if (answer.query !== null && answer.query !== undefined) {
      const url = "?" + answer.query;
      if (url !== location.search) {
        if (pushNext) history.pushState(null, "", url);
        else history.replaceState(null, "", url);
      }
    }
    renderControls(answer);
    renderBoard(answer.board);
    renderMoves(answer);
    $("arbiter-verdict").textContent = VERDICT_WORDS[answer.verdict] || answer.verdict;
    $("arbiter-verdict").className = `arbiter-verdict arbiter-${answer.verdict}`;
    const notice = $("arbiter-notice");
    notice.hidden = !answer.notice;
    notice.textContent = answer.notice || "";
    $("arbiter-diagram").innerHTML = answer.svg || "";
    renderCited(answer);
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
      status.textContent = status.textContent.replace(/( Answered in .*)?$/,
        ` Answered in ${Math.round(ms)} ms.`);
    }
  }

  function renderCited(answer) {
    const box = $("arbiter-cited");
    box.textContent = "";
    const titles = (answer.report && answer.report.rules) || {};
    const ids = answer.rules || [];
    if (!ids.length) return;
    box.append(element("p", "Rules cited:", {class: "arbiter-caption"}));
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
    const examples = answer.board ? answer.board.moves.map(m => m.move) : [];
    $("arbiter-ask").placeholder = examples.length ?
      `e.g. ${examples[0]}${examples.length > 1 ? ", " + examples[examples.length - 1] : ""}` : "";
  }

  function optionControl(option) {
    const label = element("label", null, {class: "arbiter-option", title: option.summary});
    label.append(`${option.name} `);
    let input;
    if (option.values) {
      input = element("select");
      for (const value of option.values) {
        const text = value === option.default ? `${value} (default)` : value;
        input.append(element("option", text, {value: value}));
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

  function pointElements(name) {
    return $("arbiter-board").querySelectorAll(`[data-point="${name}"]:not(.mark)`);
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

  function candidates(taken) {
    const moves = (current && current.board && current.board.moves) || [];
    return moves.map(m => ({move: m.move, left: rest(m.points, taken)}))
      .filter(c => c.left !== null);
  }

  function renderBoard(board) {
    const box = $("arbiter-board");
    box.innerHTML = board ? board.svg : "";
    for (const el of box.querySelectorAll("[data-point]:not(.mark)")) {
      el.addEventListener("click", () => clickPoint(el.dataset.point));
      el.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          clickPoint(el.dataset.point);
        }
      });
    }
    highlight();
  }

  function highlight() {
    const box = $("arbiter-board");
    for (const el of box.querySelectorAll(".arb-legal, .arb-next, .arb-picked")) {
      el.classList.remove("arb-legal", "arb-next", "arb-picked");
      el.removeAttribute("tabindex");
      el.removeAttribute("role");
    }
    const found = candidates(picked);
    const next = new Set();
    for (const c of found) for (const p of c.left) next.add(p);
    for (const name of next) {
      for (const el of pointElements(name)) {
        el.classList.add(picked.length ? "arb-next" : "arb-legal");
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
        el.setAttribute("aria-label", `play at ${name}`);
      }
    }
    for (const name of picked) {
      for (const el of pointElements(name)) el.classList.add("arb-picked");
    }
    renderChoices(found.filter(c => c.left.length === 0));
    const hint = $("arbiter-hint");
    if (!current || !current.board) hint.textContent = "";
    else if (current.board.over) hint.textContent = "The game is over: no move can be played.";
    else if (picked.length) hint.textContent = `Picked ${picked.join(" ")}: click the next point.`;
    else hint.textContent = `${current.board.moves.length} legal moves: click a highlighted point.`;
  }

  function renderChoices(complete) {
    const box = $("arbiter-choices");
    box.textContent = "";
    if (!complete.length) return;
    box.append(element("span", "Play: "));
    for (const c of complete) {
      const button = element("button", c.move, {type: "button", "data-move": c.move});
      button.addEventListener("click", () => playMove(c.move));
      box.append(button, " ");
    }
    const cancel = element("button", "cancel", {type: "button"});
    cancel.addEventListener("click", () => { picked = []; highlight(); });
    box.append(cancel);
  }

  function clickPoint(name) {
    if (!current || !current.board) return;
    let taken = picked.concat([name]);
    if (!candidates(taken).length) taken = [name];
    const found = candidates(taken);
    if (!found.length) {
      picked = [];
      highlight();
      $("arbiter-hint").textContent = `No legal move is played at ${name}. To ask why, ` +
        "type the move below.";
      return;
    }
    picked = taken;
    const complete = found.filter(c => c.left.length === 0);
    if (complete.length === 1 && found.length === 1) {
      playMove(complete[0].move);
      return;
    }
    highlight();
  }

  /* Play a move: the moves so far (with the move last asked, when it was legal) and
     this move as the question, so the answer says what it does. */
  function playMove(move) {
    picked = [];
    change({moves: current.board.played, ask: move});
  }

  // -- the controls ---------------------------------------------------------------------

  $("arbiter-game").addEventListener("change", (event) => {
    request = null;
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
    change({position: text || null, first: null, options: [], moves: [], ask: null});
  });
  $("arbiter-copy").addEventListener("click", () => {
    if (navigator.clipboard) navigator.clipboard.writeText(location.href);
  });
  window.addEventListener("popstate", () => ask(readQuery(location.search), false));

  ask(readQuery(location.search), false);
})();
