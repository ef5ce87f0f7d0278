// dlx.Problem (problem.hpp): names checked as Python gives them, Knuth's format read and written
// through Python files, and the class's binding.
#include "problem.hpp"

#include "text_io.hpp"

#include <pybind11/stl.h>

#include <sstream>

namespace dlx::python {

py::iterable names(const py::handle& value, const char* what)
{
    if (py::isinstance<py::str>(value) || py::isinstance<py::bytes>(value) ||
        !py::isinstance<py::iterable>(value))
        throw py::type_error(
            std::string(what) + " must be a collection of item names, not " +
            py::str(py::type::handle_of(value).attr("__name__")).cast<std::string>());
    return py::reinterpret_borrow<py::iterable>(value);
}

std::string name_of(const py::handle& value, const std::string& where)
{
    if (!py::isinstance<py::str>(value))
        throw py::type_error(
            where + ": an item name is a str, not " +
            py::str(py::type::handle_of(value).attr("__name__")).cast<std::string>());
    return value.cast<std::string>();
}

std::uint32_t bound_of(const py::handle& value, const std::string& where)
{
    if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
        throw py::type_error(where + ": a bound is an int");
    const auto bound = value.cast<long long>();
    if (bound < 0 || bound > 0xFFFFFFFFLL)
        throw py::value_error(where + ": bound " + std::to_string(bound) + " out of range");
    return static_cast<std::uint32_t>(bound);
}

std::string plural(std::size_t count, const char* noun)
{
    return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

namespace {

PyProblem read_problem(const py::object& source)
{
    std::string text, name = "-";
    read_text(source, text, name);
    try { // the labels are the options' texts: Python str
        py::bytes(text).attr("decode")("utf-8");
    } catch (const py::error_already_set&) {
        throw py::value_error(name + ": not UTF-8 text");
    }
    std::istringstream in(std::move(text));
    return PyProblem::from(read_knuth(in, name));
}

void write_problem(PyProblem& problem, const py::object& target)
{
    std::ostringstream out;
    write_knuth(out, *problem.built());
    write_text(target, out.str());
}

std::string describe(PyProblem& problem)
{
    const Problem& built = *problem.built();
    std::string text = "<dlx.Problem: " + plural(built.item_count(), "item");
    if (built.primary_count() != built.item_count())
        text += " (" + std::to_string(built.primary_count()) + " primary)";
    text += ", " + plural(built.option_count(), "option");
    if (built.has_colors())
        text += ", colours";
    if (built.has_multiplicities())
        text += ", multiplicities";
    return text + ">";
}

// The options of a problem as Python sees them: lists of "name" or "name:colour".
py::list option_texts(const Problem& problem, OptionId option)
{
    py::list items;
    for (const Entry& entry : problem.option(option)) {
        std::string text = problem.name(entry.item);
        if (entry.color != no_color)
            text += ":" + problem.color_name(entry.color);
        items.append(text);
    }
    return items;
}

} // namespace

void bind_problem(py::module_& module)
{
    py::class_<PyProblem>(module, "Problem",
                          "An exact-cover problem: items to cover and options that cover them. "
                          "Primary items must be covered (exactly once, or between lower and "
                          "upper times for a multiplicity); secondary items at most once, or by "
                          "any number of options that agree on their colour.")
        .def(py::init([](const py::object& primary, const py::object& secondary,
                         const py::object& options) {
                 PyProblem problem;
                 for (const py::handle& spec : names(primary, "primary"))
                     problem.add_primary(spec);
                 for (const py::handle& name : names(secondary, "secondary"))
                     problem.add_item(name_of(name, "secondary item"), true, std::nullopt);
                 if (py::isinstance<py::dict>(options)) {
                     for (const auto& [label, items] : options.cast<py::dict>())
                         problem.add_option(items, py::reinterpret_borrow<py::object>(label));
                 } else {
                     if (!py::isinstance<py::iterable>(options))
                         throw py::type_error("options: a dict from label to item names, or a "
                                              "sequence of item-name lists");
                     for (const py::handle& items : py::reinterpret_borrow<py::iterable>(options))
                         problem.add_option(items, py::none());
                 }
                 return problem;
             }),
             py::arg("primary") = py::tuple(), py::arg("secondary") = py::tuple(),
             py::arg("options") = py::tuple(),
             "Problem(primary=(), secondary=(), options=()): primary items as names or "
             "(name, lower, upper) tuples, secondary items as names, and options either as a "
             "dict from label to item names or as a sequence of item-name lists (labelled by "
             "their index). An item name with ':colour' gives a secondary item a colour.")
        .def("add_item", &PyProblem::add_item, py::arg("name"), py::kw_only(),
             py::arg("secondary") = false, py::arg("bounds") = py::none(),
             "Adds an item: primary unless secondary=True; bounds=(lower, upper) makes a "
             "primary item a multiplicity (covered by lower to upper options). Raises "
             "ValueError for a duplicate or unwritable name, or bad bounds.")
        .def(
            "add_option",
            [](PyProblem& problem, const py::object& items, const py::object& label) {
                return problem.add_option(items, label);
            },
            py::arg("items"), py::arg("label") = py::none(),
            "Adds an option made of the named items ('name:colour' for a coloured secondary "
            "item) and returns its index. The label, any object, is what solutions hold for "
            "this option (None: the index). Raises ValueError for an unknown item, an item "
            "twice, a colour on a primary item, or an empty option, and changes nothing then.")
        .def_static("read", &read_problem, py::arg("source"),
                    "Reads a problem in Knuth's format (his dlx1/dlx2/dlx3 input) from a path "
                    "or an open file; each option is labelled with its text. Raises ValueError "
                    "naming the file and line of the first fault.")
        .def("write", &write_problem, py::arg("target"),
             "Writes the problem in Knuth's format to a path or an open text file.")
        .def_property_readonly(
            "items", [](const PyProblem& problem) { return problem.item_names(); },
            "The item names, in the order they were added.")
        .def_property_readonly("primary_count", &PyProblem::primary_count)
        .def_property_readonly("option_count", &PyProblem::option_count)
        .def_property_readonly(
            "labels", [](const PyProblem& problem) { return py::tuple(problem.labels()); },
            "Each option's label, in option order.")
        .def(
            "option",
            [](PyProblem& problem, OptionId option) {
                const Problem& built = *problem.built();
                if (option >= built.option_count())
                    throw py::index_error("option " + std::to_string(option) + " of " +
                                          std::to_string(built.option_count()));
                return option_texts(built, option);
            },
            py::arg("index"), "The items of option `index` ('name:colour' for a colour).")
        .def_property_readonly("has_colors",
                               [](PyProblem& problem) { return problem.built()->has_colors(); })
        .def_property_readonly(
            "has_multiplicities",
            [](PyProblem& problem) { return problem.built()->has_multiplicities(); })
        .def("__repr__", [](PyProblem& problem) { return describe(problem); });
}

} // namespace dlx::python
