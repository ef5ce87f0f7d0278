// The parts of the extension dlx._dlx: each binds one library into the module.
#pragma once

#include <pybind11/pybind11.h>

namespace dlx::python {

// The engine: Stats, Estimate, TreeEstimate, Split, Merge (bindings.cpp), then Problem
// (problem.cpp), Zdd (zdd.cpp), Solutions and Solver (solver.cpp).
void bind_engine(pybind11::module_& module);
void bind_solver(pybind11::module_& module);

} // namespace dlx::python
