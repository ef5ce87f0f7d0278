#!/usr/bin/env bash
# Instruction counts (valgrind --tool=callgrind) of the engine's fixed workloads: exactly
# repeatable for the same binaries, whatever else the machine is doing, so a change to the
# engine's code can be checked to within 0.1% where timings swing by 15%.
#
#   apps/bench/instruction_counts.sh [BUILD_DIR] [SUDOKU_DATA_DIR]
#
# Defaults: build, ../shared/data/sudoku. Prints one line per workload: its name and the
# instructions executed by the whole program (Ir), in millions.
#   pento6x10            exact-cover --limit 300 on data/exact-cover/pento6x10.dlx
#   kaggle, 17_clue,
#   top1465, forum11+    sudoku-solve-bench --repeat 1 on the first 2000, 2000, 500 and 300
#                        puzzles of each set (first solution, then a count up to 2)
#   -c 100000            sudoku-cli -c 100000 -j 1 --seed 3
set -euo pipefail
cd "$(dirname "$0")/../.."
build=$(realpath "${1:-build}")
data=$(realpath "${2:-../shared/data/sudoku}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

count() { # NAME COMMAND...: run under callgrind, print the total instructions
  local name=$1
  shift
  valgrind --tool=callgrind --callgrind-out-file="$work/out" "$@" >/dev/null 2>"$work/log"
  local ir
  ir=$(sed -n 's/^summary: //p' "$work/out")
  printf '%-12s %10.1f M\n' "$name" "$(awk -v ir="$ir" 'BEGIN {print ir / 1e6}')"
}

count pento6x10 "$build/apps/exact-cover" --limit 300 data/exact-cover/pento6x10.dlx
for spec in kaggle_like_100k:2000:kaggle 17_clue:2000:17_clue magictour_top1465:500:top1465 \
            forum_hardest_11plus_5k:300:forum11+; do
  IFS=: read -r file lines name <<<"$spec"
  if [[ ! -f $data/$file.txt ]]; then
    echo "$name: skipped ($data/$file.txt not found)"
    continue
  fi
  head -n "$lines" "$data/$file.txt" >"$work/$name.txt"
  count "$name" "$build/apps/sudoku-solve-bench" --repeat 1 "$work/$name.txt"
done
(cd "$work" && count "-c 100000" "$build/apps/sudoku-cli" -c 100000 -j 1 --seed 3 -o "$work/boards.txt")
