// The page (docs/web.md): Play, a game of sudoku-play's rules from the puzzle maker, and Solve,
// sudoku-cli's -s, --count and --rate on a file of puzzles. Everything is computed by the
// libraries compiled to WebAssembly (dlx.js, bindings.cpp); this file draws and listens.
//
// The game is kept as the list of what the player did (moves, digits, undo, hints...), saved
// in local storage with the puzzle's address and the time played: a reload makes the same
// puzzle and replays the list, which gives back the very same game, undo history included.
'use strict';

(async function main() {
  const dlx = await createDlx();
  const $ = (id) => document.getElementById(id);
  const storageKey = 'dlx-sudoku-game';

  // ---- Pages: #solve shows Solve; anything else (a puzzle's address, or nothing) Play.
  const otherPages = ['#solve', '#learn'];
  function showPage() {
    const page = otherPages.includes(location.hash) ? location.hash.slice(1) : 'play';
    for (const name of ['play', 'solve', 'learn']) {
      $(name).hidden = name !== page;
      if (name === page) $('nav-' + name).setAttribute('aria-current', 'page');
      else $('nav-' + name).removeAttribute('aria-current');
    }
    $('nav-play').setAttribute('href', '#' + specText(play.spec || defaultSpec()));
    document.dispatchEvent(new CustomEvent('dlx-page', { detail: page }));
  }

  // ---- Play ----------------------------------------------------------------------------
  const cellName = (cell) => `r${Math.floor(cell / 9) + 1}c${(cell % 9) + 1}`;
  const play = {
    game: null, spec: null, actions: [], elapsedBefore: 0, startedAt: 0, finished: false,
  };

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

  function elapsed() {
    return play.elapsedBefore + (play.finished ? 0 : performance.now() - play.startedAt);
  }
  function save() {
    if (!play.spec) return;
    const state = { spec: play.spec, actions: play.actions, elapsed: elapsed(),
      finished: play.finished };
    try { localStorage.setItem(storageKey, JSON.stringify(state)); } catch (e) { /* full */ }
  }
  function loadSaved() {
    try { return JSON.parse(localStorage.getItem(storageKey) || 'null'); } catch (e) { return null; }
  }

  function act(action) {
    if (!play.game) return;
    const before = play.finished;
    const message = apply(play.game, action);
    if (play.finished && !before) play.elapsedBefore += performance.now() - play.startedAt;
    play.actions.push(action);
    if (action[0] !== 'c' || message) $('message').textContent = message;
    save();
    render();
  }

  function startGame(spec, saved) {
    const made = dlx.makePuzzle(spec.level, spec.blanks, spec.seed);
    if (made.error) {
      $('message').textContent = made.error;
      return false;
    }
    if (play.game) play.game.delete();
    play.game = new dlx.Game(made.puzzle, made.solution);
    play.spec = spec;
    play.actions = [];
    play.finished = false;
    let message = '';
    for (const action of saved ? saved.actions : []) {
      message = apply(play.game, action);
      play.actions.push(action);
    }
    play.finished = saved ? Boolean(saved.finished) : false;
    play.elapsedBefore = saved ? saved.elapsed || 0 : 0;
    play.startedAt = performance.now();
    $('title').textContent = made.title.replace(/, game 1$/, '') + `, seed ${spec.seed}`;
    $('message').textContent = saved ? message : '';
    $('level').value = String(spec.level);
    $('blanks').value = String(spec.blanks || $('blanks').value);
    $('blanks-label').hidden = spec.level !== 0;
    $('seed').value = String(spec.seed);
    const address = '#' + specText(spec);
    if (location.hash !== address) history.replaceState(null, '', address);
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
    renderTimer();
  }
  function renderTimer() {
    const seconds = Math.floor(elapsed() / 1000);
    const text = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
    if ($('timer').textContent !== text) $('timer').textContent = text;
  }
  setInterval(() => { if (play.game) renderTimer(); }, 250);

  // Keys, on the board or anywhere on the Play page outside a form field.
  function onKey(event) {
    if ($('play').hidden || !play.game) return;
    if (event.target.closest && event.target.closest('input, select, textarea')) return;
    const key = event.key;
    const ctrl = event.ctrlKey || event.metaKey;
    const cursor = play.game.cursor();
    const moves = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 };
    let action = null;
    if (key in moves) {
      const r = Math.floor(cursor / 9), c = cursor % 9;
      const to = key === 'ArrowUp' ? [r - 1, c] : key === 'ArrowDown' ? [r + 1, c]
        : key === 'ArrowLeft' ? [r, c - 1] : [r, c + 1];
      if (to[0] >= 0 && to[0] < 9 && to[1] >= 0 && to[1] < 9) action = ['c', to[0] * 9 + to[1]];
      else action = [];
    } else if (/^[1-9]$/.test(key) && !ctrl) {
      action = ['d', Number(key)];
    } else if (key === '0' || key === 'Backspace' || key === 'Delete') {
      action = ['e'];
    } else if ((ctrl && (key === 'y' || (key === 'Z' && event.shiftKey))) ||
               (!ctrl && (key === 'r' || key === 'R'))) {
      action = ['r'];
    } else if ((ctrl && key === 'z') || (!ctrl && (key === 'u' || key === 'U'))) {
      action = ['u'];
    } else if (!ctrl && (key === 'n' || key === 'N')) {
      action = ['m'];
    } else if (!ctrl && (key === 'h' || key === 'H')) {
      action = ['h'];
    } else if (!ctrl && (key === 'c' || key === 'C')) {
      action = ['s'];
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
  $('level').addEventListener('change', () => {
    $('blanks-label').hidden = $('level').value !== '0';
  });
  $('new-game').addEventListener('submit', (event) => {
    event.preventDefault();
    const seedText = $('seed').value.trim();
    const spec = {
      level: Number($('level').value),
      blanks: Number($('level').value) === 0 ? Number($('blanks').value) : 0,
      seed: seedText === '' || (play.spec && Number(seedText) === play.spec.seed)
        ? Math.floor(Math.random() * 1e9) : Number(seedText),
    };
    if (!Number.isSafeInteger(spec.seed) || spec.seed < 0) {
      $('message').textContent = 'The seed is a whole number, 0 or more.';
      return;
    }
    startGame(spec, null);
    board.focus();
  });
  window.addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', save);

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
  });

  // ---- Start: the address's puzzle (the saved game, if it is that one), else the saved game,
  // else a new medium puzzle.
  function route() {
    const hash = location.hash; // startGame() puts the game's address in its place
    const spec = parseSpec(hash);
    const saved = loadSaved();
    if (spec && !sameSpec(spec, play.spec)) {
      startGame(spec, saved && sameSpec(saved.spec, spec) ? saved : null);
    } else if (!play.game) {
      if (saved && saved.spec) startGame(saved.spec, saved);
      else startGame(defaultSpec(), null);
      if (otherPages.includes(hash)) history.replaceState(null, '', hash);
    }
    showPage();
  }
  window.addEventListener('hashchange', route);
  window.dlxModule = dlx; // for learn.js
  route();
  document.body.dataset.ready = 'true';
  performance.mark('dlx-ready'); // the first puzzle is on screen (docs/benchmarks.md)
})();
