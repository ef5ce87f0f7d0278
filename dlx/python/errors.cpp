// TypeError for arguments of the wrong type. See errors.hpp.
#include "errors.hpp"

#include <exception>

namespace dlx::python {

void translate_cast_errors()
{
    pybind11::register_local_exception_translator([](std::exception_ptr error) {
        try {
            if (error)
                std::rethrow_exception(error);
        } catch (const pybind11::cast_error& e) {
            PyErr_SetString(PyExc_TypeError, e.what());
        }
    });
}

} // namespace dlx::python
