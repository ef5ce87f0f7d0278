// The web page's figures (docs/benchmarks.md section 13), side by side in one run:
//
//   1. first-solution rate: sudoku-solve-bench --repeat 1 SET (native, one thread) and the same
//      loop in headless Chromium (benchmarkSolve in apps/web/bindings.cpp), in turn, ROUNDS
//      times; the medians and their ratio;
//   2. time to the first puzzle on screen: a fresh page (new browser context, nothing cached)
//      opened at #level=2&seed=K on 127.0.0.1, from navigation to app.js's 'dlx-ready' mark,
//      LOADS times; the browser runs without puppeteer's watch on the network (networkEnabled:
//      false), which costs every response a round of messages and made the figure 50-100 ms
//      slower than a page opened by hand;
//   3. everything the page loads: the bytes of every response, counted by this script's server.
//
//   NODE_PATH=build-web/web-tests/node_modules \
//     node apps/bench/web_bench.cjs build-web/web build/apps/sudoku-solve-bench \
//       ../shared/data/sudoku/kaggle_like_100k.txt [ROUNDS] [LOADS] [CHROMIUM]
//
// (build-web/web-tests/node_modules is where `ctest --test-dir build-web` installs
// puppeteer-core.) Run it on a quiet machine: nothing else timing or building.
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const puppeteer = require('puppeteer-core');

const [webDir, nativeBench, set, roundsText, loadsText, chromium] = process.argv.slice(2);
if (!webDir || !nativeBench || !set) {
  console.error('usage: web_bench.cjs WEB_DIR SUDOKU_SOLVE_BENCH SET [ROUNDS] [LOADS] [CHROMIUM]');
  process.exit(2);
}
const rounds = Number(roundsText || 5);
const loads = Number(loadsText || 15);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm' };

(async () => {
  const root = path.resolve(webDir);
  let served = []; // [file, bytes] of every response since the last reset
  const server = http.createServer((request, response) => {
    const name = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const file = path.join(root, name === '/' ? 'index.html' : path.normalize(name));
    if (!file.startsWith(root) || !fs.existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    served.push([path.basename(file), fs.statSync(file).size]);
    response.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'text/plain' });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await puppeteer.launch({ executablePath: chromium || '/usr/bin/chromium',
    headless: true, networkEnabled: false, args: ['--no-sandbox', '--disable-gpu'] });

  // 1. The rate, native and in the browser in turn.
  const text = fs.readFileSync(set, 'latin1');
  const page = await browser.newPage();
  await page.goto(base + '#solve', { waitUntil: 'load' });
  await page.waitForSelector('body[data-ready="true"]');
  const native = [], web = [];
  for (let r = 0; r < rounds; ++r) {
    const run = spawnSync(nativeBench, ['--repeat', '1', set], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    native.push(Number(run.stdout.trim().split('\n').pop().trim().split(/\s+/)[2]));
    const result = await page.evaluate((t) => window.dlxModule.benchmarkSolve(t), text);
    if (result.error) throw new Error(result.error);
    web.push(result.puzzles / result.seconds);
  }
  await page.close();
  console.log(`set: ${path.basename(set)}, ${rounds} rounds, each native then Chromium`);
  console.log(`native  (puzzles/s): ${native.map((v) => v.toFixed(0)).join(' ')}`);
  console.log(`Chromium (puzzles/s): ${web.map((v) => v.toFixed(0)).join(' ')}`);
  console.log(`medians: native ${median(native).toFixed(0)}, Chromium ${median(web).toFixed(0)}, ` +
    `ratio ${(median(web) / median(native)).toFixed(2)}`);

  // 2 and 3. Fresh pages: time to the first puzzle, and the bytes loaded.
  const times = [];
  for (let k = 0; k < loads; ++k) {
    const context = await browser.createBrowserContext();
    const fresh = await context.newPage();
    served = [];
    await fresh.goto(`${base}#level=2&seed=${k + 1}`, { waitUntil: 'load' });
    await fresh.waitForSelector('body[data-ready="true"]');
    times.push(await fresh.evaluate(() => performance.getEntriesByName('dlx-ready')[0].startTime));
    await context.close();
  }
  const bytes = served.reduce((sum, [, size]) => sum + size, 0);
  console.log(`first puzzle on screen (ms): ${times.map((t) => t.toFixed(0)).join(' ')}; ` +
    `median ${median(times).toFixed(0)}`);
  console.log(`bytes loaded: ${bytes} (${served.map(([file, size]) => `${file} ${size}`).join(', ')})`);
  await browser.close();
  server.close();
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
