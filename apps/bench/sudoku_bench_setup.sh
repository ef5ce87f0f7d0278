# Sourced by the sudoku-cli benchmark scripts: reads [BINARY] [RUNS] from their arguments, sets
# `bin`, `runs` and `shared` (the shared Sudoku sets, if present), and moves into a scratch
# folder that is removed on exit.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(realpath "${1:-build/apps/sudoku-cli}")
runs=${2:-3}
shared=$(realpath ../shared/data/sudoku 2>/dev/null || true)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
