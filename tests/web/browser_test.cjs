// The web page in a real browser (Debian's chromium, headless, driven by puppeteer-core): a whole
// game played by keyboard to "Solved!", a hint, a conflict, a reload that keeps the game, the
// cells' data-cell names, the Solve page's output, which must be sudoku-cli's, and the Learn
// page's steps, which must be dlx-demo's. The page is served from DLX_WEB_DIR by a small static
// server on 127.0.0.1.
//
//   DLX_WEB_DIR=build-web/web DLX_DATA_DIR=data CHROMIUM=/usr/bin/chromium \
//     node --no-experimental-fetch --test tests/web/browser_test.cjs
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const puppeteer = require('puppeteer-core');

const webDir = process.env.DLX_WEB_DIR;
const dataDir = process.env.DLX_DATA_DIR;
const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
const sudokuCli = process.env.SUDOKU_CLI;
const dlxDemo = process.env.DLX_DEMO;
const createDlx = require(path.join(webDir, 'dlx.js'));

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.png': 'image/png' };
let server, base, browser, dlx;

test.before(async () => {
  dlx = await createDlx();
  server = http.createServer((request, response) => {
    const name = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const file = path.join(webDir, name === '/' ? 'index.html' : path.normalize(name));
    if (!file.startsWith(webDir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'text/plain' });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}/`;
  browser = await puppeteer.launch({
    executablePath: chromium, headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
});

test.after(async () => {
  if (browser) await browser.close();
  if (server) server.close();
});

// A fresh page (its own local storage: a new browser context) at `address`, `width` pixels
// wide, once the module has started.
async function open(address, context, width = 1280) {
  const page = await (context || browser).newPage();
  await page.setViewport({ width, height: 900 });
  await page.goto(base + address);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
  return page;
}
const grid = (page) => page.$$eval('[data-cell]', (cells) =>
  cells.map((cell) => (cell.querySelector('.marks') ? '0' : cell.textContent || '0')).join(''));
const message = (page) => page.$eval('#message', (m) => m.textContent);
const cursorOf = (page) => page.$$eval('[data-cell]', (cells) =>
  cells.findIndex((cell) => cell.classList.contains('cursor')));

// Moves the cursor from `from` to `to` with the arrow keys.
async function moveTo(page, from, to) {
  const dr = Math.floor(to / 9) - Math.floor(from / 9), dc = (to % 9) - (from % 9);
  for (let i = 0; i < Math.abs(dr); ++i) await page.keyboard.press(dr > 0 ? 'ArrowDown' : 'ArrowUp');
  for (let i = 0; i < Math.abs(dc); ++i) await page.keyboard.press(dc > 0 ? 'ArrowRight' : 'ArrowLeft');
}

test('a bad address on arrival says why, and a game is there all the same', async () => {
  const context = await browser.createBrowserContext();
  const page = await open('#blanks=3&seed=1', context);
  assert.strictEqual(await message(page), 'the number of blanks is 4 to 64');
  assert.match(await grid(page), /^[0-9]{81}$/);
  assert.notStrictEqual(await grid(page), '0'.repeat(81));
  await context.close();
});

test('a saved game that does not replay is dropped, and the puzzle starts afresh', async () => {
  const context = await browser.createBrowserContext();
  const page = await open('#solve', context);
  const made = dlx.makePuzzle(2, 0, 5);
  await page.evaluate((puzzle) => localStorage.setItem('dlx-sudoku-games', JSON.stringify({
    games: { 'level=2&seed=5': { puzzle, actions: [['d', 4], ['c', 90]], elapsed: 5000, at: 1 } },
    last: 'level=2&seed=5' })), made.puzzle);
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(base + '#level=2&seed=5');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.deepStrictEqual(errors, []);
  assert.strictEqual(await grid(page), made.puzzle);
  assert.match(await page.$eval('#timer', (t) => t.textContent), /^0:0[0-4]$/); // not the 5 s saved
  await context.close();
});

test('every cell is named r1c1 .. r9c9 and labelled', async () => {
  const context = await browser.createBrowserContext();
  const page = await open('#level=2&seed=123', context);
  const names = await page.$$eval('[data-cell]', (cells) => cells.map((c) => c.dataset.cell));
  assert.strictEqual(names.length, 81);
  assert.strictEqual(names[0], 'r1c1');
  assert.strictEqual(names[80], 'r9c9');
  const label = await page.$eval('[data-cell="r1c2"]', (c) => c.getAttribute('aria-label'));
  assert.match(label, /^row 1, column 2: /);
  // The address's puzzle is the maker's, as the module in node makes it.
  assert.strictEqual(await grid(page), dlx.makePuzzle(2, 0, 123).puzzle);
  await context.close();
});

test('a whole game by keyboard: a conflict, a hint, then Solved!', async () => {
  const context = await browser.createBrowserContext();
  const page = await open('#level=1&seed=42', context);
  const made = dlx.makePuzzle(1, 0, 42);
  await page.focus('#board');
  let at = await cursorOf(page);
  // A conflict: the first empty cell given the digit of a given in its row.
  const empty = [...made.puzzle].map((c, i) => (c === '0' ? i : -1)).filter((i) => i >= 0);
  const first = empty[0];
  const row = Math.floor(first / 9);
  const clash = [...Array(9).keys()].map((c) => made.puzzle[row * 9 + c]).find((d) => d !== '0');
  await moveTo(page, at, first);
  at = first;
  await page.keyboard.press(clash);
  const name = `r${row + 1}c${(first % 9) + 1}`;
  assert.ok(await page.$eval(`[data-cell="${name}"]`, (c) => c.classList.contains('conflict')));
  await page.keyboard.press('Backspace');
  assert.ok(!(await page.$eval(`[data-cell="${name}"]`, (c) => c.classList.contains('conflict'))));
  // A hint fills a cell and names its technique.
  const before = await grid(page);
  await page.keyboard.press('h');
  assert.match(await message(page), /^Hint: [a-z -]+: /);
  const after = await grid(page);
  assert.strictEqual([...after].filter((c, i) => c !== before[i]).length, 1);
  // Then every empty cell, by arrows and digits.
  for (const cell of empty) {
    if (after[cell] !== '0') continue;
    await moveTo(page, at, cell);
    at = cell;
    await page.keyboard.press(made.solution[cell]);
  }
  assert.strictEqual(await grid(page), made.solution);
  await page.keyboard.press('c');
  assert.strictEqual(await message(page), 'Solved!');
  await context.close();
});

test('a hint of Sudoku Explainer\'s draws its pattern, what it rules out and a chain\'s links, until a change', async () => {
  const context = await browser.createBrowserContext();
  // Sukaku Explainer rates it 7.1; the usual techniques stop early.
  const text = '24.1.....3..2...6......8.3.5....69.......3....7.....8..58...1.29...1.67.7...8....';
  const page = await open('#p=' + encodeURIComponent(text), context);
  await page.focus('#board');
  let said = '';
  for (let k = 0; k < 60 && !/, after /.test(said); ++k) {
    await page.keyboard.press('h');
    said = await message(page);
  }
  assert.match(said, /^Hint: .+ \(\d\.\d\): r\dc\d is \d, after .+ \(\d\.\d\): r\dc\d/);
  const tinted = await page.$$eval('.cell.hint-pattern', (cells) => cells.map((c) => c.dataset.cell));
  assert.ok(tinted.length >= 2);
  for (const name of tinted) assert.ok(said.includes(name), `${name} in "${said}"`);
  assert.ok((await page.$$('#hint-layer circle.hint-removed')).length > 0);
  for (let k = 0; k < 60 && !/, after Forcing Chain/.test(said); ++k) {
    await page.keyboard.press('h');
    said = await message(page);
  }
  assert.match(said, /, after Forcing Chain \(7\.1\): /); // a chain: its links drawn
  assert.ok((await page.$$('#hint-layer line.hint-link.strong')).length > 0);
  assert.ok((await page.$$('#hint-layer line.hint-link.weak')).length > 0);
  await page.keyboard.press('ArrowRight'); // looking around keeps it
  assert.ok((await page.$$('#hint-layer')).length === 1);
  await page.keyboard.press('u'); // a change takes it away
  assert.strictEqual((await page.$$('#hint-layer')).length, 0);
  assert.strictEqual((await page.$$('.cell.hint-pattern')).length, 0);
  await context.close();
});

test('a reload keeps the game: its digits, its notes, its undo history', async () => {
  const context = await browser.createBrowserContext();
  const page = await open('#level=2&seed=9', context);
  const made = dlx.makePuzzle(2, 0, 9);
  const empty = [...made.puzzle].map((c, i) => (c === '0' ? i : -1)).filter((i) => i >= 0);
  await page.focus('#board');
  await moveTo(page, await cursorOf(page), empty[0]);
  await page.keyboard.press(made.solution[empty[0]]);
  await moveTo(page, empty[0], empty[1]);
  await page.keyboard.press('n');
  await page.keyboard.press('4');
  await page.keyboard.press('6');
  const playing = await grid(page);
  assert.strictEqual(playing[empty[0]], made.solution[empty[0]]);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.strictEqual(await grid(page), playing);
  const cell = `r${Math.floor(empty[1] / 9) + 1}c${(empty[1] % 9) + 1}`;
  assert.strictEqual(await page.$eval(`[data-cell="${cell}"]`, (c) => c.getAttribute('aria-label')),
    `row ${Math.floor(empty[1] / 9) + 1}, column ${(empty[1] % 9) + 1}: empty, notes 4 6`);
  assert.strictEqual(await page.$eval('#mode', (b) => b.textContent), 'Notes: on');
  await page.focus('#board');
  await page.keyboard.press('u');
  await page.keyboard.press('u');
  await page.keyboard.press('u');
  const undone = await grid(page);
  assert.strictEqual(undone, made.puzzle);
  await context.close();
});

test("the Solve page writes sudoku-cli's output, and its messages", async () => {
  const context = await browser.createBrowserContext();
  const page = await open('#solve', context);
  assert.ok(await page.$eval('#play', (p) => p.hidden));
  const file = path.join(dataDir, 'sudoku', 'kaggle_like_sample.txt');
  const text = fs.readFileSync(file, 'latin1');
  await page.$eval('#puzzles', (area, value) => {
    area.value = value;
    area.dispatchEvent(new Event('input'));
  }, text);
  await page.click('#run');
  const output = await page.$eval('#output', (o) => o.textContent);
  const expected = sudokuCli
    ? spawnSync(sudokuCli, ['-s', file, '-o', '-'], { encoding: 'latin1' }).stdout
    : dlx.processPuzzles('solve', text, 'pasted', false, 2).output;
  assert.strictEqual(output, expected);
  await page.$eval('#puzzles', (area) => {
    area.value = '53..7....6..195\n';
    area.dispatchEvent(new Event('input'));
  });
  await page.click('#run');
  assert.strictEqual(await page.$eval('#problems', (p) => p.textContent),
    'pasted:1: puzzle 1: line 1: expected 81 cells, found 15');
  assert.strictEqual(await page.$eval('#output', (o) => o.textContent), '');
  await context.close();
});

test("the Learn page tells Knuth's example as dlx-demo does, and steps back", async () => {
  const context = await browser.createBrowserContext();
  const page = await open('#learn', context);
  await page.waitForFunction(() => /^step 0 of \d+$/.test(document.getElementById('step-count').textContent));
  const total = Number((await page.$eval('#step-count', (s) => s.textContent)).split(' of ')[1]);
  const told = [];
  let arrows = 0;
  for (let k = 1; k <= total; ++k) {
    await page.click('#step');
    told.push(await page.$eval('#narration', (n) => n.textContent));
    arrows += await page.$$eval('#arrows path.link', (p) => p.length);
  }
  // Every link that a cover rewrites is drawn once: one arrow per update, as the engine
  // counts them (30 for Knuth's example: dlx-demo's "6 nodes, 30 updates").
  assert.strictEqual(arrows, dlx.traceExample('knuth').updates);
  assert.ok(await page.$eval('#step', (b) => b.disabled));
  // dlx-demo's sentences: its lines indented by four spaces that start with a capital letter
  // or a brace, and its level lines that say more than the level's heading.
  const sentences = (text) => text.split('\n')
    .filter((line) => /^    [A-Z{]/.test(line) || /^Level \d+: ./.test(line))
    .map((line) => line.replace(/^    /, ''));
  const expected = dlxDemo
    ? sentences(spawnSync(dlxDemo, ['knuth'], { encoding: 'utf8' }).stdout)
    : dlx.traceExample('knuth').events.flatMap((e) => e.text.split('\n'));
  assert.deepStrictEqual(told.flatMap((t) => t.split('\n')), expected);
  assert.match(told[0], /^Choose item A: it has 2 options/);
  // The tree shows one node per choice so far, the solution in green; the matrix marks
  // covered items and hidden options.
  assert.strictEqual(await page.$$eval('#tree .solution', (n) => n.length), 1);
  for (let k = total; k > 2; --k) await page.click('#step-back');
  assert.strictEqual(await page.$eval('#step-count', (s) => s.textContent), `step 2 of ${total}`);
  const hidden = await page.$$eval('#matrix tr.hidden', (rows) => rows.map((r) => r.dataset.option));
  assert.deepStrictEqual(hidden, ['3', '4', '5']); // after trying 2 {A D G}: 4, 5 and 6 hidden
  assert.ok(await page.$$eval('#arrows path.link', (p) => p.length) > 0);
  await context.close();
});

test('the Learn page on a phone: the 4x4 Sudoku shows only what is left, its step in view', async () => {
  const context = await browser.createBrowserContext();
  const page = await open('#learn', context, 360);
  await page.waitForFunction(() => /^step 0 of \d+$/.test(document.getElementById('step-count').textContent));
  // Knuth's example fits: the whole matrix, options with their items.
  assert.strictEqual(await page.$eval('#left-only', (box) => box.checked), false);
  await page.select('#example', 'sudoku4');
  await page.waitForFunction(() => document.querySelectorAll('#matrix tr').length === 65);
  // 64 columns do not fit: only what is left; the labels are the options' numbers.
  assert.strictEqual(await page.$eval('#left-only', (box) => box.checked), true);
  assert.strictEqual(await page.$eval('#matrix tr:nth-child(2) th .items',
    (span) => getComputedStyle(span).display), 'none');
  const story = dlx.traceExample('sudoku4');
  let arrows = 0, mostGone = 0;
  const chosen = []; // per level, the item chosen there
  for (let k = 1; k <= story.events.length; ++k) {
    const event = story.events[k - 1];
    if (event.type === 'choose') chosen[event.level] = event.item;
    await page.click('#step');
    const seen = await page.evaluate((event, options, levelItem) => {
      const table = document.getElementById('matrix');
      const shown = (element) => element.offsetParent !== null; // not display: none
      // Every arrow's ends are on screen: no link to a row or column left out.
      const ends = [...document.querySelectorAll('#arrows path.link')].every((p) => {
        const item = Number(p.dataset.item), from = Number(p.dataset.from), to = Number(p.dataset.to);
        if (p.classList.contains('list'))
          return [from, to].every((i) => shown(table.rows[0].cells[i + 1]));
        return [from, to].every((o) => shown(table.rows[o + 1].cells[item + 1]));
      });
      // The option tried is there, with its level's item; the column of a chosen item, or of
      // the first other item of an option tried, lies in the view, right of the labels.
      const wrap = document.getElementById('matrix-wrap');
      let inView = true, tried = true;
      if (event.type === 'try' && event.option >= 0) {
        tried = shown(table.rows[event.option + 1]) && shown(table.rows[0].cells[levelItem + 1]);
      }
      if (event.type === 'choose' || (event.type === 'try' && event.option >= 0)) {
        const item = event.type === 'choose' ? event.item : options[event.option].find((i) =>
          i !== levelItem && !table.rows[0].cells[i + 1].classList.contains('gone'));
        const box = table.rows[0].cells[item + 1].getBoundingClientRect();
        const labels = table.rows[0].cells[0].getBoundingClientRect().right;
        const right = wrap.getBoundingClientRect().left + wrap.clientWidth;
        inView = box.left >= labels - 1 && box.right <= right + 1;
      }
      return { ends, inView, tried, arrows: document.querySelectorAll('#arrows path.link').length,
        gone: table.querySelectorAll('.gone').length };
    }, event, story.options, chosen[event.level]);
    assert.ok(seen.ends, `step ${k}: an arrow ends in a row or column left out`);
    assert.ok(seen.tried, `step ${k}: the option tried or its level's item is left out`);
    assert.ok(seen.inView, `step ${k}: the chosen item's column is not in view`);
    arrows += seen.arrows;
    mostGone = Math.max(mostGone, seen.gone);
  }
  assert.strictEqual(arrows, story.updates); // still one arrow per update
  assert.ok(mostGone > 100, `only ${mostGone} rows and cells left out at most`);
  // Unticked, the whole matrix is back.
  await page.click('#left-only');
  assert.strictEqual(await page.$$eval('#matrix .gone', (gone) => gone.length), 0);
  await context.close();
});

// ---- Variants: puzzles opened by address, file or link, and from the variant maker.

// Moves the cursor from `from` to `to` with the arrow keys on a board `columns` wide.
async function moveOn(page, columns, from, to) {
  const dr = Math.floor(to / columns) - Math.floor(from / columns), dc = (to % columns) - (from % columns);
  for (let i = 0; i < Math.abs(dr); ++i) await page.keyboard.press(dr > 0 ? 'ArrowDown' : 'ArrowUp');
  for (let i = 0; i < Math.abs(dc); ++i) await page.keyboard.press(dc > 0 ? 'ArrowRight' : 'ArrowLeft');
}
const killerText = () => fs.readFileSync(path.join(dataDir, 'sudoku', 'variants', 'killer_6x6.json'), 'utf8');
const hasClass = (page, name, cls) => page.$eval(`[data-cell="${name}"]`, (c, k) => c.classList.contains(k), cls);

test('a killer by its address: cages and sums drawn, a hint, played to Solved!, kept on reload', async () => {
  const read = dlx.readPuzzle(killerText(), 'killer_6x6.json', 1);
  const context = await browser.createBrowserContext();
  const page = await open('#p=' + encodeURIComponent(read.text), context);
  assert.strictEqual(await page.$$eval('[data-cell]', (c) => c.length), 36);
  assert.strictEqual(await page.$$eval('#overlay path.cage', (p) => p.length), read.layout.cages.length);
  assert.deepStrictEqual(await page.$$eval('#overlay .cage-sum', (t) => t.map((e) => Number(e.textContent))),
    read.layout.cages.map((cage) => cage.sum));
  // The outlines lie inside their cells, 0.08 in from the cage's edge (a cell is one unit).
  const boxes = await page.$$eval('#overlay path.cage', (paths) => paths.slice(0, 2).map((p) => {
    const b = p.getBBox();
    return [b.x, b.y, b.width, b.height].map((v) => Math.round(v * 100) / 100);
  }));
  assert.deepStrictEqual(boxes, [[0.08, 0.08, 0.84, 0.84], [1.08, 0.08, 0.84, 2.84]]);
  // Thick lines where the 2x3 boxes meet, and only there.
  assert.ok(await hasClass(page, 'r1c4', 'b-left'));
  assert.ok(!(await hasClass(page, 'r1c3', 'b-left')));
  assert.ok(await hasClass(page, 'r3c1', 'b-top'));
  assert.ok(!(await hasClass(page, 'r2c1', 'b-top')));
  assert.match(await page.$eval('[data-cell="r1c2"]', (c) => c.getAttribute('aria-label')),
    /^row 1, column 2: empty, in a cage of 3 cells adding up to 12$/);
  await page.focus('#board');
  await page.keyboard.press('?');
  assert.strictEqual(await message(page), 'Hint: naked single: r1c1 can only be 6 (after cage-combination).');
  let at = 0;
  for (let cell = 1; cell < 20; ++cell) {
    await moveOn(page, 6, at, cell);
    at = cell;
    await page.keyboard.press(read.solution[cell]);
  }
  const playing = await grid(page);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.strictEqual(await grid(page), playing);
  await page.focus('#board');
  at = await cursorOf(page);
  for (let cell = 20; cell < 36; ++cell) {
    await moveOn(page, 6, at, cell);
    at = cell;
    await page.keyboard.press(read.solution[cell]);
  }
  assert.strictEqual(await grid(page), read.solution);
  await page.keyboard.press('Enter');
  assert.strictEqual(await message(page), 'Solved!');
  await context.close();
});

test("a jigsaw's regions, X's diagonals and windoku's windows are drawn", async () => {
  const context = await browser.createBrowserContext();
  const made = dlx.makeVariantPuzzle(9, 'jigsaw', 7);
  let page = await open('#variant=jigsaw&seed=7', context);
  assert.strictEqual(await grid(page), made.puzzle);
  const drawn = await page.$$eval('[data-cell]', (cells) => cells.map((c) =>
    [c.classList.contains('b-left'), c.classList.contains('b-top')]));
  const region = made.layout.region;
  drawn.forEach(([left, top], i) => {
    assert.strictEqual(left, i % 9 > 0 && region[i - 1] !== region[i], `r${Math.floor(i / 9) + 1}c${i % 9 + 1}`);
    assert.strictEqual(top, i >= 9 && region[i - 9] !== region[i], `r${Math.floor(i / 9) + 1}c${i % 9 + 1}`);
  });
  await page.close();
  page = await open('#variant=x&seed=1', context);
  assert.strictEqual(await page.$$eval('#overlay line.diagonal', (l) => l.length), 2);
  assert.match(await page.$eval('[data-cell="r5c5"]', (c) => c.getAttribute('aria-label')),
    /, main diagonal, anti-diagonal$/);
  assert.match(await page.$eval('#rules', (p) => p.textContent), /diagonal/);
  await page.close();
  page = await open('#variant=windoku&seed=1', context);
  assert.strictEqual(await page.$$eval('.cell.window', (c) => c.length), 36);
  await page.close();
  // The variant maker's plain 9x9 keeps its address, through a reload too.
  page = await open('#size=9&seed=1', context);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.strictEqual(await page.evaluate(() => location.hash), '#size=9&seed=1');
  assert.strictEqual(await grid(page), dlx.makeVariantPuzzle(9, '', 1).puzzle);
  await context.close();
});

test('16x16 on a phone: the board fits, letters type digits above 9, Enter checks', async () => {
  const context = await browser.createBrowserContext();
  const made = dlx.makeVariantPuzzle(16, '', 3);
  const page = await open('#size=16&seed=3', context, 360);
  assert.strictEqual(await page.$$eval('[data-cell]', (c) => c.length), 256);
  assert.strictEqual(await page.$$eval('#pad button', (b) => b.map((x) => x.textContent).join('')),
    '123456789ABCDEFG');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360));
  const size = await page.$eval('[data-cell="r1c1"]', (c) => parseFloat(getComputedStyle(c).fontSize));
  assert.ok(size >= 9, `digits of ${size}px`);
  await page.focus('#board');
  const empty = made.puzzle.indexOf('0');
  await moveOn(page, 16, await cursorOf(page), empty);
  await page.keyboard.press('g');
  assert.strictEqual((await grid(page))[empty], 'G');
  await page.keyboard.press('c'); // 12 here, not Check
  assert.strictEqual((await grid(page))[empty], 'C');
  await page.keyboard.press('Enter');
  assert.match(await message(page), /^(1 cell is wrong and )?\d+ (cells )?are empty$/);
  // After a click on the pad, Space is the board's again: notes, not the button once more.
  await page.click('#pad button[data-digit="10"]');
  assert.strictEqual((await grid(page))[empty], 'A');
  await page.keyboard.press(' ');
  assert.strictEqual(await page.$eval('#mode', (b) => b.textContent), 'Notes: on');
  assert.strictEqual((await grid(page))[empty], 'A');
  await context.close();
});

test('Open plays a pasted f-puzzles link, and refuses what it cannot play', async () => {
  const read = dlx.readPuzzle(killerText(), 'killer_6x6.json', 1);
  const context = await browser.createBrowserContext();
  const page = await open('#level=1&seed=3', context);
  await page.click('#open summary');
  await page.$eval('#open-text', (area, value) => {
    area.value = value;
    area.dispatchEvent(new Event('input'));
  }, read.link);
  await page.click('#open-form button[type="submit"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-cell]').length === 36);
  assert.ok((await page.evaluate(() => location.hash)).startsWith('#p='));
  assert.match(await page.$eval('#title', (t) => t.textContent), /6x6 killer/);
  assert.ok(!(await page.$eval('#fpuzzles-link', (a) => a.hidden)));
  const grid9 = JSON.stringify(Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => ({}))));
  await page.$eval('#open-text', (area, value) => { area.value = value; },
    `{"size":9,"grid":${grid9},"thermometer":[{"lines":[["R1C1","R1C2"]]}]}`);
  await page.click('#open-form button[type="submit"]');
  assert.match(await message(page), /f-puzzles key 'thermometer' \(thermometers\) is not supported$/);
  assert.strictEqual(await page.$eval('#open-message', (m) => m.textContent), await message(page));
  assert.strictEqual(await page.$$eval('[data-cell]', (c) => c.length), 36); // the killer stays
  await context.close();
});

test('Solve takes f-puzzles files as sudoku-cli does, and plays one of them', async () => {
  const context = await browser.createBrowserContext();
  const page = await open('#solve', context);
  assert.match(await page.$eval('#file', (f) => f.accept), /\.json/);
  const file = path.join(dataDir, 'sudoku', 'variants', 'killer_6x6.json');
  const text = killerText();
  await page.$eval('#puzzles', (area, value) => {
    area.value = value;
    area.dispatchEvent(new Event('input'));
  }, text);
  await page.click('#run');
  const expected = sudokuCli
    ? spawnSync(sudokuCli, ['-s', file, '-o', '-'], { encoding: 'latin1' }).stdout
    : dlx.processPuzzles('solve', text, 'pasted', false, 2).output;
  assert.strictEqual(await page.$eval('#output', (o) => o.textContent), expected);
  await page.click('#play-number-form button');
  await page.waitForFunction(() => !document.getElementById('play').hidden);
  assert.strictEqual(await page.$$eval('[data-cell]', (c) => c.length), 36);
  await context.close();
});
