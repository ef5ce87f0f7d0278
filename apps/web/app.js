// The page (docs/web.md): Play, a game of sudoku-play's rules from the puzzle maker, and Solve,
// sudoku-cli's -s, --count and --rate on a file of puzzles. Everything is computed by the
// libraries compiled to WebAssembly (dlx.js, bindings.cpp); this file draws and listens.
//
// A game is kept as the list of what the player did (moves, digits, undo, hints...), saved in
// local storage under the puzzle's address with the time played (the last few games, so that
// opening a shared address loses none): a reload makes the same puzzle and replays the list,
// which gives back the very same game, undo history included.
'use strict';

(async function main() {
  const dlx = await createDlx({
    // The code compiled since the page began to load (index.html).
    instantiateWasm(imports, receive) {
      window.dlxCompiled.then((code) => WebAssembly.instantiate(code, imports))
        .then((instance) => receive(instance));
      return {};
    },
  });
  performance.mark('dlx-module'); // the module compiled and started (docs/benchmarks.md)
  const $ = (id) => document.getElementById(id);
  const storageKey = 'dlx-sudoku-games';
  const gamesKept = 8;

  // ---- Pages: #solve shows Solve; anything else (a puzzle's address, or nothing) Play.
  const otherPages = ['#solve', '#learn'];
  function showPage() {
    const page = otherPages.includes(location.hash) ? location.hash.slice(1) : 'play';
    for (const name of ['play', 'solve', 'learn']) {
      $(name).hidden = name !== page;
      if (name === page) $('nav-' + name).setAttribute('aria-current', 'page');
      else $('nav-' + name).removeAttribute('aria-current');
    }
    document.dispatchEvent(new CustomEvent('dlx-page', { detail: page }));
  }

  // ---- Play ----------------------------------------------------------------------------
  const cellName = (cell) => `r${Math.floor(cell / 9) + 1}c${(cell % 9) + 1}`;
  const play = { game: null, spec: null, puzzle: '', actions: [], finished: false };

  function defaultSpec() {
    return { level: 2, blanks: 0, seed: Math.floor(Math.random() * 1e9) };
  }
  // "level=2&seed=123" or "blanks=45&seed=123".
  function specText(spec) {
    return (spec.level ? `level=${spec.level}` : `blanks=${spec.blanks}`) + `&seed=${spec.seed}`;
  }
  function parseSpec(hash) {
    const fields = new URLSearchParams(hash.replace(/^#/, ''));
    const seed = Number(fields.get('seed'));
    if (!fields.has('seed') || !Number.isSafeInteger(seed) || seed < 0) return null;
    if (fields.has('level')) {
      const level = Number(fields.get('level'));
      return [1, 2, 3].includes(level) ? { level, blanks: 0, seed } : null;
    }
    const blanks = Number(fields.get('blanks'));
    return Number.isInteger(blanks) ? { level: 0, blanks, seed } : null;
  }
  const sameSpec = (a, b) => a && b && a.level === b.level && a.blanks === b.blanks &&
    a.seed === b.seed;

  // The board: a grid of rows of cells, the cursor shown by aria-activedescendant.
  const board = $('board');
  board.tabIndex = 0;
  const cells = [];
  for (let row = 0; row < 9; ++row) {
    const line = document.createElement('div');
    line.setAttribute('role', 'row');
    line.style.display = 'contents';
    for (let col = 0; col < 9; ++col) {
      const cell = document.createElement('div');
      const index = row * 9 + col;
      cell.className = 'cell';
      cell.id = 'cell-' + cellName(index);
      cell.dataset.cell = cellName(index);
      cell.dataset.row = row;
      cell.dataset.col = col;
      cell.setAttribute('role', 'gridcell');
      cell.addEventListener('click', () => { act(['c', index]); board.focus(); });
      line.appendChild(cell);
      cells.push(cell);
    }
    board.appendChild(line);
  }

  // What one action does to the game; returns a message for the player, if any.
  function apply(game, action) {
    switch (action[0]) {
      case 'c': game.setCursor(action[1]); return '';
      case 'd': return game.pressDigit(action[1]) === 'given' ? 'That cell is a given.' : '';
      case 'e': return game.erase() === 'given' ? 'That cell is a given.' : '';
      case 'm': game.toggleMode(); return '';
      case 'u': return game.undo() ? '' : 'Nothing to undo.';
      case 'r': return game.redo() ? '' : 'Nothing to redo.';
      case 'h': {
        const hint = game.hint();
        return hint ? `Hint: ${hint.reason}.` : 'The grid is full.';
      }
      case 's': {
        const verdict = game.submit();
        if (verdict.solved) play.finished = true;
        return verdict.text;
      }
      default: return '';
    }
  }

  // The clock runs while the game is open on screen and not yet solved.
  const clock = { before: 0, since: null };
  const elapsed = () => clock.before + (clock.since === null ? 0 : performance.now() - clock.since);
  function pauseClock() {
    clock.before = elapsed();
    clock.since = null;
  }
  function runClock() {
    if (clock.since === null && play.game && !play.finished && !$('play').hidden &&
        document.visibilityState === 'visible') clock.since = performance.now();
  }

  // The saved games: {games: {address: {puzzle, actions, elapsed, finished, at}}, last}.
  function loadAll() {
    try {
      const all = JSON.parse(localStorage.getItem(storageKey) || 'null');
      return all && typeof all.games === 'object' ? all : { games: {}, last: null };
    } catch (e) {
      return { games: {}, last: null };
    }
  }
  function save() {
    if (!play.spec) return;
    const all = loadAll();
    const address = specText(play.spec);
    all.games[address] = { puzzle: play.puzzle, actions: play.actions, elapsed: elapsed(),
      finished: play.finished, at: Date.now() };
    all.last = address;
    const addresses = Object.keys(all.games).sort((a, b) => all.games[b].at - all.games[a].at);
    for (const old of addresses.slice(gamesKept)) delete all.games[old];
    storeAll(all);
  }
  function forget(spec) {
    const all = loadAll();
    delete all.games[specText(spec)];
    storeAll(all);
  }
  function storeAll(all) {
    try { localStorage.setItem(storageKey, JSON.stringify(all)); } catch (e) { /* full */ }
  }

  function act(action) {
    if (!play.game || play.finished) return;
    const message = apply(play.game, action);
    if (play.finished) pauseClock();
    play.actions.push(action);
    if (action[0] !== 'c' || message) $('message').textContent = message;
    save();
    render();
  }

  // Makes the puzzle of `spec` and, when a game of it was saved, replays that game. A saved
  // game that does not fit (another puzzle, or an action the game refuses) is dropped.
  function startGame(spec) {
    const made = dlx.makePuzzle(spec.level, spec.blanks, spec.seed);
    if (made.error) {
      $('message').textContent = made.error;
      return false;
    }
    const saved = loadAll().games[specText(spec)];
    let game = new dlx.Game(made.puzzle, made.solution);
    let message = '';
    let restored = false;
    play.finished = false;
    play.actions = [];
    if (saved && saved.puzzle === made.puzzle && Array.isArray(saved.actions)) {
      try {
        for (const action of saved.actions) {
          message = apply(game, action);
          play.actions.push(action);
        }
        play.finished = Boolean(saved.finished);
        restored = true;
      } catch (e) { // not a game of this page's: start afresh
        game.delete();
        game = new dlx.Game(made.puzzle, made.solution);
        play.actions = [];
        play.finished = false;
        message = '';
        forget(spec);
      }
    }
    if (play.game) play.game.delete();
    play.game = game;
    play.spec = spec;
    play.puzzle = made.puzzle;
    clock.before = restored ? Number(saved.elapsed) || 0 : 0;
    clock.since = null;
    runClock();
    $('title').textContent = made.title.replace(/, game 1$/, '') + `, seed ${spec.seed}`;
    $('message').textContent = message;
    $('level').value = String(spec.level);
    $('blanks').value = String(spec.blanks || $('blanks').value);
    showBlanks();
    $('seed').value = String(spec.seed);
    const address = '#' + specText(spec);
    $('nav-play').setAttribute('href', address);
    if (location.hash !== address && !otherPages.includes(location.hash))
      history.replaceState(null, '', address);
    save();
    render();
    return true;
  }

  function render() {
    const game = play.game;
    const grid = game.grid();
    const conflicts = game.conflicts();
    const cursor = game.cursor();
    const cr = Math.floor(cursor / 9), cc = cursor % 9;
    for (let i = 0; i < 81; ++i) {
      const cell = cells[i];
      const digit = grid[i];
      const given = game.isGiven(i);
      const r = Math.floor(i / 9), c = i % 9;
      const peer = r === cr || c === cc ||
        (Math.floor(r / 3) === Math.floor(cr / 3) && Math.floor(c / 3) === Math.floor(cc / 3));
      cell.classList.toggle('given', given);
      cell.classList.toggle('cursor', i === cursor);
      cell.classList.toggle('peer', peer && i !== cursor);
      cell.classList.toggle('conflict', conflicts[i] === '1');
      cell.setAttribute('aria-selected', i === cursor ? 'true' : 'false');
      let label = `row ${r + 1}, column ${c + 1}: `;
      cell.textContent = '';
      if (digit !== '0') {
        cell.textContent = digit;
        label += digit + (given ? ', given' : '') + (conflicts[i] === '1' ? ', conflict' : '');
      } else {
        const marks = game.marks(i);
        const noted = [];
        if (marks) {
          const box = document.createElement('div');
          box.className = 'marks';
          for (let d = 1; d <= 9; ++d) {
            const span = document.createElement('span');
            if (marks & (1 << (d - 1))) { span.textContent = d; noted.push(d); }
            box.appendChild(span);
          }
          cell.appendChild(box);
        }
        label += 'empty' + (noted.length ? `, notes ${noted.join(' ')}` : '');
      }
      cell.setAttribute('aria-label', label);
    }
    board.setAttribute('aria-activedescendant', cells[cursor].id);
    const notes = game.mode() === 'note';
    $('mode').textContent = notes ? 'Notes: on' : 'Notes: off';
    $('mode').setAttribute('aria-pressed', String(notes));
    // A solved game takes no more changes: its controls say so.
    for (const control of document.querySelectorAll('#pad button, #play-keys button')) {
      control.disabled = play.finished;
    }
    if (play.finished && !$('message').textContent) $('message').textContent = 'Solved!';
    renderTimer();
  }
  function renderTimer() {
    const seconds = Math.floor(elapsed() / 1000);
    const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
    if ($('timer').textContent !== text) $('timer').textContent = text;
  }
  setInterval(() => { if (play.game) renderTimer(); }, 250);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') runClock();
    else pauseClock();
    save();
  });
  document.addEventListener('dlx-page', (event) => {
    if (event.detail === 'play') runClock();
    else pauseClock();
  });

  // Keys, on the board or anywhere on the Play page outside a form field.
  function onKey(event) {
    if ($('play').hidden || !play.game) return;
    if (event.target.closest && event.target.closest('input, select, textarea')) return;
    if (event.altKey) return; // the browser's (Alt+Left: back)
    const ctrl = event.ctrlKey || event.metaKey;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const cursor = play.game.cursor();
    const moves = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 };
    let action = null;
    if (ctrl && !['z', 'y'].includes(key)) return; // the browser's (Ctrl+0: zoom, ...)
    if (key in moves) {
      const r = Math.floor(cursor / 9), c = cursor % 9;
      const to = key === 'ArrowUp' ? [r - 1, c] : key === 'ArrowDown' ? [r + 1, c]
        : key === 'ArrowLeft' ? [r, c - 1] : [r, c + 1];
      if (to[0] >= 0 && to[0] < 9 && to[1] >= 0 && to[1] < 9) action = ['c', to[0] * 9 + to[1]];
      else action = [];
    } else if (ctrl) { // Z or Y (above)
      action = key === 'y' || event.shiftKey ? ['r'] : ['u'];
    } else if (/^[1-9]$/.test(key)) {
      action = ['d', Number(key)];
    } else if (key === '0' || key === 'Backspace' || key === 'Delete') {
      action = ['e'];
    } else {
      const letters = { r: 'r', u: 'u', n: 'm', h: 'h', c: 's' }; // key: action
      action = Object.hasOwn(letters, key) ? [letters[key]] : null;
    }
    if (action === null) return;
    event.preventDefault();
    if (action.length) act(action);
  }
  document.addEventListener('keydown', onKey);

  for (const button of document.querySelectorAll('#pad button')) {
    button.addEventListener('click', () => act(['d', Number(button.dataset.digit)]));
  }
  $('erase').addEventListener('click', () => act(['e']));
  $('mode').addEventListener('click', () => act(['m']));
  $('undo').addEventListener('click', () => act(['u']));
  $('redo').addEventListener('click', () => act(['r']));
  $('hint').addEventListener('click', () => act(['h']));
  $('submit').addEventListener('click', () => act(['s']));
  // The blanks field counts only for puzzles by blanks (hidden, it is also left out of the form).
  function showBlanks() {
    const byBlanks = $('level').value === '0';
    $('blanks-label').hidden = !byBlanks;
    $('blanks').disabled = !byBlanks;
  }
  $('level').addEventListener('change', showBlanks);
  $('new-game').addEventListener('submit', (event) => {
    event.preventDefault();
    const seedText = $('seed').value.trim();
    const level = Number($('level').value);
    const spec = { level, blanks: level === 0 ? Number($('blanks').value) : 0,
      seed: Number(seedText) };
    // The same puzzle again would be no new game: the same settings get a new seed.
    if (seedText === '' || sameSpec(spec, play.spec)) spec.seed = Math.floor(Math.random() * 1e9);
    if (!Number.isSafeInteger(spec.seed) || spec.seed < 0) {
      $('message').textContent = 'The seed is a whole number, 0 or more.';
      return;
    }
    if (startGame(spec)) board.focus();
  });
  window.addEventListener('pagehide', () => { pauseClock(); save(); });

  // ---- Solve ---------------------------------------------------------------------------
  let fileName = 'pasted';
  $('file').addEventListener('change', async () => {
    const file = $('file').files[0];
    if (!file) return;
    fileName = file.name;
    $('puzzles').value = await file.text();
  });
  $('puzzles').addEventListener('input', () => { fileName = 'pasted'; });
  $('run').addEventListener('click', () => {
    const result = dlx.processPuzzles($('task').value, $('puzzles').value, fileName,
      $('keep-going').checked, 2);
    const problems = $('problems');
    problems.textContent = '';
    const lines = result.error ? [result.error] : result.problems;
    for (const line of lines) {
      const item = document.createElement('li');
      item.textContent = line;
      problems.appendChild(item);
    }
    $('output').textContent = result.error ? '' : result.output;
    $('solve-status').textContent = result.error ? 'Stopped at a bad puzzle: nothing written.' :
      `${result.puzzles} puzzle${result.puzzles === 1 ? '' : 's'}` +
      (result.problems.length ? `, ${result.problems.length} bad` : ', all done') + '.';
  });

  // ---- Start: the address's puzzle (the saved game, if it is that one), else the saved game,
  // else a new medium puzzle.
  function startLastOrNew() {
    const last = parseSpec('#' + (loadAll().last || ''));
    if (!(last && startGame(last))) startGame(defaultSpec());
  }
  function route() {
    const spec = parseSpec(location.hash);
    if (spec && !sameSpec(spec, play.spec)) {
      if (play.game) save();
      const message = startGame(spec) ? '' : $('message').textContent;
      if (!play.game) { // a bad address on arrival: the last game, or a new one, and why
        startLastOrNew();
        $('message').textContent = message;
      }
    } else if (!play.game) {
      startLastOrNew();
    }
    showPage();
  }
  window.addEventListener('hashchange', route);
  window.dlxModule = dlx; // for learn.js
  route();
  document.body.dataset.ready = 'true';
  performance.mark('dlx-ready'); // the first puzzle is on screen (docs/benchmarks.md)
})();
