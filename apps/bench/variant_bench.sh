#!/usr/bin/env bash
# Sudoku variants (docs/benchmarks.md, section 16): puzzles of each kind made by sudoku-cli -n
# with fixed seeds, solved in process on one thread by variant-solve-bench (the exact-cover
# solver against a backtracking reference, in turn, medians); then sudoku-cli -c 100000 on
# 9x9, on 9x9 through the variant generator (--size 9) and on 16x16, in turn, on one thread.
# The reference gives up on a puzzle after 100,000 nodes (killer: 10^6 on 10 puzzles, since it
# knows no more of a cage than the bounds of its sum); its line says how many it solved.
#
#   apps/bench/variant_bench.sh [BINARY] [RUNS]      (BINARY: build/apps/sudoku-cli)
#
# variant-solve-bench is taken from beside BINARY's folder (build/apps). Works in a scratch
# folder.
# shellcheck source=sudoku_bench_setup.sh
source "$(dirname "$0")/sudoku_bench_setup.sh"
solver=$(dirname "$bin")/variant-solve-bench

make_set() { # name, then -n's other options
  local name=$1
  shift
  "$bin" -n "$@" -j 2 -o "$name" 2>/dev/null
}
make_set classic_9x9.txt 50 --size 9 --seed 1
make_set x_9x9.txt 50 --variant x --seed 1
make_set jigsaw_9x9.txt 50 --variant jigsaw --seed 1
make_set killer_9x9.txt 10 --variant killer --seed 1
make_set windoku_anti_knight.txt 50 --variant windoku,anti-knight --seed 1
make_set size_16x16.txt 20 --size 16 --seed 1
make_set size_25x25.txt 2 --size 25 --seed 3
make_set samurai.txt 10 --variant samurai --seed 1

"$solver" --repeat "$runs" --budget 100000 classic_9x9.txt x_9x9.txt jigsaw_9x9.txt \
  windoku_anti_knight.txt size_16x16.txt size_25x25.txt samurai.txt
"$solver" --repeat "$runs" --budget 1000000 killer_9x9.txt

timed() { # label, then the command
  local label=$1
  shift
  /usr/bin/time -f "$label %e s wall, %U s user, %M KB peak" "$@"
}
for ((i = 1; i <= runs; i++)); do
  timed "-c 100000:                 " "$bin" -c 100000 -j 1 --seed "$i" -o boards.txt
  timed "-c 100000 --size 9:        " "$bin" -c 100000 --size 9 -j 1 --seed "$i" -o boards.txt
  timed "-c 100000 --size 16:       " "$bin" -c 100000 --size 16 -j 1 --seed "$i" -o boards.txt
done
