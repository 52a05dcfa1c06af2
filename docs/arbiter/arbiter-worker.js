/* The arbiter's engine, off the page's thread: Pyodide (served by this site, from
   pyodide/) runs the package's wheel (from engine/), and every question is one call of
   shibumi_rules.web_view.answer (web.answer with the board as data). Messages in: {type: "start", manifest} once, then
   {type: "ask", id, query}. Messages out: {type: "ready", ms, stages, fetched, pyodide,
   python} (fetched: every URL the worker loaded),
   {type: "progress", stage, done, of} after each stage of the start,
   {type: "answer", id, answer, ms} or {type: "fatal", text}. */
"use strict";

let engine = null;

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

async function load(manifestUrl) {
  const began = performance.now();
  const stages = [];
  const stage = (name) => {
    stages.push([name, Math.round(performance.now() - began)]);
    postMessage({type: "progress", stage: name, done: stages.length, of: 4});
  };
  const manifest = await (await fetchOk(manifestUrl)).json();
  const wheel = fetchOk(new URL(manifest.wheel, self.location.href)).then(r => r.arrayBuffer());
  importScripts("pyodide/pyodide.js");
  stage("pyodide.js");
  const pyodide = await loadPyodide({
    indexURL: new URL("pyodide/", self.location.href).href,
    lockFileContents: manifest.lock,
    stdout: () => {},
    stderr: () => {},
  });
  stage("python");
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  pyodide.unpackArchive(await wheel, "wheel", {extractDir: sitePackages});
  stage("wheel");
  pyodide.runPython(`
import importlib, json
importlib.invalidate_caches()
from shibumi_rules.web_view import answer as _web_answer

def _arbiter_answer(text):
    return json.dumps(_web_answer(json.loads(text)))
`);
  const answer = pyodide.globals.get("_arbiter_answer");
  stage("engine");
  const fetched = performance.getEntriesByType("resource").map(entry => entry.name);
  postMessage({type: "ready", ms: performance.now() - began, stages: stages, fetched: fetched,
               pyodide: manifest.pyodide, python: manifest.python});
  return answer;
}

function lastLine(text) {
  const lines = String(text).trim().split("\n");
  return lines[lines.length - 1];
}

self.onmessage = async (event) => {
  const message = event.data;
  if (message.type === "start") {
    engine = load(message.manifest);
    engine.catch(err => postMessage({type: "fatal", text: lastLine(err.message || err)}));
    return;
  }
  if (message.type !== "ask" || engine === null) return;
  let answer;
  try {
    answer = await engine;
  } catch (err) {
    return;  // reported once, as fatal
  }
  const began = performance.now();
  let reply;
  try {
    reply = JSON.parse(answer(JSON.stringify(message.query)));
  } catch (err) {
    // a bug of the engine, not bad input (bad input is an answer): say so in one line
    reply = {verdict: "error", rules: [], text: `internal error: ${lastLine(err.message || err)}`};
  }
  postMessage({type: "answer", id: message.id, answer: reply, ms: performance.now() - began});
};
