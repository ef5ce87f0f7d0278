# What the scale-out tests share (sourced): failing with a message, the --stats line without
# its time, the large problem, and 10 queens in Knuth's format (rows and columns primary,
# diagonals secondary).

fail() {
  echo "FAILED: $*"
  exit 1
}

# The "S solutions, N nodes, U updates" of the --stats line in file $1.
counts() { grep -E '^[0-9]+ solutions?, ' "$1" | tail -n 1 | sed 's/, [0-9.]* s$//'; }

write_queens10() {
  for i in $(seq 0 9); do printf 'r%d c%d ' "$i" "$i"; done
  printf '|'
  for i in $(seq 0 18); do printf ' a%d b%d' "$i" "$i"; done
  printf '\n'
  for r in $(seq 0 9); do
    for c in $(seq 0 9); do printf 'r%d c%d a%d b%d\n' "$r" "$c" $((r + c)) $((r - c + 9)); done
  done
}

# The problem of real size the totals are also compared on: pento6x10, about a second a count,
# in a plain build. Under a sanitizer (CMake sets DLX_SANITIZED=1) a count of it takes 15 to 20
# s and takes no path the smaller problems do not: none there.
large_problem() { [[ ${DLX_SANITIZED:-0} == 1 ]] || echo pento6x10; }
