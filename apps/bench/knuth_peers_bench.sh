#!/usr/bin/env bash
# Our engine against Knuth's own programs, side by side: on each benchmark problem, every
# configuration of `exact-cover` (dancing links and dancing cells, one thread and two) and
# Knuth's programs for it (dlx1, dlx2 or dlx3, and ssxcc) run in turn, round after round, so
# that all see the same machine; prints every run, then the medians and each of our times as
# a ratio to each peer's.
#
#   apps/bench/knuth_peers_bench.sh PEERS_DIR [BUILD_DIR] [RUNS] [PROBLEM...]
#
# PEERS_DIR holds dlx1, dlx2, dlx3 and ssxcc, built outside this repository (docs/benchmarks.md
# section 10 says how). Defaults: build, 5 rounds, the four problems below. Every time is a
# whole process's wall-clock time (reading the file included, a few milliseconds), taken the
# same way for every program.
set -euo pipefail
cd "$(dirname "$0")/../.."
peers=$(realpath "$1")
build=$(realpath "${2:-build}")
runs=${3:-5}
shift $(($# < 3 ? $# : 3))
problems=("$@")
if ((${#problems[@]} == 0)); then
  problems=(pento6x10 matrices7x7 matrices7x6 latin7)
fi
bin=$build/apps/exact-cover
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

# The programs that run on a problem, as "label|command" (the problem arrives on standard
# input): Knuth's program for its kind, ssxcc where it applies, and our configurations.
configurations() {
  local file=$1 knuth=dlx1 cells=yes
  if grep -v '^|' "$file" | head -n 1 | grep -Eq '(^| )[0-9]+(:[0-9]+)?\|[^ ]'; then
    knuth=dlx3 cells=no # multiplicities: neither ssxcc nor dancing cells take them
  elif grep -v '^|' "$file" | tail -n +2 | grep -q ':'; then
    knuth=dlx2
  fi
  echo "$knuth|$peers/$knuth"
  [[ $cells == yes ]] && echo "ssxcc|$peers/ssxcc"
  echo "links, 1 thread|$bin"
  echo "links, 2 threads|$bin --threads 2"
  if [[ $cells == yes ]]; then
    echo "cells, 1 thread|$bin --method cells"
    echo "cells, 2 threads|$bin --method cells --threads 2"
  fi
}

# Runs a command with the problem on standard input; prints its wall-clock seconds.
time_run() {
  local file=$1
  shift
  local start=$EPOCHREALTIME
  "$@" <"$file" >/dev/null 2>&1
  awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN {printf "%.3f\n", b - a}'
}

for name in "${problems[@]}"; do
  file=data/exact-cover/$name.dlx
  [[ -f $file ]] || file=$name
  mapfile -t configs < <(configurations "$file")
  echo "== $(basename "$file"): ${#configs[@]} programs, $runs rounds"
  for ((i = 1; i <= runs; i++)); do
    line="round $i:"
    for k in "${!configs[@]}"; do
      read -r -a command <<<"${configs[$k]#*|}"
      took=$(time_run "$file" "${command[@]}")
      echo "$took" >>"$work/$k"
      line+=" ${configs[$k]%%|*} $took;"
    done
    echo "$line"
  done
  # Medians, then each of ours against each of Knuth's.
  declare -A med=()
  for k in "${!configs[@]}"; do
    med[$k]=$(median <"$work/$k")
    rm -f "$work/$k"
  done
  for k in "${!configs[@]}"; do
    label=${configs[$k]%%|*}
    row="  ${label}: ${med[$k]} s"
    if [[ $label == links* || $label == cells* ]]; then
      for p in "${!configs[@]}"; do
        peer=${configs[$p]%%|*}
        [[ $peer == links* || $peer == cells* ]] && continue
        row+=", $(awk -v a="${med[$k]}" -v b="${med[$p]}" 'BEGIN {printf "%.2f", a / b}') of $peer"
      done
    fi
    echo "$row"
  done
  unset med
done
