// What every extension of the package raises for an argument of the wrong type: TypeError,
// naming the type it got and the one it wanted, where pybind11 alone would raise RuntimeError
// ("Unable to cast Python instance to C++ type").
#pragma once

#include <pybind11/pybind11.h>

namespace dlx::python {

// Registers, for the module being initialised only, the translation of pybind11's cast errors
// (an argument or an item of it that is not of the type wanted) into TypeError. The extensions
// are compiled with PYBIND11_DETAILED_ERROR_MESSAGES, so the message names both types.
void translate_cast_errors();

} // namespace dlx::python
