// Run the built site's own search in Node: the theme's search worker
// (assets/javascripts/workers/search.*.min.js, with the lunr languages it imports),
// fed the site's search_index.json, asked each query the way the search box asks it.
//
//   node tests/search_worker.cjs SITE_DIR < queries.json > results.json
//
// queries.json is a JSON list of query strings; results.json lists, for each query,
// the locations of the results in the order the search box shows them (each result
// group is an article: its page first, then its sections), so that a test can say
// which page and section rank first. Nothing here reimplements the ranking: the
// worker's code is the code the browser runs.
"use strict";

const fs = require("fs");
const path = require("path");
const vm = require("vm");

const site = process.argv[2];
const workers = path.join(site, "assets", "javascripts", "workers");
const worker = fs.readdirSync(workers).find(f => /^search\..*\.min\.js$/.test(f));
if (!worker) {
  console.error(`${workers}: no search worker (is ${site} a built site?)`);
  process.exit(2);
}

// The worker's global scope: `self`, `importScripts` (the lunr languages, from the
// site), `addEventListener` for its message handler and `postMessage` for its answers.
let onMessage = null;
const answers = [];
globalThis.self = globalThis;
globalThis.addEventListener = (type, fn) => { if (type === "message") onMessage = fn; };
globalThis.postMessage = message => { answers.push(message); };
globalThis.importScripts = (...urls) => {
  for (const url of urls) {
    const file = path.join(workers, url);
    vm.runInThisContext(fs.readFileSync(file, "utf8"), { filename: file });
  }
};
vm.runInThisContext(fs.readFileSync(path.join(workers, worker), "utf8"),
                    { filename: worker });

async function ask(message) {
  answers.length = 0;
  await onMessage({ data: message });
  return answers[0];
}

async function main() {
  const index = JSON.parse(fs.readFileSync(path.join(site, "search", "search_index.json"),
                                           "utf8"));
  const queries = JSON.parse(fs.readFileSync(0, "utf8"));
  // Message types of the worker: 0 setup, 1 ready, 2 query, 3 result.
  const ready = await ask({ type: 0, data: { ...index, options: { suggest: false } } });
  if (!ready || ready.type !== 1) throw new Error("the search worker did not get ready");
  const out = [];
  for (const query of queries) {
    const result = await ask({ type: 2, data: query });
    out.push(result.data.items.map(group => group.map(item => item.location)));
  }
  process.stdout.write(JSON.stringify(out));
}

main().catch(err => { console.error(String(err && err.stack || err)); process.exit(1); });
