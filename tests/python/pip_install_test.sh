#!/usr/bin/env bash
# pip's way in (docs/python.md): a virtual environment made with --system-site-packages, and
# `pip install --no-build-isolation --no-index` of a copy of the sources (no network: Debian's
# setuptools and pybind11 serve). Then the installed module, not the build tree's, must pass
# the engine's tests.
#
#   tests/python/pip_install_test.sh PYTHON SOURCE_DIR
set -euo pipefail
python=$1
source_dir=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The files pip needs, copied: a build never writes into the checkout under test.
mkdir "$work/src"
cp -r "$source_dir"/{setup.py,pyproject.toml,CMakeLists.txt,LICENSE,dlx,sudoku} "$work/src/"
"$python" -m venv --system-site-packages "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --no-build-isolation --no-index "$work/src"

cd "$work" # not the sources: `import dlx` must find the installed module
env -u PYTHONPATH "$work/venv/bin/python" - <<'PY'
import dlx, pathlib
from dlx import sudoku
location = pathlib.Path(dlx.__file__).resolve()
assert "site-packages" in location.parts, location
# The Sudoku toolkit's subpackage, its extension and its stub installed beside the engine's.
assert pathlib.Path(sudoku.__file__).resolve().parent == location.parent / "sudoku"
assert (location.parent / "sudoku" / "__init__.pyi").exists()
assert sudoku.count("." * 81, limit=3) == 3
from dlx import polyform
assert (location.parent / "polyform" / "__init__.pyi").exists()
assert polyform.Puzzle("pieces pentominoes\nboard 3x20\n").count(distinct=True) == 2
print("installed:", location.parent, dlx.__version__)
PY
env -u PYTHONPATH DLX_DATA_DIR="$source_dir/data" "$work/venv/bin/python" -m pytest -q \
  -p no:cacheprovider "$source_dir/tests/python/test_engine.py"
