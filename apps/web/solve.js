// The Solve page (docs/web.md): sudoku-cli's -s, --count and --rate on a file of puzzles in
// any format the reader knows (bindings.cpp's processPuzzles), and "Play puzzle N", which hands
// one of them to the Play page. app.js starts it once the module is there.
'use strict';

// `dlx` is the module; `openPuzzle(text, name, number)` plays puzzle `number` of `text` and
// returns an error message, or '' when it is on the board.
window.dlxSolvePage = (dlx, openPuzzle) => {
  const $ = (id) => document.getElementById(id);
  let fileName = 'pasted';
  $('file').addEventListener('change', async () => {
    const file = $('file').files[0];
    if (!file) return;
    fileName = file.name;
    $('puzzles').value = await file.text();
  });
  $('puzzles').addEventListener('input', () => { fileName = 'pasted'; });

  function showProblems(lines) {
    const problems = $('problems');
    problems.textContent = '';
    for (const line of lines) {
      const item = document.createElement('li');
      item.textContent = line;
      problems.appendChild(item);
    }
  }

  $('run').addEventListener('click', () => {
    const result = dlx.processPuzzles($('task').value, $('puzzles').value, fileName,
      $('keep-going').checked, 2);
    showProblems(result.error ? [result.error] : result.problems);
    $('output').textContent = result.error ? '' : result.output;
    $('solve-status').textContent = result.error ? 'Stopped at a bad puzzle: nothing written.' :
      `${result.puzzles} puzzle${result.puzzles === 1 ? '' : 's'}` +
      (result.problems.length ? `, ${result.problems.length} bad` : ', all done') + '.';
  });

  $('play-number-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const error = openPuzzle($('puzzles').value, fileName, Number($('play-number').value) || 1);
    if (error) {
      showProblems([error]);
      $('solve-status').textContent = 'Not played.';
    }
  });
};
