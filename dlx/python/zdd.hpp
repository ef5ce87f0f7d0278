// dlx.Zdd: the ZDD of all solutions that Solver.zdd() builds (dlx/zdd.hpp), with the labels of
// its problem's options, so that its solutions come out as lists of labels.
#pragma once

#include <dlx/problem.hpp>
#include <dlx/zdd.hpp>

#include <pybind11/pybind11.h>

#include <memory>

namespace dlx::python {

struct PyZdd {
    Zdd zdd;
    std::shared_ptr<const Problem> problem; // for write(): DLX6 numbers the options by it
    pybind11::tuple labels;                 // per option id
};

// dlx.Zdd and its iterator (zdd.cpp).
void bind_zdd(pybind11::module_& module);

} // namespace dlx::python
