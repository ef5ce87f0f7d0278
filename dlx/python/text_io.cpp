// read_text and write_text (text_io.hpp).
#include "text_io.hpp"

namespace dlx::python {

namespace py = pybind11;

namespace {

bool is_path(const py::handle& target)
{
    return py::isinstance<py::str>(target) || py::hasattr(target, "__fspath__");
}

} // namespace

void read_text(const py::object& source, std::string& text, std::string& name)
{
    if (is_path(source)) {
        name = py::module_::import("os").attr("fsdecode")(source).cast<std::string>();
        const py::object file = py::module_::import("builtins").attr("open")(source, "rb");
        text = file.attr("read")().cast<std::string>();
        file.attr("close")();
    } else {
        text = source.attr("read")().cast<std::string>(); // str or bytes
        if (py::hasattr(source, "name"))
            name = py::str(source.attr("name")).cast<std::string>();
    }
}

void write_text(const py::object& target, const std::string& text)
{
    if (is_path(target))
        py::module_::import("pathlib").attr("Path")(target).attr("write_text")(
            text, py::arg("encoding") = "utf-8");
    else
        target.attr("write")(text);
}

} // namespace dlx::python
