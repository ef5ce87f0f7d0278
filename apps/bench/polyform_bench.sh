#!/usr/bin/env bash
# polyform --distinct against BurrTools' burrTxt and Polyform Puzzler with xcover, side by side:
# on each puzzle the programs run in turn, round after round, so that all see the same machine;
# prints every run (wall-clock seconds and the count), then the medians and our ratios.
#
#   apps/bench/polyform_bench.sh PEERS [BUILD_DIR] [RUNS]
#
# PEERS is the folder the peers were built in, outside this repository (docs/benchmarks.md,
# section 16, says how): PEERS/burr-tools/build/burrTxt, and a Python venv PEERS/venv with
# Puzzler and xcover installed. Puzzles: the twelve pentominoes in 6x10, 5x12, 4x15 and 3x20,
# and the Soma cube, each counted up to symmetry by all three (2339, 1010, 368, 2, 240), on one
# thread. burrTxt runs as it comes (-q: the count only) and with -r (placements pruned first);
# Puzzler through apps/bench/puzzler_count.py (the count, no solutions printed), whose time
# includes Python's and numba's start, about half a second, measured alone as "python".
set -euo pipefail
cd "$(dirname "$0")/../.."
peers=$(realpath "$1")
build=$(realpath "${2:-build}")
runs=${3:-5}
polyform=$build/apps/polyform
burr=$peers/burr-tools/build/burrTxt
python=$peers/venv/bin/python
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 apps/bench/burrtools_puzzles.py "$work"

median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

# Runs a command; prints "seconds count" (the count: the first number of its last line).
measure() {
  /usr/bin/time -f '%e' -o "$work/time" bash -c "$1" >"$work/out" 2>/dev/null
  echo "$(cat "$work/time") $(tail -n 1 "$work/out" | grep -o '^[0-9]*')"
}

puzzles=(pentominoes-6x10 pentominoes-5x12 pentominoes-4x15 pentominoes-3x20 soma)
declare -A puzzler=([pentominoes-6x10]=pentominoes.Pentominoes6x10
  [pentominoes-5x12]=pentominoes.Pentominoes5x12 [pentominoes-4x15]=pentominoes.Pentominoes4x15
  [pentominoes-3x20]=pentominoes.Pentominoes3x20 [soma]=somacubes.Soma3x3x3)
for puzzle in "${puzzles[@]}"; do
  echo "== $puzzle"
  for round in $(seq "$runs"); do
    for who in polyform burr burr-r puzzler python; do
      case $who in
      polyform) command="$polyform --distinct data/polyform/$puzzle.txt" ;;
      burr) command="$burr -q $work/$puzzle.xmpuzzle" ;;
      burr-r) command="$burr -q -r $work/$puzzle.xmpuzzle" ;;
      puzzler) command="$python apps/bench/puzzler_count.py ${puzzler[$puzzle]}" ;;
      python) command="$python -c 'import puzzler.exact_cover_c; print(0)'" ;;
      esac
      read -r seconds count < <(measure "$command")
      echo "$seconds" >>"$work/$puzzle.$who"
      echo "  round $round $who: $seconds s, $count"
    done
  done
  awk -v p="$puzzle" -v a="$(median <"$work/$puzzle.polyform")" \
    -v b="$(median <"$work/$puzzle.burr")" -v c="$(median <"$work/$puzzle.burr-r")" \
    -v d="$(median <"$work/$puzzle.puzzler")" -v e="$(median <"$work/$puzzle.python")" 'BEGIN {
      printf "%s medians: polyform %.2f s, burrTxt %.2f s (-r %.2f s), Puzzler+xcover %.2f s " \
             "(Python start %.2f s)\n", p, a, b, c, d, e
      printf "%s ratios: polyform/burrTxt %.2f, polyform/burrTxt -r %.2f, polyform/Puzzler %.3f\n",
             p, a / b, a / c, a / d
    }'
done
