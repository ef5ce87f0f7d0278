// The WebAssembly module of the web page (apps/web/bindings.cpp) under node's test runner: the
// maker's puzzles are reproducible and of their level, a game is played to "Solved!" with
// sudoku-play's hints and verdicts, and the Solve page's output for each sample file is
// sudoku-cli's, byte for byte (when SUDOKU_CLI names the native program), errors included.
//
//   node --no-experimental-fetch --test tests/web/module_test.cjs   (with DLX_WEB_DIR, DLX_DATA_DIR)
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const webDir = process.env.DLX_WEB_DIR;
const dataDir = process.env.DLX_DATA_DIR;
const sudokuCli = process.env.SUDOKU_CLI; // optional: the native sudoku-cli to compare with
const createDlx = require(path.join(webDir, 'dlx.js'));
let dlx;
test.before(async () => { dlx = await createDlx(); });

test('the same level and seed give the same puzzle, of that level', () => {
  for (const level of [1, 2, 3]) {
    const a = dlx.makePuzzle(level, 0, 123);
    const b = dlx.makePuzzle(level, 0, 123);
    assert.strictEqual(a.puzzle, b.puzzle);
    assert.match(a.puzzle, /^[0-9]{81}$/);
    assert.match(a.solution, /^[1-9]{81}$/);
    const rating = dlx.processPuzzles('rate', a.puzzle + '\n', 'made.txt', false, 2);
    assert.match(rating.output, new RegExp(`^${level} `));
    assert.doesNotMatch(rating.output, /multiple-solutions/);
  }
  assert.notStrictEqual(dlx.makePuzzle(2, 0, 1).puzzle, dlx.makePuzzle(2, 0, 2).puzzle);
  const blanks = dlx.makePuzzle(0, 45, 7);
  assert.strictEqual([...blanks.puzzle].filter((c) => c === '0').length, 45);
  assert.deepStrictEqual(dlx.makePuzzle(4, 0, 1),
    { error: 'the level is 1 (easy), 2 (medium) or 3 (hard)' });
  assert.deepStrictEqual(dlx.makePuzzle(2, 0, 1.5), { error: 'a seed is a whole number from 0 to 2^53' });
});

test('a game: hints, conflicts, undo and redo, the verdicts, then Solved!', () => {
  const made = dlx.makePuzzle(1, 0, 42);
  const game = new dlx.Game(made.puzzle, made.solution);
  try {
    const empty = [...made.puzzle].map((c, i) => (c === '0' ? i : -1)).filter((i) => i >= 0);
    assert.deepStrictEqual(game.submit().text, `${empty.length} cells are empty`);
    const hint = game.hint();
    assert.ok(hint.reason.length > 0);
    assert.strictEqual(game.grid()[hint.cell], String(hint.digit));
    assert.ok(game.undo());
    assert.strictEqual(game.grid()[hint.cell], '0');
    assert.ok(game.redo());
    // A wrong digit beside a given of the same digit: a conflict, and a wrong cell.
    const cell = empty.find((i) => i !== hint.cell);
    const row = Math.floor(cell / 9);
    const givenInRow = [...Array(9).keys()].map((c) => row * 9 + c).find((i) => made.puzzle[i] !== '0');
    game.setCursor(cell);
    game.pressDigit(Number(made.puzzle[givenInRow]));
    assert.strictEqual(game.conflicts()[cell], '1');
    assert.strictEqual(game.conflicts()[givenInRow], '1');
    assert.match(game.submit().text, /^1 cell is wrong and \d+ are empty$/);
    game.setCursor(givenInRow);
    assert.strictEqual(game.pressDigit(1), 'given');
    for (const i of empty) {
      game.setCursor(i);
      game.pressDigit(Number(made.solution[i]));
    }
    assert.strictEqual(game.grid(), made.solution);
    assert.deepStrictEqual(game.submit(), { solved: true, wrong: 0, empty: 0, text: 'Solved!' });
  } finally {
    game.delete();
  }
});

test('where the usual techniques stop, a hint is Sudoku Explainer\'s, with its step to draw', () => {
  // Sukaku Explainer rates it 7.1: a forcing chain.
  const text = '24.1.....3..2...6......8.3.5....69.......3....7.....8..58...1.29...1.67.7...8....';
  const read = dlx.readPuzzle(text, 'pasted', 1);
  const game = new dlx.Game(read.puzzle, read.solution);
  try {
    const drawn = [];
    for (let hint = game.hint(); hint; hint = game.hint()) {
      assert.strictEqual(game.grid()[hint.cell], String(hint.digit));
      assert.doesNotMatch(hint.reason, /needs search/);
      if (!hint.pattern.length) continue;
      drawn.push(hint);
      assert.ok(hint.removed.length > 0);
      for (const [cell, digit] of hint.removed) assert.notStrictEqual(read.solution[cell], String(digit));
      for (const cell of hint.pattern) assert.ok(cell >= 0 && cell < 81);
    }
    assert.strictEqual(game.submit().text, 'Solved!');
    const chain = drawn.find((hint) => / after Forcing Chain \(7\.1\): /.test(hint.reason));
    assert.ok(chain, drawn.map((hint) => hint.reason).join('\n'));
    // its links, to draw: one into the next, strong and weak in turn, over the pattern's cells
    assert.ok(chain.links.length >= 2);
    chain.links.forEach((link, i) => {
      assert.ok(chain.pattern.includes(link.from) && chain.pattern.includes(link.to));
      assert.ok((link.from === link.to) !== (link.fromDigit === link.toDigit));
      if (i === 0) return;
      const before = chain.links[i - 1];
      assert.deepStrictEqual([before.to, before.toDigit], [link.from, link.fromDigit]);
      assert.notStrictEqual(before.strong, link.strong);
    });
  } finally {
    game.delete();
  }
});

test('notes mode toggles pencil marks', () => {
  const made = dlx.makePuzzle(2, 0, 5);
  const game = new dlx.Game(made.puzzle, made.solution);
  const cell = made.puzzle.indexOf('0');
  game.setCursor(cell);
  game.toggleMode();
  assert.strictEqual(game.mode(), 'note');
  game.pressDigit(3);
  game.pressDigit(7);
  assert.strictEqual(game.marks(cell), (1 << 2) | (1 << 6));
  game.pressDigit(3);
  assert.strictEqual(game.marks(cell), 1 << 6);
  game.delete();
});

const samples = fs.readdirSync(path.join(dataDir, 'sudoku')).filter((f) => f.endsWith('.txt'));
for (const task of ['solve', 'count', 'rate']) {
  test(`the Solve page's ${task} output for the sample files`, () => {
    for (const file of samples) {
      const text = fs.readFileSync(path.join(dataDir, 'sudoku', file), 'latin1');
      const result = dlx.processPuzzles(task, text, file, false, 2);
      assert.ok(!result.error, `${file}: ${result.error}`);
      assert.deepStrictEqual(result.problems, []);
      if (task === 'solve') {
        assert.strictEqual(result.output.split('\n\n').length, result.puzzles);
      }
      if (sudokuCli) {
        const flag = { solve: '-s', count: '--count', rate: '--rate' }[task];
        const native = spawnSync(sudokuCli, [flag, path.join(dataDir, 'sudoku', file), '-o', '-'],
          { encoding: 'latin1', maxBuffer: 1 << 28 });
        assert.strictEqual(native.status, 0, native.stderr);
        assert.strictEqual(result.output, native.stdout, `${file}: not sudoku-cli's output`);
      }
    }
  });
}

test('the Solve page\'s rate-se output is sudoku-cli --rate --scale se\'s', () => {
  // The first 25 puzzles of each one-line sample; of the hardest, whose nested chains (11 and
  // more) take seconds a puzzle natively and longer here, the first one.
  for (const file of samples.filter((f) => f !== 'board_layout_sample.txt')) {
    const count = file.startsWith('forum_hardest') ? 1 : 25;
    const text = fs.readFileSync(path.join(dataDir, 'sudoku', file), 'latin1')
      .split('\n').slice(0, count).join('\n') + '\n';
    const result = dlx.processPuzzles('rate-se', text, file, false, 2);
    assert.ok(!result.error, `${file}: ${result.error}`);
    assert.strictEqual(result.puzzles, count);
    for (const line of result.output.trimEnd().split('\n'))
      assert.match(line, /^ED=\d+\.\d\/\d+\.\d\/\d+\.\d \S/);
    if (sudokuCli) {
      const native = spawnSync(sudokuCli, ['--rate', '-', '--scale', 'se', '-o', '-'],
        { input: text, encoding: 'latin1', maxBuffer: 1 << 28 });
      assert.strictEqual(native.status, 0, native.stderr);
      assert.strictEqual(result.output, native.stdout, `${file}: not sudoku-cli's output`);
    }
  }
});

test('bad puzzles are worded as sudoku-cli words them', () => {
  const text = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n' +
    '53..7....6..195\n' +
    '55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n';
  const stopped = dlx.processPuzzles('solve', text, 'bad.txt', false, 2);
  assert.deepStrictEqual(stopped, { error: 'bad.txt:2: puzzle 2: line 2: expected 81 cells, found 15' });
  const going = dlx.processPuzzles('solve', text, 'bad.txt', true, 2);
  assert.strictEqual(going.puzzles, 3);
  assert.strictEqual(going.problems.length, 2);
  assert.strictEqual(going.problems[0], 'bad.txt:2: puzzle 2: line 2: expected 81 cells, found 15');
  assert.match(going.problems[1], /^bad\.txt:3: puzzle 3: the givens break the rules: /);
  assert.deepStrictEqual(dlx.processPuzzles('solve', '# nothing\n', 'empty.txt', false, 2),
    { error: 'empty.txt: no puzzles found' });
  if (sudokuCli) {
    const file = path.join(require('node:os').tmpdir(), `dlx-web-bad-${process.pid}.txt`);
    fs.writeFileSync(file, text);
    const native = spawnSync(sudokuCli, ['-s', file, '-o', '-', '--keep-going'], { encoding: 'latin1' });
    fs.unlinkSync(file);
    const messages = native.stderr.trim().split('\n').map((line) =>
      line.replace(/^sudoku-cli: /, '').replace(file, 'bad.txt'));
    assert.deepStrictEqual(messages, going.problems);
    assert.strictEqual(native.stdout, going.output);
  }
});

test("the Learn page's examples: their searches, event by event, with dlx-demo's words", () => {
  const expected = { knuth: [1, 6], queens4: [2, 17], sudoku4: [1, 17], pento3x5: [4, 16] };
  for (const [name, [solutions, nodes]] of Object.entries(expected)) {
    const story = dlx.traceExample(name);
    assert.strictEqual(story.solutions, solutions, name);
    assert.strictEqual(story.nodes, nodes, name);
    const events = story.events;
    // One choose per node that is not a solution, one solution event per solution.
    assert.strictEqual(events.filter((e) => e.type === 'choose').length, nodes - solutions, name);
    assert.strictEqual(events.filter((e) => e.type === 'solution').length, solutions, name);
    for (const e of events) {
      assert.ok(e.text.length > 0, `${name}: an event without words: ${JSON.stringify(e)}`);
      if (e.type === 'try') assert.ok(story.options[e.option].length > 0);
    }
  }
  assert.deepStrictEqual(dlx.traceExample('queens99'), { error: "no example called 'queens99'" });
});
