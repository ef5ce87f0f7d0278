"""The Python module dlx, built by setuptools and pybind11 for pip:

    python3 -m venv --system-site-packages venv
    venv/bin/pip install --no-build-isolation --no-index .

(Debian 12: python3-dev python3-venv python3-pip python3-pybind11.) CMake builds the same
package beside the rest of the project (dlx/python and sudoku/python); docs/python.md has both.
The extensions are compiled from the libraries' sources, as CMake's Release build compiles them.
"""

import re
from pathlib import Path

from pybind11.setup_helpers import ParallelCompile, Pybind11Extension, build_ext
from setuptools import setup

ROOT = Path(__file__).resolve().parent
VERSION = re.search(
    r"project\(dlx VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text()
).group(1)
WORK = "build/setuptools"  # beside CMake's build tree, never in the sources

# dlx/version.hpp, as CMake makes it from dlx/src/version.hpp.in.
generated = ROOT / WORK / "include"
(generated / "dlx").mkdir(parents=True, exist_ok=True)
version_hpp = (ROOT / "dlx/src/version.hpp.in").read_text().replace("@PROJECT_VERSION@", VERSION)
if not (generated / "dlx/version.hpp").exists() or (
    (generated / "dlx/version.hpp").read_text() != version_hpp
):
    (generated / "dlx/version.hpp").write_text(version_hpp)


def sources(pattern):
    return sorted(str(path.relative_to(ROOT)) for path in ROOT.glob(pattern))


COMPILE = dict(cxx_std=20, extra_compile_args=["-O3", "-g0", "-DNDEBUG", "-pthread"],
               extra_link_args=["-pthread"],
               define_macros=[("PYBIND11_DETAILED_ERROR_MESSAGES", None)])

# The engine is compiled once, as a static library that every extension links (build_clib;
# position-independent, as Python compiles extensions).
ENGINE = [
    (
        "dlx_engine",
        {
            "sources": sources("dlx/src/*.cpp"),
            "include_dirs": ["dlx/include", str(generated.relative_to(ROOT))],
            "cflags": ["-std=c++20"] + COMPILE["extra_compile_args"],
        },
    )
]

# Each library binds itself beside its sources (dlx/python, sudoku/python, dlx/polyform/python),
# as CMake builds them: the engine's extension dlx._dlx, and the Sudoku toolkit's
# dlx.sudoku._sudoku and the polyform library's dlx.polyform._polyform, which share the
# engine's binding helpers.
extensions = [
    Pybind11Extension(
        "dlx._dlx",
        sources("dlx/python/*.cpp"),
        include_dirs=["dlx/include", "dlx/python", str(generated.relative_to(ROOT))],
        **COMPILE,
    ),
    Pybind11Extension(
        "dlx.sudoku._sudoku",
        sources("sudoku/src/*.cpp")
        + ["dlx/python/errors.cpp", "dlx/python/interrupt.cpp", "dlx/python/text_io.cpp"]
        + sources("sudoku/python/*.cpp"),
        include_dirs=[
            "dlx/include",
            "sudoku/include",
            "dlx/python",
            str(generated.relative_to(ROOT)),
        ],
        **COMPILE,
    ),
    Pybind11Extension(
        "dlx.polyform._polyform",
        sources("dlx/polyform/src/*.cpp")
        + ["dlx/python/errors.cpp", "dlx/python/interrupt.cpp"]
        + sources("dlx/polyform/python/*.cpp"),
        include_dirs=[
            "dlx/include",
            "dlx/polyform/include",
            "dlx/python",
            str(generated.relative_to(ROOT)),
        ],
        **COMPILE,
    ),
]

ParallelCompile("DLX_BUILD_JOBS", default=0).install()  # every core unless told

setup(
    name="dlx",
    version=VERSION,
    description="Knuth's Algorithm X over dancing links, with colours and multiplicities, "
    "and a Sudoku toolkit",
    license="MIT",
    python_requires=">=3.8",
    packages=["dlx", "dlx.sudoku", "dlx.polyform"],
    package_dir={"dlx": "dlx/python/dlx", "dlx.sudoku": "sudoku/python/dlx/sudoku",
                 "dlx.polyform": "dlx/polyform/python/dlx/polyform"},
    package_data={"dlx": ["py.typed", "*.pyi"], "dlx.sudoku": ["*.pyi"], "dlx.polyform": ["*.pyi"]},
    libraries=ENGINE,
    ext_modules=extensions,
    cmdclass={"build_ext": build_ext},
    options={"build": {"build_base": WORK}, "egg_info": {"egg_base": WORK}},
    zip_safe=False,
)
