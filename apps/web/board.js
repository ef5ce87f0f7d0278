// The Play page's board (docs/web.md), drawn from a layout: the canvas of cells, a thick line
// wherever the box or jigsaw region changes, windows and extra regions tinted, and above the
// cells an SVG of the diagonals and of the killer cages, each an inset dashed outline with its
// sum in the corner. A classic 9x9 is the layout of classicLayout(); a variant's comes from the
// module (readPuzzle, VariantGame.layout, play_bindings.cpp).
//
//   +---------+---------+   the cells:   .cell, its name in data-cell ("r1c1"), data-row and
//   |┌-------┐| 12      |                data-col; .b-top, .b-right, .b-bottom, .b-left where
//   |╎6      ╎|         |                the region changes; a samurai gap is a .gap
//   |└-------┘|         |   the overlay: svg#overlay, viewBox one unit per cell: line.diagonal,
//   +---------+---------+                path.cage, text.cage-sum
'use strict';

window.dlxBoard = (() => {
  const svgNS = 'http://www.w3.org/2000/svg';

  // The layout of a classic grid of `size` digits (boxes as Variant::classic gives them).
  function classicLayout(size = 9, boxRows = 3, boxColumns = 3) {
    const region = [];
    for (let r = 0; r < size; ++r)
      for (let c = 0; c < size; ++c)
        region.push(Math.floor(r / boxRows) * (size / boxColumns) + Math.floor(c / boxColumns));
    return { size, boxRows, boxColumns, rows: size, columns: size,
      symbols: '123456789ABCDEFGHIJKLMNOP'.slice(0, size), describe: `${size}x${size}`, region,
      diagonals: { main: false, anti: false }, windows: [], extraRegions: [], cages: [],
      rules: [], candidates: null };
  }

  const cellName = (layout, cell) =>
    `r${Math.floor(cell / layout.columns) + 1}c${(cell % layout.columns) + 1}`;

  // The cage outline: for each side of a cage cell that faces outside the cage, a segment
  // `inset` in from that side; its ends stop short at a convex corner, reach the cell's edge
  // where the cage goes on straight, and run on by `inset` into a concave corner, so that the
  // segments of neighbouring cells meet.
  function cagePath(layout, cells, inset) {
    const inCage = new Set(cells);
    const has = (r, c) => r >= 0 && r < layout.rows && c >= 0 && c < layout.columns &&
      inCage.has(r * layout.columns + c);
    const parts = [];
    const f = (x) => Number(x.toFixed(3));
    for (const cell of cells) {
      const r = Math.floor(cell / layout.columns), c = cell % layout.columns;
      // Each side: the outward step (dr, dc), and the two directions along it (ar, ac).
      for (const [dr, dc] of [[-1, 0], [0, 1], [1, 0], [0, -1]]) {
        if (has(r + dr, c + dc)) continue;
        const ar = dc, ac = dr; // along the side: perpendicular to the outward step
        const end = (sign) => {
          // How far past the cell's half-width this end of the segment reaches.
          if (!has(r + sign * ar, c + sign * ac)) return -inset; // convex corner
          return has(r + sign * ar + dr, c + sign * ac + dc) ? inset : 0; // concave or straight
        };
        const cx = c + 0.5 + dc * (0.5 - inset), cy = r + 0.5 + dr * (0.5 - inset);
        const a = 0.5 + end(-1), b = 0.5 + end(1);
        parts.push(`M${f(cx - ac * a)} ${f(cy - ar * a)}L${f(cx + ac * b)} ${f(cy + ar * b)}`);
      }
    }
    return parts.join('');
  }

  // Rebuilds `board` for `layout`: its cells (gaps as .gap), the region borders, windows and
  // extra regions, the overlay; and `pad`'s digit buttons. `onCell(index)` is called when a
  // cell is clicked, `onDigit(digit)` when a digit button is. Returns the cells, by canvas
  // index (null in gaps).
  function draw(board, pad, layout, onCell, onDigit) {
    board.textContent = '';
    board.style.setProperty('--columns', layout.columns);
    board.style.setProperty('--rows', layout.rows);
    board.style.setProperty('--marks', Math.ceil(Math.sqrt(layout.size)));
    board.classList.toggle('wide', layout.columns > 9);
    const { rows, columns, region } = layout;
    const at = (r, c) => (r < 0 || r >= rows || c < 0 || c >= columns ? -2 : region[r * columns + c]);
    const tinted = new Map();
    layout.windows.forEach((cells) => cells.forEach((i) => tinted.set(i, 'window')));
    layout.extraRegions.forEach((cells) => cells.forEach((i) => tinted.set(i, 'extra')));
    const firsts = new Set(layout.cages.filter((cage) => cage.sum)
      .map((cage) => Math.min(...cage.cells)));
    const caged = new Set(layout.cages.flatMap((cage) => cage.cells));
    const cells = [];
    for (let r = 0; r < rows; ++r) {
      const line = document.createElement('div');
      line.setAttribute('role', 'row');
      line.style.display = 'contents';
      for (let c = 0; c < columns; ++c) {
        const index = r * columns + c;
        const cell = document.createElement('div');
        if (region[index] < 0) {
          cell.className = 'gap';
          cell.setAttribute('role', 'presentation');
          line.appendChild(cell);
          cells.push(null);
          continue;
        }
        cell.className = 'cell';
        const own = region[index];
        // A thick line where the region changes (not along the board's own border).
        const sides = { 'b-top': at(r - 1, c), 'b-bottom': at(r + 1, c), 'b-left': at(r, c - 1),
          'b-right': at(r, c + 1) };
        for (const [name, other] of Object.entries(sides))
          if (other !== -2 && other !== own) cell.classList.add(name);
        if (tinted.has(index)) cell.classList.add(tinted.get(index));
        if (firsts.has(index)) cell.classList.add('cage-first');
        if (caged.has(index)) cell.classList.add('caged');
        cell.id = 'cell-' + cellName(layout, index);
        cell.dataset.cell = cellName(layout, index);
        cell.dataset.row = r;
        cell.dataset.col = c;
        cell.setAttribute('role', 'gridcell');
        cell.addEventListener('click', () => onCell(index));
        line.appendChild(cell);
        cells.push(cell);
      }
      board.appendChild(line);
    }
    board.appendChild(overlay(layout));
    pad.textContent = '';
    pad.style.setProperty('--pad-columns', layout.size > 9 ? Math.ceil(layout.size / 2) : layout.size);
    for (let d = 1; d <= layout.size; ++d) {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.digit = d;
      button.textContent = layout.symbols[d - 1];
      button.addEventListener('click', () => onDigit(d));
      pad.appendChild(button);
    }
    return cells;
  }

  function overlay(layout) {
    const svg = document.createElementNS(svgNS, 'svg');
    svg.id = 'overlay';
    svg.setAttribute('viewBox', `0 0 ${layout.columns} ${layout.rows}`);
    svg.setAttribute('preserveAspectRatio', 'none');
    svg.setAttribute('aria-hidden', 'true');
    const add = (name, attributes, text) => {
      const element = document.createElementNS(svgNS, name);
      for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
      if (text !== undefined) element.textContent = text;
      svg.appendChild(element);
      return element;
    };
    const n = layout.size;
    if (layout.diagonals.main) add('line', { class: 'diagonal', x1: 0, y1: 0, x2: n, y2: n });
    if (layout.diagonals.anti) add('line', { class: 'diagonal', x1: n, y1: 0, x2: 0, y2: n });
    for (const cage of layout.cages) {
      add('path', { class: 'cage', d: cagePath(layout, cage.cells, 0.08) });
      if (!cage.sum) continue;
      const first = Math.min(...cage.cells);
      const x = (first % layout.columns) + 0.04, y = Math.floor(first / layout.columns) + 0.04;
      const text = String(cage.sum);
      add('rect', { class: 'cage-sum-back', x, y, width: 0.15 * text.length + 0.04, height: 0.28 });
      add('text', { class: 'cage-sum', x: x + 0.02, y: y + 0.23 }, text);
    }
    return svg;
  }

  // A hint's step on the overlay (or none): a ring round each candidate it rules out and an
  // arrow for each link of its chain, solid for a strong link (this one off, so that one on),
  // dashed for a weak one (this one on, so that one off). A candidate sits in its cell as the
  // pencil marks do: digit d at row (d - 1) / 3, column (d - 1) % 3 of a 3x3 grid.
  function drawHint(layout, hint) {
    const svg = document.getElementById('overlay');
    if (!svg) return;
    const old = svg.querySelector('#hint-layer');
    if (old) old.remove();
    if (!hint) return;
    const layer = document.createElementNS(svgNS, 'g');
    layer.id = 'hint-layer';
    const add = (name, attributes) => {
      const element = document.createElementNS(svgNS, name);
      for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
      layer.appendChild(element);
      return element;
    };
    const side = Math.ceil(Math.sqrt(layout.size));
    const at = (cell, digit) => ({
      x: (cell % layout.columns) + (((digit - 1) % side) + 0.5) / side,
      y: Math.floor(cell / layout.columns) + (Math.floor((digit - 1) / side) + 0.5) / side,
    });
    for (const [cell, digit] of hint.removed) {
      const { x, y } = at(cell, digit);
      add('circle', { class: 'hint-removed', cx: x, cy: y, r: 0.5 / side });
    }
    for (const link of hint.links) {
      const from = at(link.from, link.fromDigit), to = at(link.to, link.toDigit);
      add('line', { class: link.strong ? 'hint-link strong' : 'hint-link weak',
        x1: from.x, y1: from.y, x2: to.x, y2: to.y });
      add('circle', { class: 'hint-link-end', cx: to.x, cy: to.y, r: 0.12 / side });
    }
    svg.appendChild(layer);
  }

  // Words for the rules that have no drawing.
  const ruleWords = {
    'anti-knight': 'cells a knight\'s move apart never hold the same digit',
    'anti-king': 'cells that touch, even at a corner, never hold the same digit',
    'non-consecutive': 'cells side by side never hold digits that differ by 1',
  };
  function describeRules(layout) {
    const said = [];
    if (layout.diagonals.main || layout.diagonals.anti)
      said.push('each marked diagonal holds every digit once');
    if (/jigsaw/.test(layout.describe))
      said.push('each region outlined in bold holds every digit once');
    if (layout.rows !== layout.size) // samurai
      said.push('five grids overlap at their corner boxes: each holds every digit once in ' +
        'each row, column and box');
    if (layout.windows.length) said.push('each tinted window holds every digit once');
    if (layout.extraRegions.length) said.push('the digits of each tinted region differ');
    if (layout.cages.length)
      said.push('the digits of a cage differ and add up to its sum');
    for (const rule of layout.rules) said.push(`${rule}: ${ruleWords[rule] || ''}`);
    if (layout.candidates) said.push('each cell holds one of its given pencil marks');
    return said.join('; ');
  }

  // What a cell's label says beyond its row and column: its jigsaw region, diagonals, window
  // or extra region (for screen readers, which do not see the lines and tints).
  function cellNotes(layout) {
    const n = layout.size;
    const notes = layout.region.map(() => []);
    if (/jigsaw/.test(layout.describe))
      layout.region.forEach((r, i) => { if (r >= 0) notes[i].push(`region ${r + 1}`); });
    for (let k = 0; k < n && layout.rows === n; ++k) {
      if (layout.diagonals.main) notes[k * n + k].push('main diagonal');
      if (layout.diagonals.anti) notes[k * n + n - 1 - k].push('anti-diagonal');
    }
    layout.windows.forEach((cells, k) => cells.forEach((i) => notes[i].push(`window ${k + 1}`)));
    layout.extraRegions.forEach((cells, k) =>
      cells.forEach((i) => notes[i].push(`extra region ${k + 1}`)));
    return notes.map((said) => said.join(', '));
  }

  // The cage of each cell, for the cells' labels.
  function cagesByCell(layout) {
    const of = new Map();
    layout.cages.forEach((cage, k) => cage.cells.forEach((cell) => of.set(cell, k)));
    return of;
  }

  return { classicLayout, cagePath, draw, drawHint, describeRules, cellNotes, cagesByCell,
    cellName };
})();
