#!/usr/bin/env bash
# Counting with memory against Knuth's dlx6, side by side: on each problem, `exact-cover --memo`
# (on one thread, and on two sharing the cache) and `dlx6` run in turn, round after round, so
# that all see the same machine; prints every run (wall-clock seconds and peak resident memory),
# then the medians and our ratios to dlx6.
#
#   apps/bench/memo_bench.sh DLX6 [BUILD_DIR] [RUNS] [PROBLEM...]
#
# DLX6 is Knuth's program, built outside this repository (docs/benchmarks.md section 10 says
# how). Problems, written by this script in Knuth's format: dominoes12x12 (domino tilings),
# setpart14 (set partitions of 14 elements, every subset an option), queens12, langford12,
# matchK24 (perfect matchings of K_24), and pento6x10 (data/exact-cover). Defaults: build,
# 5 rounds, all six. dlx6 counts in 64 bits and takes 24 GB of address space up front (its hash
# table and cache), of which it touches what it uses: the peak memory below is what it touched.
set -euo pipefail
cd "$(dirname "$0")/../.."
dlx6=$(realpath "$1")
build=$(realpath "${2:-build}")
runs=${3:-5}
shift $(($# < 3 ? $# : 3))
problems=("$@")
if ((${#problems[@]} == 0)); then
  problems=(dominoes12x12 setpart14 queens12 langford12 matchK24 pento6x10)
fi
bin=$build/apps/exact-cover
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The problems, in Knuth's format (names of at most 8 characters, as dlx6 wants them).
python3 - "$work" <<'EOF'
import sys
out = sys.argv[1]

def write(name, primary, secondary, options):
    with open(f"{out}/{name}.dlx", "w") as f:
        f.write(" ".join(primary) + (" | " + " ".join(secondary) if secondary else "") + "\n")
        for option in options:
            f.write(" ".join(option) + "\n")

cells = [f"r{r}c{c}" for r in range(12) for c in range(12)]
write("dominoes12x12", cells, [],
      [[f"r{r}c{c}", f"r{r}c{c + 1}"] for r in range(12) for c in range(11)] +
      [[f"r{r}c{c}", f"r{r + 1}c{c}"] for r in range(11) for c in range(12)])
items = [f"e{i}" for i in range(14)]
write("setpart14", items, [],
      [[items[i] for i in range(14) if s >> i & 1] for s in range(1, 1 << 14)])
digit = "0123456789ab"
write("queens12", [f"r{d}" for d in digit] + [f"c{d}" for d in digit],
      [f"a{i}" for i in range(23)] + [f"b{i}" for i in range(23)],
      [[f"r{digit[r]}", f"c{digit[c]}", f"a{r + c}", f"b{r - c + 11}"]
       for r in range(12) for c in range(12)])
write("langford12", [f"v{k}" for k in range(1, 13)] + [f"s{i}" for i in range(24)], [],
      [[f"v{k}", f"s{i}", f"s{i + k + 1}"] for k in range(1, 13) for i in range(24 - k - 1)])
vertices = [f"v{i}" for i in range(24)]
write("matchK24", vertices, [],
      [[vertices[a], vertices[b]] for a in range(24) for b in range(a + 1, 24)])
EOF
cp data/exact-cover/pento6x10.dlx "$work/"

median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

# Runs "label|command" with the problem on standard input; prints "seconds megabytes count".
measure() {
  local command=$1 file=$2
  /usr/bin/time -f '%e %M' -o "$work/time" bash -c "$command" <"$file" >"$work/out" 2>"$work/err"
  local count
  count=$(grep -o 'Altogether [0-9]* solution' "$work/err" | awk '{print $2}' || true)
  [[ -z $count ]] && count=$(tail -n 1 "$work/out")
  read -r seconds kilobytes <"$work/time"
  echo "$seconds $((kilobytes / 1024)) $count"
}

for problem in "${problems[@]}"; do
  file=$work/$problem.dlx
  echo "== $problem"
  for round in $(seq "$runs"); do
    for who in dlx6 memo memo2; do
      case $who in
        dlx6) result=$(measure "$dlx6" "$file") ;;
        memo) result=$(measure "$bin --memo" "$file") ;;
        memo2) result=$(measure "$bin --memo --threads 2" "$file") ;;
      esac
      read -r seconds megabytes count <<<"$result"
      echo "round $round $who: ${seconds} s, ${megabytes} MB, $count solutions"
      echo "$seconds" >>"$work/$problem.$who.s"
      echo "$megabytes" >>"$work/$problem.$who.mb"
    done
  done
  ours=$(median <"$work/$problem.memo.s")
  two=$(median <"$work/$problem.memo2.s")
  theirs=$(median <"$work/$problem.dlx6.s")
  our_mb=$(median <"$work/$problem.memo.mb")
  their_mb=$(median <"$work/$problem.dlx6.mb")
  awk -v p="$problem" -v a="$ours" -v b="$theirs" -v c="$our_mb" -v d="$their_mb" -v t="$two" 'BEGIN {
    printf "median %s: --memo %.3f s, %d MB; dlx6 %.3f s, %d MB; time ratio %.2f, memory ratio %.2f; --memo -t 2 %.3f s, ratio %.2f\n",
           p, a, c, b, d, (b > 0 ? a / b : 0), (d > 0 ? c / d : 0), t, (b > 0 ? t / b : 0) }'
done
