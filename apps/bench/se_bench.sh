#!/usr/bin/env bash
# Ratings on Sudoku Explainer's scale against Sukaku Explainer 1.15.10's serate
# (docs/benchmarks.md, section 17): the same puzzles rated by both, whole runs in turn, RUNS
# rounds; then how often the two agree (ER, and all three numbers).
#
#   apps/bench/se_bench.sh SERATE_CLASSES [BINARY] [RUNS]     (BINARY: build/apps/sudoku-cli)
#
# SERATE_CLASSES is the folder of serate's compiled classes (how to build it: benchmarks.md,
# section 10). The sets: the tests' reference puzzles that serate rates below 9.0 (1.2 to 8.9;
# its nested chains, 9.0 and more, take it minutes a puzzle), and the 100 of them rated 6.6 and
# more. serate runs once on each set as it is (a whole run, the JVM's start and warm-up
# included) and once on the set twice over in one JVM: the difference is its warm pace. Ours is
# sudoku-cli --rate --scale se -j 1. Works in a scratch folder.
set -euo pipefail
classes=$(realpath "${1:?the folder of serate\'s classes}")
shift
# shellcheck source=sudoku_bench_setup.sh
source "$(dirname "$0")/sudoku_bench_setup.sh"
reference="$OLDPWD/data/sudoku/se/serate_1.15.10.txt"

grep -v '^#' "$reference" | awk '{ split($2, r, "[=/]"); if (r[2] < 9.0) print substr($1, 1, 81) }' \
  > all.txt
grep -v '^#' "$reference" |
  awk '{ split($2, r, "[=/]"); if (r[2] >= 6.6 && r[2] < 9.0) print substr($1, 1, 81) }' > hard.txt
cat all.txt all.txt > all2.txt
cat hard.txt hard.txt > hard2.txt

seconds() { # the command's wall time in seconds
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null 2>&1
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }'
}
serate() { # input, output
  java -Xrs -Xmx1g -cp "$classes" diuf.sudoku.test.serate --format="ED=%r/%p/%d" \
    --input="$1" --output="$2"
}
ours() { # input, output
  "$bin" --rate "$1" --scale se -j 1 -o "$2"
}

for set in all hard; do
  count=$(wc -l < $set.txt)
  for ((i = 1; i <= runs; i++)); do
    s1=$(seconds serate $set.txt serate_$set.txt)
    s2=$(seconds serate ${set}2.txt serate_${set}2.txt)
    o1=$(seconds ours $set.txt ours_$set.txt)
    echo "$set ($count puzzles) round $i: serate $s1 s (twice over: $s2 s), ours $o1 s"
  done
  # Agreement: ER, and ER/EP/ED.
  paste -d' ' serate_$set.txt ours_$set.txt | awk -v set=$set '
    { split($1, a, "/"); split($2, b, "/"); n++; if (a[1] == b[1]) er++; if ($1 == $2) all++
      d = substr(a[1], 4) - substr(b[1], 4); if (d < 0) d = -d; if (d <= 0.2001) near++ }
    END { printf "%s: ER equal %d of %d (%.1f%%), within 0.2 %d (%.1f%%), ER/EP/ED equal %d (%.1f%%)\n",
          set, er, n, 100 * er / n, near, 100 * near / n, all, 100 * all / n }'
done
