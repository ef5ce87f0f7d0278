// The Learn page (docs/web.md): Algorithm X on a small problem, one event at a time, as the
// engine's tracer reported it (traceExample in bindings.cpp) with dlx-demo's words. At each step
// the page rebuilds the state from the events so far, which makes stepping back as easy as
// stepping forward:
//
//   events:  choose(level, item)   the item covered at a level (X3, X4)
//            try(level, option)    the option committed there (X5): its other items covered
//            backtrack(level)      the level left (X7, X8): its item uncovered
//            solution(options)     a leaf where no primary item is left
//
// The arrows are the links that the step's covers rewrite: each node taken out of its column
// makes the node above point down past it, to the node below (Knuth's L[R[x]] <- L[x] trick,
// vertically); the header row's arrow is the covered item leaving the list of items.
'use strict';

(function learn() {
  const $ = (id) => document.getElementById(id);
  const svgNS = 'http://www.w3.org/2000/svg';
  let story = null; // {items, options, events} of the example shown
  let step = 0; // events shown: 0 .. events.length
  let timer = null;
  let shownChange = { arrows: [], headers: [] }; // the links drawn (again when scrolled)
  let leftOnlyChosen = false; // the reader set "only what is left" (else it follows the width)

  // The search's state after the first `count` events: per open level, the item chosen and
  // the option tried (null before the first try). With `untry`, the option tried at that level
  // is taken back: the state in which a `try` there commits its option (the engine uncommits
  // the option before, at X6, not when the level below backtracks).
  function stateAfter(count, untry = -1) {
    const levels = [];
    for (let k = 0; k < count; ++k) {
      const e = story.events[k];
      if (e.type === 'choose') {
        levels.length = e.level;
        levels.push({ item: e.item, option: null });
      } else if (e.type === 'try') {
        levels.length = e.level + 1;
        levels[e.level].option = e.option >= 0 ? e.option : null;
      } else if (e.type === 'backtrack') {
        levels.length = e.level;
      }
    }
    if (untry >= 0 && untry < levels.length) {
      levels.length = untry + 1;
      levels[untry].option = null;
    }
    const covered = new Set();
    const tried = new Map(); // option -> level
    levels.forEach((level, l) => {
      covered.add(level.item);
      if (level.option !== null) {
        tried.set(level.option, l);
        for (const item of story.options[level.option]) covered.add(item);
      }
    });
    const hidden = new Set();
    story.options.forEach((items, option) => {
      if (!tried.has(option) && items.some((item) => covered.has(item))) hidden.add(option);
    });
    return { levels, covered, tried, hidden };
  }

  // The links that event `k` rewrites, given the state it starts from: [{item, row, above,
  // below}] for the columns (row -1: the header), and [{item, left, right}] for the items that
  // leave the list of items (-1: the list's head). This is Knuth's picture: the engine itself
  // takes an item out of that list with a flag, not by relinking it (engine.md).
  function changes(k, before) {
    const e = story.events[k];
    const columns = story.items.map(() => []);
    story.options.forEach((items, option) => {
      if (!before.hidden.has(option) && !before.tried.has(option)) {
        for (const item of items) columns[item].push(option);
      }
    });
    const arrows = [];
    const headers = [];
    const listed = new Set(); // the primary items still in the list of items
    story.items.forEach((item, i) => {
      if (item.primary && !before.covered.has(i)) listed.add(i);
    });
    const neighbour = (item, step) => {
      for (let i = item + step; i >= 0 && i < story.items.length; i += step) {
        if (listed.has(i)) return i;
      }
      return -1;
    };
    const cover = (item) => {
      if (before.covered.has(item)) return;
      if (listed.has(item)) {
        headers.push({ item, left: neighbour(item, -1), right: neighbour(item, 1) });
        listed.delete(item);
      }
      for (const row of columns[item].slice()) {
        for (const other of story.options[row]) {
          if (other === item) continue;
          const column = columns[other];
          const at = column.indexOf(row);
          if (at < 0) continue;
          arrows.push({ item: other, row, above: at > 0 ? column[at - 1] : -1,
            below: at + 1 < column.length ? column[at + 1] : -1 });
          column.splice(at, 1);
        }
      }
    };
    if (e.type === 'choose') {
      cover(e.item);
    } else if (e.type === 'try' && e.option >= 0) {
      const chosen = before.levels[e.level].item;
      const items = story.options[e.option];
      const start = items.indexOf(chosen);
      for (let i = 1; i < items.length; ++i) cover(items[(start + i) % items.length]);
    }
    return { arrows, headers };
  }

  // The state that event `k` starts from.
  function stateBefore(k) {
    const e = story.events[k];
    return e.type === 'try' ? stateAfter(k, e.level) : stateAfter(k);
  }

  // "{p1_3 r1_1 c3_1 x1_1}", and with its number, "30 {p1_3 r1_1 c3_1 x1_1}".
  function optionItems(option) {
    return `{${story.options[option].map((i) => story.items[i].name).join(' ')}}`;
  }
  function optionLabel(option) {
    return `${option + 1} ${optionItems(option)}`;
  }

  function drawMatrix() {
    const table = $('matrix');
    table.textContent = '';
    const head = table.insertRow();
    const corner = document.createElement('th');
    corner.textContent = 'option';
    corner.className = 'option';
    head.appendChild(corner);
    story.items.forEach((item, i) => {
      const th = document.createElement('th');
      th.textContent = item.name;
      th.dataset.item = i;
      th.scope = 'col';
      if (!item.primary) th.classList.add('secondary');
      head.appendChild(th);
    });
    story.options.forEach((items, option) => {
      const row = table.insertRow();
      row.dataset.option = option;
      // "30 {p1_3 r1_1 c3_1 x1_1}": in a matrix too wide for the screen only the number shows
      // (load()); the row's marks show its items, and the label for screen readers says them.
      const th = document.createElement('th');
      th.className = 'option';
      th.scope = 'row';
      const names = document.createElement('span');
      names.className = 'items';
      names.textContent = ` ${optionItems(option)}`;
      th.append(String(option + 1), names);
      row.appendChild(th);
      story.items.forEach((_, i) => {
        const td = row.insertCell();
        td.dataset.item = i;
        if (items.includes(i)) {
          td.textContent = '1';
          td.classList.add('on');
        }
      });
    });
  }

  // With "only what is left": the items covered and the options hidden before step `current`
  // are left out, so what remains is the matrix that the search works on at that level, and
  // every link the step changes is still in it. The options tried on the way stay (the partial
  // solution, in blue), and at a try or a backtrack so do the column of the level's item and
  // the options it had to try, the option tried among them.
  function leftOut(current, before, state) {
    const gone = { items: new Set(), options: new Set() };
    if (!current || !$('left-only').checked) return gone;
    gone.items = new Set(before.covered);
    gone.options = new Set(before.hidden);
    for (const option of [...before.tried.keys(), ...state.tried.keys()]) gone.options.delete(option);
    if (current.type === 'try' || current.type === 'backtrack') {
      const item = before.levels[current.level].item;
      gone.items.delete(item);
      let k = step - 1; // the event that chose the item: the state before it had its options
      while (!(story.events[k].type === 'choose' && story.events[k].level === current.level)) --k;
      const atChoice = stateAfter(k);
      story.options.forEach((items, option) => {
        if (items.includes(item) && !atChoice.hidden.has(option)) gone.options.delete(option);
      });
    }
    return gone;
  }

  function render() {
    const events = story.events;
    const state = stateAfter(step);
    const table = $('matrix');
    const current = step > 0 ? events[step - 1] : null;
    const before = step > 0 ? stateBefore(step - 1) : null;
    const gone = leftOut(current, before, state);
    const chosenItem = current !== null && current.type === 'choose' ? current.item : -1;
    for (const th of table.rows[0].cells) {
      if (th.dataset.item === undefined) continue;
      const item = Number(th.dataset.item);
      const covered = state.covered.has(item);
      const chosen = item === chosenItem;
      th.classList.toggle('gone', gone.items.has(item));
      th.classList.toggle('covered', covered);
      th.setAttribute('aria-label', story.items[item].name + (covered ? ', covered' : '') +
        (chosen ? ', chosen at this step' : ''));
    }
    for (let r = 1; r < table.rows.length; ++r) {
      const row = table.rows[r];
      const option = Number(row.dataset.option);
      row.classList.toggle('gone', gone.options.has(option));
      row.classList.toggle('hidden', state.hidden.has(option));
      row.classList.toggle('tried', state.tried.has(option));
      row.cells[0].setAttribute('aria-label', optionLabel(option) +
        (state.tried.has(option) ? `, tried at level ${state.tried.get(option)}` :
          state.hidden.has(option) ? ', hidden' : ''));
      for (const td of row.cells) {
        if (td.dataset.item === undefined) continue;
        const item = Number(td.dataset.item);
        td.classList.toggle('gone', gone.items.has(item));
        td.classList.toggle('covered', state.covered.has(item));
        td.classList.toggle('chosen', item === chosenItem);
      }
    }
    if (current && current.type !== 'solution') { // a column that the step changes, in view
      const level = before.levels[current.level];
      const option = current.type === 'try' && current.option >= 0 ? story.options[current.option] : [];
      const columns = current.type === 'choose' ? [current.item] :
        [...option.filter((item) => item !== level.item), level.item];
      showItem(columns.find((item) => !gone.items.has(item)));
    }
    shownChange = step > 0 ? changes(step - 1, before) : { arrows: [], headers: [] };
    drawArrows(shownChange);
    drawTree();
    $('narration').textContent = current ? current.text :
      `${story.items.length} items, ${story.options.length} options. Step forward to start the search.`;
    $('step-count').textContent = `step ${step} of ${events.length}`;
    const focused = document.activeElement;
    $('step-back').disabled = $('to-start').disabled = step === 0;
    $('step').disabled = step === events.length;
    if (focused && focused.disabled) $(step === 0 ? 'step' : 'step-back').focus();
  }

  // Scrolls the matrix sideways, if it must, so that the column of `item` is in view beside the
  // options' labels (which stay put: style.css).
  function showItem(item) {
    if (item === undefined) return;
    const wrap = $('matrix-wrap');
    const table = $('matrix');
    const box = table.rows[0].cells[item + 1].getBoundingClientRect();
    const labels = table.rows[0].cells[0].getBoundingClientRect().right;
    const right = wrap.getBoundingClientRect().left + wrap.clientWidth;
    if (box.left < labels) wrap.scrollLeft -= labels - box.left + box.width;
    else if (box.right > right) wrap.scrollLeft += box.right - right + box.width;
  }

  function cellCentre(option, item) {
    const table = $('matrix');
    const row = option < 0 ? table.rows[0] : table.rows[option + 1];
    const cell = row.cells[item + 1];
    const box = cell.getBoundingClientRect();
    const origin = $('matrix-wrap').getBoundingClientRect();
    const wrap = $('matrix-wrap');
    return { x: box.left - origin.left + wrap.scrollLeft + box.width / 2,
      y: box.top - origin.top + wrap.scrollTop + box.height / 2, w: box.width, h: box.height };
  }

  function drawArrows(change) {
    const svg = $('arrows');
    for (const old of svg.querySelectorAll('path.link')) old.remove();
    const table = $('matrix');
    svg.setAttribute('width', table.offsetWidth);
    svg.setAttribute('height', table.offsetHeight);
    // Each arrow names its ends for scripts and tests: data-item, and data-from and data-to,
    // the options (-1: the header) of a column's link, or the items (-1: the head) of the list's.
    const path = (d, kind, item, from, to) => {
      const p = document.createElementNS(svgNS, 'path');
      p.setAttribute('d', d);
      p.setAttribute('class', `link ${kind}`);
      Object.assign(p.dataset, { item, from, to });
      svg.appendChild(p);
    };
    // A column's new link: from the node above the one unlinked, past it, to the node below
    // (the header when there is none: the list is circular).
    // A column scrolled under the options' labels keeps its arrows, out of sight: the curve
    // would stick out beside the labels, as if it were another column's.
    const labels = table.rows[0].cells[0];
    const labelsEnd = labels.getBoundingClientRect().right -
      $('matrix-wrap').getBoundingClientRect().left + $('matrix-wrap').scrollLeft;
    for (const a of change.arrows) {
      const from = cellCentre(a.above, a.item);
      const to = cellCentre(a.below, a.item);
      const bend = from.x + from.w * 0.9;
      const start = `M${from.x + 3},${from.y + from.h / 3}`;
      const curve = a.below >= 0 ? `C${bend},${from.y} ${bend},${to.y} ${to.x + 3},${to.y - to.h / 3}`
        // the last node left: the one above now points round to the header
        : `C${bend},${from.y + from.h} ${bend},${to.y} ${to.x + 4},${to.y + to.h / 3}`;
      path(`${start} ${curve}`, from.x < labelsEnd ? 'column under-labels' : 'column', a.item,
        a.above, a.below);
    }
    // The list of items: the covered item's neighbours joined past it (-1: the list's head, the
    // corner cell, which cellCentre(-1, -1) finds; the list is circular).
    for (const h of change.headers) {
      const from = cellCentre(-1, h.left), to = cellCentre(-1, h.right);
      const top = Math.min(from.y, to.y) - from.h * 1.1;
      path(`M${from.x},${from.y - from.h / 2 + 1} C${from.x},${top} ${to.x},${top} ${to.x},${to.y - to.h / 2 + 1}`,
        'list', h.item, h.left, h.right);
    }
  }

  // The whole tree is laid out once from all the events (leaves left to right, a parent above
  // the middle of its children); each step shows the part built so far.
  let tree = null;
  function layoutTree() {
    const nodes = [];
    const open = []; // per level: the node there, and the edge it is trying
    for (let k = 0; k < story.events.length; ++k) {
      const e = story.events[k];
      if (e.type === 'choose' || e.type === 'solution') {
        const parent = e.level > 0 ? open[e.level - 1] : null;
        const node = { step: k + 1, level: e.level, children: [], solution: e.type === 'solution',
          dead: e.type === 'choose' && e.length === 0,
          label: e.type === 'choose' ? story.items[e.item].name : '',
          edge: parent ? parent.trying : null };
        if (parent) parent.node.children.push(node);
        nodes.push(node);
        if (e.type === 'choose') {
          open.length = e.level;
          open.push({ node, trying: null });
        }
      } else if (e.type === 'try') {
        open[e.level].trying = e.option >= 0 ? String(e.option + 1) : '-';
      }
    }
    let leaves = 0;
    const place = (node) => {
      if (node.children.length === 0) {
        node.x = leaves++;
      } else {
        node.children.forEach(place);
        node.x = (node.children[0].x + node.children[node.children.length - 1].x) / 2;
      }
    };
    if (nodes.length) place(nodes[0]);
    tree = { nodes, leaves };
  }

  function drawTree() {
    const svg = $('tree');
    svg.textContent = '';
    if (!tree.nodes.length) return;
    const widest = Math.max(...tree.nodes.map((n) => n.label.length));
    const dx = Math.max(34, 7.2 * widest + 10), dy = 44, pad = 16;
    const depth = Math.max(...tree.nodes.map((n) => n.level)) + 1;
    svg.setAttribute('width', pad * 2 + Math.max(1, tree.leaves) * dx);
    svg.setAttribute('height', pad * 2 + depth * dy);
    const at = (n) => ({ x: pad + n.x * dx + dx / 2, y: pad + n.level * dy + 11 });
    const shown = tree.nodes.filter((n) => n.step <= step);
    const last = shown[shown.length - 1];
    const found = shown.filter((n) => n.solution).length;
    svg.setAttribute('aria-label', `The search tree so far: ${shown.length} ` +
      `node${shown.length === 1 ? '' : 's'}, ${found} solution${found === 1 ? '' : 's'}`);
    for (const node of shown) {
      for (const child of node.children) {
        if (child.step > step) continue;
        const a = at(node), b = at(child);
        const line = document.createElementNS(svgNS, 'line');
        line.setAttribute('x1', a.x); line.setAttribute('y1', a.y);
        line.setAttribute('x2', b.x); line.setAttribute('y2', b.y);
        svg.appendChild(line);
        const label = document.createElementNS(svgNS, 'text');
        label.setAttribute('x', (a.x + b.x) / 2 - 8);
        label.setAttribute('y', (a.y + b.y) / 2);
        label.textContent = child.edge;
        svg.appendChild(label);
      }
    }
    for (const node of shown) {
      const g = document.createElementNS(svgNS, 'g');
      g.setAttribute('class', (node.solution ? 'solution' : node.dead ? 'dead' : '') +
        (node === last ? ' current' : ''));
      const p = at(node);
      const circle = document.createElementNS(svgNS, 'circle');
      circle.setAttribute('cx', p.x); circle.setAttribute('cy', p.y);
      circle.setAttribute('r', Math.max(11, 3.6 * node.label.length + 3));
      g.appendChild(circle);
      const text = document.createElementNS(svgNS, 'text');
      text.setAttribute('x', p.x); text.setAttribute('y', p.y);
      text.textContent = node.solution ? '\u2713' : node.label;
      g.appendChild(text);
      svg.appendChild(g);
    }
  }

  function load(name) {
    stop();
    story = window.dlxModule.traceExample(name);
    if (story.error) {
      $('narration').textContent = story.error;
      return;
    }
    step = 0;
    drawMatrix();
    // A matrix too wide to see whole labels its options by number alone, and starts with only
    // what is left.
    $('matrix').classList.remove('numbers-only');
    const tooWide = $('matrix').offsetWidth > $('matrix-wrap').clientWidth;
    $('matrix').classList.toggle('numbers-only', tooWide);
    if (!leftOnlyChosen) $('left-only').checked = tooWide;
    $('matrix-wrap').scrollLeft = 0;
    layoutTree();
    render();
  }
  function go(to) {
    if (!story) return;
    step = Math.max(0, Math.min(story.events.length, to));
    render();
  }
  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    $('play-pause').textContent = 'Run';
    $('play-pause').setAttribute('aria-pressed', 'false');
  }
  function play() {
    if (!story) return;
    if (step === story.events.length) go(0);
    const delay = 2200 / Number($('speed').value);
    timer = setInterval(() => {
      if (step >= story.events.length) stop();
      else go(step + 1);
    }, delay);
    $('play-pause').textContent = 'Pause';
    $('play-pause').setAttribute('aria-pressed', 'true');
  }

  $('example').addEventListener('change', () => load($('example').value));
  $('to-start').addEventListener('click', () => { stop(); go(0); });
  $('step-back').addEventListener('click', () => { stop(); go(step - 1); });
  $('step').addEventListener('click', () => { stop(); go(step + 1); });
  $('play-pause').addEventListener('click', () => (timer ? stop() : play()));
  $('speed').addEventListener('input', () => { if (timer) { stop(); play(); } });
  $('left-only').addEventListener('change', () => {
    leftOnlyChosen = true;
    if (story) render();
  });
  // The label column stays put as the matrix scrolls, and the list's head with it: its arrows
  // are drawn again.
  $('matrix-wrap').addEventListener('scroll', () => { if (story) drawArrows(shownChange); });
  document.addEventListener('keydown', (event) => {
    if ($('learn').hidden || !story || event.altKey || event.ctrlKey || event.metaKey ||
        event.target.closest('input, select, textarea')) return;
    if (event.key === 'ArrowRight') go(step + 1);
    else if (event.key === 'ArrowLeft') go(step - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(story.events.length);
    else return;
    event.preventDefault();
    stop();
  });
  // app.js says which page shows ('dlx-page'); it may have said so before this script ran (the
  // module can be ready before the parser reaches it), hence the look at the start.
  const showing = (page) => {
    if (page === 'learn' && !story) load($('example').value);
    if (page !== 'learn' && story) stop();
  };
  document.addEventListener('dlx-page', (event) => showing(event.detail));
  if (window.dlxModule && !$('learn').hidden) showing('learn');
})();
