// The web page's module on variants (apps/web/play_bindings.cpp) under node's test runner:
// readPuzzle on f-puzzles files, links and every format, the layout the page draws, the
// address's text read back as the same puzzle, a killer played to "Solved!" by hints alone,
// 16x16 symbols, samurai's gaps, the variant maker against sudoku-cli -n, and the Solve page's
// output on the variant and format samples, which must be sudoku-cli's byte for byte (when
// SUDOKU_CLI names the native program).
//
//   node --no-experimental-fetch --test tests/web/variant_module_test.cjs   (DLX_WEB_DIR, DLX_DATA_DIR)
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const webDir = process.env.DLX_WEB_DIR;
const dataDir = process.env.DLX_DATA_DIR;
const sudokuCli = process.env.SUDOKU_CLI;
const createDlx = require(path.join(webDir, 'dlx.js'));
let dlx;
test.before(async () => { dlx = await createDlx(); });

const killerFile = path.join(dataDir, 'sudoku', 'variants', 'killer_6x6.json');
const killerText = fs.readFileSync(killerFile, 'utf8');
const thrown = (f) => {
  try {
    f();
  } catch (e) {
    return typeof e === 'number' ? dlx.exceptionMessage(e) : String(e);
  }
  return null;
};

test('readPuzzle reads a killer from f-puzzles JSON, with the layout the page draws', () => {
  const read = dlx.readPuzzle(killerText, 'killer_6x6.json', 1);
  assert.ok(!read.error, read.error);
  assert.strictEqual(read.kind, 'variant');
  assert.strictEqual(read.describe, '6x6 killer');
  assert.strictEqual(read.solutions, 1);
  assert.strictEqual(read.unique, true);
  assert.strictEqual(read.title, 'killer_6x6.json, puzzle 1');
  assert.strictEqual(read.puzzle, '0'.repeat(36));
  assert.match(read.solution, /^[1-6]{36}$/);
  const layout = read.layout;
  assert.strictEqual(layout.size, 6);
  assert.strictEqual(layout.boxRows, 2);
  assert.strictEqual(layout.boxColumns, 3);
  assert.strictEqual(layout.symbols, '123456');
  assert.deepStrictEqual(layout.region.slice(0, 12), [0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1]);
  assert.deepStrictEqual(layout.region.slice(12, 15), [2, 2, 2]);
  // The cages as the file has them: R1C1 of sum 6, then R1C2-R3C2 of sum 12, ...
  const json = JSON.parse(killerText);
  assert.strictEqual(layout.cages.length, json.killercage.length);
  assert.deepStrictEqual(layout.cages[0], { cells: [0], sum: 6 });
  assert.deepStrictEqual(layout.cages[1], { cells: [1, 7, 13], sum: 12 });
  layout.cages.forEach((cage, k) => {
    const cells = json.killercage[k].cells.map((name) => {
      const [, r, c] = /^R(\d+)C(\d+)$/.exec(name);
      return (r - 1) * 6 + (c - 1);
    });
    assert.deepStrictEqual(cage.cells, cells);
    assert.strictEqual(cage.sum, Number(json.killercage[k].value));
  });
  assert.deepStrictEqual(layout.diagonals, { main: false, anti: false });
  assert.strictEqual(layout.candidates, null);
  // The solution keeps every cage's sum.
  for (const cage of layout.cages)
    assert.strictEqual(cage.cells.reduce((s, c) => s + Number(read.solution[c]), 0), cage.sum);
});

test("the address's text and the f-puzzles link read back as the same puzzle", () => {
  const read = dlx.readPuzzle(killerText, 'killer_6x6.json', 1);
  assert.match(read.text, /^[A-Za-z0-9+/=]+$/); // compressed f-puzzles: '+' and '/' escaped
  assert.ok(read.link.startsWith('https://www.f-puzzles.com/?load='));
  for (const again of [dlx.readPuzzle(read.text, 'the address', 1),
    dlx.readPuzzle(read.link, 'link', 1),
    dlx.readPuzzle(encodeURIComponent(read.text), 'escaped', 1)]) {
    assert.ok(!again.error, again.error);
    assert.strictEqual(again.text, read.text);
    assert.strictEqual(again.puzzle, read.puzzle);
    assert.deepStrictEqual(again.layout, read.layout);
  }
  // Some address holds base64's '+' or '/', which the page must escape.
  const made = [1, 2, 3].map((seed) => dlx.makeVariantPuzzle(9, 'killer', seed).text);
  assert.ok(made.some((text) => /[+/]/.test(text)));
  // A classic 9x9, from f-puzzles or not, is Game's: its text is its 81 digits.
  const classic = dlx.readPuzzle(
    '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79', 'p', 1);
  assert.strictEqual(classic.kind, 'classic');
  assert.strictEqual(classic.text, classic.puzzle);
  assert.match(classic.text, /^[0-9]{81}$/);
});

test('readPuzzle names what is wrong, as sudoku-cli does', () => {
  const grid = JSON.stringify(Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => ({}))));
  const thermo = `{"size":9,"grid":${grid},"thermometer":[{"lines":[["R1C1","R1C2"]]}]}`;
  const refused = dlx.readPuzzle(thermo, 'pasted', 1);
  assert.match(refused.error, /^pasted:1: puzzle 1: .*f-puzzles key 'thermometer' \(thermometers\) is not supported$/);
  assert.deepStrictEqual(dlx.readPuzzle('# nothing\n', 'empty.txt', 1),
    { error: 'empty.txt: no puzzles found' });
  assert.deepStrictEqual(dlx.readPuzzle(killerText, 'k.json', 2),
    { error: 'k.json: has 1 puzzles, not 2' });
  const twice = '55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
  assert.match(dlx.readPuzzle(twice, 'p', 1).error,
    /^p:1: puzzle 1: the givens break the rules: two 5s in row 1$/);
  if (sudokuCli) { // the same words as the program's
    const native = spawnSync(sudokuCli, ['-s', '-', '-o', '-'], { input: thermo, encoding: 'utf8' });
    assert.strictEqual(native.stderr.trim().replace(/^sudoku-cli: stdin:/, 'pasted:'), refused.error);
  }
});

test('a killer played by hints alone ends Solved!, and the first hint is a cage', () => {
  const read = dlx.readPuzzle(killerText, 'killer_6x6.json', 1);
  const game = new dlx.VariantGame(read.text, read.solution);
  try {
    const first = game.hint();
    assert.deepStrictEqual({ cell: first.cell, digit: first.digit, symbol: first.symbol },
      { cell: 0, digit: 6, symbol: '6' });
    assert.match(first.reason, /^naked single: r1c1 can only be 6 \(after cage-combination\)$/);
    let hints = 1;
    while (game.hint()) ++hints;
    assert.strictEqual(hints, 36);
    assert.strictEqual(game.grid(), read.solution);
    assert.deepStrictEqual(game.submit(), { solved: true, wrong: 0, empty: 0, text: 'Solved!' });
  } finally {
    game.delete();
  }
});

test('16x16: symbols to G, digits out of range refused, marks up to bit 15', () => {
  const made = dlx.makeVariantPuzzle(16, '', 3);
  assert.ok(!made.error, made.error);
  assert.strictEqual(made.layout.symbols, '123456789ABCDEFG');
  assert.strictEqual(made.puzzle.length, 256);
  assert.match(made.solution, /^[1-9A-G]{256}$/);
  const game = new dlx.VariantGame(made.text, made.solution);
  try {
    const cell = made.puzzle.indexOf('0');
    game.setCursor(cell);
    assert.strictEqual(game.pressDigit(16), 'changed');
    assert.strictEqual(game.grid()[cell], 'G');
    assert.strictEqual(thrown(() => game.pressDigit(17)), 'a digit is 1 to 16');
    game.erase();
    game.toggleMode();
    game.pressDigit(16);
    assert.strictEqual(game.marks(cell), 1 << 15);
    assert.strictEqual(game.peers(cell).split('').filter((c) => c === '1').length, 15 * 3 - 6);
  } finally {
    game.delete();
  }
});

test("samurai: a 21x21 canvas whose gaps hold no cell and take no cursor", () => {
  const made = dlx.makeVariantPuzzle(9, 'samurai', 1);
  assert.ok(!made.error, made.error);
  assert.strictEqual(made.layout.rows, 21);
  assert.strictEqual(made.layout.columns, 21);
  assert.strictEqual(made.puzzle[9], ' '); // r1c10, between grids 1 and 2
  assert.strictEqual(made.layout.region[9], -1);
  assert.strictEqual(made.link, ''); // f-puzzles holds no samurai
  const read = dlx.readPuzzle(made.text, 'address', 1); // the grid on one line
  assert.strictEqual(read.puzzle, made.puzzle);
  const game = new dlx.VariantGame(made.text, made.solution);
  try {
    assert.match(thrown(() => game.setCursor(9)), /^r1c10 is not a cell of the puzzle$/);
  } finally {
    game.delete();
  }
});

test('the variant maker makes what sudoku-cli -n makes, for the same seed', () => {
  for (const [rules, describe] of [['x', '9x9 X'], ['windoku', '9x9 windoku'],
    ['jigsaw', '9x9 jigsaw'], ['killer', '9x9 killer']]) {
    const made = dlx.makeVariantPuzzle(9, rules, 7);
    assert.ok(!made.error, made.error);
    assert.strictEqual(made.describe, describe);
    const again = dlx.makeVariantPuzzle(9, rules, 7);
    assert.strictEqual(again.text, made.text);
    if (rules === 'windoku') assert.strictEqual(made.layout.windows.length, 4);
    if (rules === 'x') assert.deepStrictEqual(made.layout.diagonals, { main: true, anti: true });
    if (sudokuCli) {
      const native = spawnSync(sudokuCli, ['-n', '1', '--variant', rules, '--seed', '7', '-o', '-'],
        { encoding: 'utf8' });
      assert.strictEqual(native.status, 0, native.stderr);
      const read = dlx.readPuzzle(native.stdout, 'cli', 1);
      assert.strictEqual(read.puzzle, made.puzzle, rules);
      assert.deepStrictEqual(read.layout.cages, made.layout.cages, rules);
      assert.deepStrictEqual(read.layout.region, made.layout.region, rules);
    }
  }
  assert.match(dlx.makeVariantPuzzle(9, 'sandwich', 1).error, /^'sandwich' is not one of x, /);
});

const sampleDirs = ['variants', 'formats'];
const samples = sampleDirs.flatMap((dir) =>
  fs.readdirSync(path.join(dataDir, 'sudoku', dir)).map((file) => path.join(dir, file)));
for (const task of ['solve', 'count', 'rate']) {
  test(`the Solve page's ${task} on the variant and format samples is sudoku-cli's`, () => {
    for (const file of samples) {
      const text = fs.readFileSync(path.join(dataDir, 'sudoku', file), 'latin1');
      const result = dlx.processPuzzles(task, text, path.basename(file), true, 2);
      assert.ok(!result.error, `${file}: ${result.error}`);
      if (task !== 'rate') assert.deepStrictEqual(result.problems, [], file);
      if (sudokuCli) {
        const flag = { solve: '-s', count: '--count', rate: '--rate' }[task];
        const native = spawnSync(sudokuCli, [flag, path.join(dataDir, 'sudoku', file), '-o', '-',
          '--keep-going'], { encoding: 'latin1', maxBuffer: 1 << 28 });
        assert.strictEqual(result.output, native.stdout, `${file}: not sudoku-cli's output`);
        const messages = native.stderr.split('\n').filter((line) => line.includes(': puzzle '))
          .map((line) => line.replace(/^sudoku-cli: [^:]*\//, '').replace(/^sudoku-cli: /, ''));
        assert.deepStrictEqual(result.problems, messages, file);
      }
    }
  });
}
