// The page (docs/web.md): Play, a game of sudoku-play's rules, of a puzzle from the makers or of
// any puzzle opened (f-puzzles files and links, every format Solve reads: variants and other
// sizes too), and Solve (solve.js). Everything is computed by the libraries compiled to
// WebAssembly (dlx.js: bindings.cpp, play_bindings.cpp); board.js draws the board, this
// file fills it and listens.
//
// A game is kept as the list of what the player did (moves, digits, undo, hints...), saved in
// local storage under the puzzle's address with the time played (the last few games, so that
// opening a shared address loses none): a reload makes the same puzzle and replays the list,
// which gives back the very same game, undo history included. Addresses:
//   #level=2&seed=123, #blanks=45&seed=123        a classic puzzle from the maker
//   #variant=killer&seed=7, #size=16&seed=3       a variant from the variant maker
//   #p=<the puzzle, %-escaped>                    a puzzle opened: one line the reader reads
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
  const boardView = window.dlxBoard;

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
  const play = { game: null, layout: null, layoutKey: '', cells: [], cages: new Map(),
    classic: true, spec: null, puzzle: '', actions: [], finished: false, shown: null };
  const classicLayout = boardView.classicLayout();

  function defaultSpec() {
    return { level: 2, blanks: 0, seed: Math.floor(Math.random() * 1e9) };
  }
  // The address of a puzzle (above), without its '#'.
  function specText(spec) {
    if (spec.text !== undefined) return 'p=' + encodeURIComponent(spec.text);
    if (spec.variant !== undefined)
      return (spec.size !== 9 || !spec.variant ? `size=${spec.size}&` : '') +
        (spec.variant ? `variant=${spec.variant}&` : '') + `seed=${spec.seed}`;
    return (spec.level ? `level=${spec.level}` : `blanks=${spec.blanks}`) + `&seed=${spec.seed}`;
  }
  function parseSpec(hash) {
    if (hash.startsWith('#p=')) { // not URLSearchParams, which reads base64's '+' as a space
      try {
        return { text: decodeURIComponent(hash.slice(3)) };
      } catch (e) {
        return null;
      }
    }
    const fields = new URLSearchParams(hash.replace(/^#/, ''));
    const seed = Number(fields.get('seed'));
    if (!fields.has('seed') || !Number.isSafeInteger(seed) || seed < 0) return null;
    if (fields.has('variant') || fields.has('size')) {
      const size = fields.has('size') ? Number(fields.get('size')) : 9;
      return Number.isInteger(size) ? { variant: fields.get('variant') || '', size, seed } : null;
    }
    if (fields.has('level')) {
      const level = Number(fields.get('level'));
      return [1, 2, 3].includes(level) ? { level, blanks: 0, seed } : null;
    }
    const blanks = Number(fields.get('blanks'));
    return fields.has('blanks') && Number.isInteger(blanks) ? { level: 0, blanks, seed } : null;
  }
  const sameSpec = (a, b) => Boolean(a && b) && specText(a) === specText(b);

  // The puzzle of `spec`, made or read, and a new game of it: {game, classic, layout, puzzle,
  // title, link}, or {error}. `saved`: the game saved under its address, if any.
  function newGame(spec, saved) {
    if (spec.text !== undefined) {
      const read = dlx.readPuzzle(spec.text, 'the address', 1);
      if (read.error) return read;
      const classic = read.kind === 'classic';
      const title = play.opened && play.opened.text === read.text ? play.opened.title
        : saved && saved.title ? saved.title : `${read.describe}, the address's puzzle`;
      const note = read.solutions > 1
        ? ' (more than one solution: any full grid that keeps the rules is solved)'
        : read.unique ? '' : ' (not shown to have only one solution)';
      return { game: classic ? new dlx.Game(read.puzzle, read.solution)
        : new dlx.VariantGame(read.text, read.solution), classic,
      layout: classic ? classicLayout : read.layout, puzzle: read.puzzle, title, note,
      link: read.link };
    }
    if (spec.variant !== undefined) {
      const made = dlx.makeVariantPuzzle(spec.size, spec.variant, spec.seed);
      if (made.error) return made;
      return { game: new dlx.VariantGame(made.text, made.solution), classic: false,
        layout: made.layout, puzzle: made.puzzle, title: `${made.title}, seed ${spec.seed}`,
        link: made.link };
    }
    const made = dlx.makePuzzle(spec.level, spec.blanks, spec.seed);
    if (made.error) return made;
    return { game: new dlx.Game(made.puzzle, made.solution), classic: true,
      layout: classicLayout, puzzle: made.puzzle,
      title: made.title.replace(/, game 1$/, '') + `, seed ${spec.seed}`, link: '' };
  }

  const board = $('board');
  board.tabIndex = 0;

  // Draws the board for `layout`, unless it is drawn already.
  function drawBoard(layout) {
    const key = JSON.stringify(layout);
    if (key === play.layoutKey) return;
    play.layoutKey = key;
    play.layout = layout;
    play.cells = boardView.draw(board, $('pad'), layout,
      (cell) => { act(['c', cell]); board.focus(); },
      (digit) => { act(['d', digit]); board.focus(); });
    play.cages = boardView.cagesByCell(layout);
    play.notes = boardView.cellNotes(layout);
    $('rules').textContent = boardView.describeRules(layout);
    $('keys').textContent = keysHelp(layout);
  }
  function keysHelp(layout) {
    const digits = layout.size <= 9 ? `1-${layout.size}` : `1-9 and A-${layout.symbols.at(-1)}`;
    // A letter is a command where it is not a digit (A is 10).
    const letter = (key) => (key.charCodeAt(0) - 87 > layout.size ? ` (or ${key.toUpperCase()})` : '');
    return `Keys: arrows move, ${digits} place a digit, Space${letter('n')} switches notes, 0, ` +
      'Backspace or Delete erases, U or Ctrl+Z undoes, R, Ctrl+Y or Ctrl+Shift+Z redoes, ' +
      `?${letter('h')} gives a hint, Enter${letter('c')} checks.`;
  }
  // The New game form shows the game's settings, so that New game makes another of the same
  // kind: rules that the menu lacks get an entry of their own; after an opened puzzle, medium.
  function showChoice(spec, made) {
    const menu = $('level');
    const choice = spec.text !== undefined ? '2' : spec.variant === undefined ? String(spec.level)
      : spec.size === 9 ? spec.variant || '9x9' : (spec.variant ? `${spec.variant}:` : '') +
        `${spec.size}x${spec.size}`;
    if (![...menu.options].some((option) => option.value === choice)) {
      const option = document.createElement('option');
      option.value = choice;
      option.textContent = made.layout.describe.replace(/^9x9 /, '');
      menu.querySelector('optgroup').appendChild(option);
    }
    menu.value = choice;
  }

  // What one action does to the game; returns a message for the player, if any.
  function apply(game, action) {
    switch (action[0]) {
      case 'c': game.setCursor(action[1]); return '';
      case 'v': game.moveCursor(action[1], action[2]); return ''; // over gaps, to the edge
      case 'd': {
        if (game.pressDigit(action[1]) === 'given') return 'That cell is a given.';
        // A variant's rules reach further than the eye: say which one a digit breaks.
        const fault = play.classic || game.mode() === 'note' ? '' : game.fault(game.cursor());
        return fault ? `A rule is broken: ${fault}.` : '';
      }
      case 'e': return game.erase() === 'given' ? 'That cell is a given.' : '';
      case 'm': game.toggleMode(); return '';
      case 'u': return game.undo() ? '' : 'Nothing to undo.';
      case 'r': return game.redo() ? '' : 'Nothing to redo.';
      case 'h': {
        const hint = game.hint();
        // Sudoku Explainer's harder steps come with their pattern to draw.
        play.shown = hint && hint.pattern.length ? hint : null;
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
      finished: play.finished, at: Date.now(), title: play.title };
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
    if (!['c', 'v'].includes(action[0])) play.shown = null; // a drawn hint stays while looking
    const message = apply(play.game, action);
    if (play.finished) pauseClock();
    play.actions.push(action);
    if (!['c', 'v'].includes(action[0]) || message) $('message').textContent = message;
    save();
    render();
  }

  // Makes or reads the puzzle of `spec` and, when a game of it was saved, replays that game.
  // A saved game that does not fit (another puzzle, or an action the game refuses) is dropped.
  function startGame(spec) {
    const saved = loadAll().games[specText(spec)];
    let made = newGame(spec, saved);
    if (made.error) {
      $('message').textContent = made.error;
      return false;
    }
    let message = '';
    let restored = false;
    play.classic = made.classic;
    play.finished = false;
    play.actions = [];
    if (saved && saved.puzzle === made.puzzle && Array.isArray(saved.actions)) {
      try {
        for (const action of saved.actions) {
          message = apply(made.game, action);
          play.actions.push(action);
        }
        play.finished = Boolean(saved.finished);
        restored = true;
      } catch (e) { // not a game of this page's: start afresh
        made.game.delete();
        made = newGame(spec, saved);
        play.actions = [];
        play.finished = false;
        message = '';
        forget(spec);
      }
    }
    if (play.game) play.game.delete();
    play.game = made.game;
    play.shown = null;
    play.spec = spec;
    play.puzzle = made.puzzle;
    drawBoard(made.layout);
    clock.before = restored ? Number(saved.elapsed) || 0 : 0;
    clock.since = null;
    runClock();
    play.title = made.title;
    $('title').textContent = made.title + (made.note || '');
    $('fpuzzles-link').hidden = !made.link;
    if (made.link) $('fpuzzles-link').href = made.link;
    $('message').textContent = message;
    showChoice(spec, made);
    $('blanks').value = String(spec.blanks || $('blanks').value);
    showBlanks();
    $('seed').value = spec.seed !== undefined ? String(spec.seed) : '';
    const address = '#' + specText(spec);
    $('nav-play').setAttribute('href', address);
    if (location.hash !== address && !otherPages.includes(location.hash))
      history.replaceState(null, '', address);
    save();
    render();
    return true;
  }

  function render() {
    const { game, layout, cells } = play;
    const grid = game.grid();
    const conflicts = game.conflicts();
    const cursor = game.cursor();
    const peers = game.peers(cursor);
    for (let i = 0; i < cells.length; ++i) {
      const cell = cells[i];
      if (!cell) continue; // a gap
      const digit = grid[i];
      const given = game.isGiven(i);
      const r = Math.floor(i / layout.columns), c = i % layout.columns;
      const peer = peers[i] === '1';
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
        const marks = game.marks(i) || (layout.candidates ? layout.candidates[i] : 0);
        const noted = [];
        if (marks) {
          const box = document.createElement('div');
          box.className = game.marks(i) ? 'marks' : 'marks allowed';
          for (let d = 1; d <= layout.size; ++d) {
            const span = document.createElement('span');
            if (marks & (1 << (d - 1))) {
              span.textContent = layout.symbols[d - 1];
              noted.push(layout.symbols[d - 1]);
            }
            box.appendChild(span);
          }
          cell.appendChild(box);
        }
        label += 'empty' + (noted.length ? `, ${game.marks(i) ? 'notes' : 'allowed'} ` +
          noted.join(' ') : '');
      }
      if (play.notes[i]) label += `, ${play.notes[i]}`;
      if (play.cages.has(i)) {
        const cage = layout.cages[play.cages.get(i)];
        label += `, in a cage of ${cage.cells.length} cell${cage.cells.length === 1 ? '' : 's'}` +
          (cage.sum ? ` adding up to ${cage.sum}` : '');
      }
      cell.setAttribute('aria-label', label);
    }
    const shown = play.shown;
    const pattern = new Set(shown ? shown.pattern : []);
    cells.forEach((cell, i) => { if (cell) cell.classList.toggle('hint-pattern', pattern.has(i)); });
    boardView.drawHint(layout, shown);
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

  // Keys, on the board or anywhere on the Play page outside a form field. Digits above 9 are
  // letters (A for 10), which come before the letters' commands; Space, ? and Enter are the
  // commands on every board.
  function onKey(event) {
    if ($('play').hidden || !play.game) return;
    if (event.target.closest && event.target.closest('input, select, textarea, summary')) return;
    if (event.altKey) return; // the browser's (Alt+Left: back)
    const onButton = event.target.closest && event.target.closest('button, a');
    const ctrl = event.ctrlKey || event.metaKey;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const size = play.layout.size;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const letterDigit = /^[a-p]$/.test(key) ? key.charCodeAt(0) - 87 : 0; // 'a' is 10
    let action = null;
    if (ctrl && !['z', 'y'].includes(key)) return; // the browser's (Ctrl+0: zoom, ...)
    if (key in moves) {
      action = ['v', ...moves[key]];
    } else if (ctrl) { // Z or Y (above)
      action = key === 'y' || event.shiftKey ? ['r'] : ['u'];
    } else if (/^[1-9]$/.test(key)) {
      action = Number(key) <= size ? ['d', Number(key)] : [];
    } else if (size > 9 && letterDigit >= 10 && letterDigit <= size) {
      action = ['d', letterDigit];
    } else if (key === '0' || key === 'Backspace' || key === 'Delete') {
      action = ['e'];
    } else if ((key === 'Enter' || key === ' ') && onButton) {
      return; // the button's own
    } else {
      const keys = { 'Enter': 's', ' ': 'm', '?': 'h', r: 'r', u: 'u', n: 'm', h: 'h', c: 's' };
      action = Object.hasOwn(keys, key) ? [keys[key]] : null;
    }
    if (action === null) return;
    event.preventDefault();
    if (action.length) act(action);
  }
  document.addEventListener('keydown', onKey);

  // The buttons hand the keys back to the board: Space and Enter are then notes and Check,
  // not the button pressed again.
  const buttons = { erase: ['e'], mode: ['m'], undo: ['u'], redo: ['r'], hint: ['h'],
    submit: ['s'] };
  for (const [id, action] of Object.entries(buttons))
    $(id).addEventListener('click', () => { act(action); board.focus(); });
  // The blanks field counts only for puzzles by blanks (hidden, it is also left out of the form).
  function showBlanks() {
    const byBlanks = $('level').value === '0';
    $('blanks-label').hidden = !byBlanks;
    $('blanks').disabled = !byBlanks;
  }
  $('level').addEventListener('change', showBlanks);
  $('new-game').addEventListener('submit', async (event) => {
    event.preventDefault();
    const seedText = $('seed').value.trim();
    const choice = $('level').value;
    const seed = Number(seedText);
    const [, rules, size] = /^(?:(.*):)?(?:(\d+)x\d+)?$/.exec(choice) || [];
    const spec = /^[0-3]$/.test(choice)
      ? { level: Number(choice), blanks: choice === '0' ? Number($('blanks').value) : 0, seed }
      : size ? { variant: rules || '', size: Number(size), seed }
        : { variant: choice, size: 9, seed };
    // The same puzzle again would be no new game: the same settings get a new seed.
    if (seedText === '' || sameSpec(spec, play.spec)) spec.seed = Math.floor(Math.random() * 1e9);
    if (!Number.isSafeInteger(spec.seed) || spec.seed < 0) {
      $('message').textContent = 'The seed is a whole number, 0 or more.';
      return;
    }
    await sayMaking(spec);
    if (startGame(spec)) board.focus();
  });
  window.addEventListener('pagehide', () => { pauseClock(); save(); });

  // Plays puzzle `number` of `text` (any format: f-puzzles JSON or link, a line, a grid, ...):
  // its address is the puzzle itself. Returns the error, or '' when it is on the board.
  function openPuzzle(text, name, number) {
    const read = dlx.readPuzzle(text, name, number);
    if (read.error) return read.error;
    play.opened = { text: read.text, title: `${read.describe}, ${read.title}` };
    const address = '#' + specText({ text: read.text });
    if (location.hash === address) route();
    else location.hash = address;
    board.focus();
    return '';
  }
  let openName = 'pasted';
  $('open-file').addEventListener('change', async () => {
    const file = $('open-file').files[0];
    if (!file) return;
    openName = file.name;
    $('open-text').value = await file.text();
  });
  $('open-text').addEventListener('input', () => { openName = 'pasted'; });
  $('open-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const error = openPuzzle($('open-text').value, openName, Number($('open-number').value) || 1);
    $('open-message').textContent = error;
    if (error) $('message').textContent = error;
  });

  // ---- Solve (solve.js) ----------------------------------------------------------------
  window.dlxSolvePage(dlx, openPuzzle);

  // The variant maker can take seconds (a 16x16 killer, a 25x25): say so, and let it show.
  async function sayMaking(spec) {
    if (spec.variant === undefined) return;
    $('message').textContent = 'Making the puzzle…';
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
  }

  // ---- Start: the address's puzzle (the saved game, if it is that one), else the saved game,
  // else a new medium puzzle.
  function startLastOrNew() {
    const last = parseSpec('#' + (loadAll().last || ''));
    if (!(last && startGame(last))) startGame(defaultSpec());
  }
  async function route() {
    const spec = parseSpec(location.hash);
    if (spec && !sameSpec(spec, play.spec)) {
      if (play.game) save();
      await sayMaking(spec);
      const message = startGame(spec) ? '' : $('message').textContent;
      if (!play.game) { // a bad address on arrival: the last game, or a new one, and why
        startLastOrNew();
        $('message').textContent = message;
      } else if (message) { // a bad address during a game: the game's address stays
        history.replaceState(null, '', '#' + specText(play.spec));
      }
    } else if (!play.game) {
      startLastOrNew();
    }
    if (!spec && location.hash.startsWith('#p=')) {
      $('message').textContent = 'The address holds no puzzle: its %-escapes are broken.';
      if (play.spec) history.replaceState(null, '', '#' + specText(play.spec));
    }
    showPage();
  }
  window.addEventListener('hashchange', route);
  window.dlxModule = dlx; // for learn.js
  await route();
  document.body.dataset.ready = 'true';
  performance.mark('dlx-ready'); // the first puzzle is on screen (docs/benchmarks.md)
})();
