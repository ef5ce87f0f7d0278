// dlx.Problem: a problem under construction from Python, its reading and writing in Knuth's
// format, and its binding (problem.cpp). The Solver's binding (solver.cpp) builds on it.
#pragma once

#include <dlx/knuth_format.hpp>
#include <dlx/problem.hpp>

#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace dlx::python {

namespace py = pybind11;

// A collection of names where one is expected: a str or bytes is refused (iterating it would
// give its characters, one item each).
py::iterable names(const py::handle& value, const char* what);
// One name, a str; `where` names what it was for in the TypeError.
std::string name_of(const py::handle& value, const std::string& where);
// A bound of a multiplicity: a whole number from 0 to 2^32 - 1.
std::uint32_t bound_of(const py::handle& value, const std::string& where);
// "1 item", "2 items".
std::string plural(std::size_t count, const char* noun);

// A problem under construction: the builder, what Python reads back without building (item
// names and kinds), each option's label, and the built Problem once something has asked for it
// (dropped at every change).
class PyProblem {
public:
    PyProblem() = default;

    // A primary item: a name, or a (name, lower, upper) sequence for a multiplicity.
    void add_primary(const py::handle& spec)
    {
        if (py::isinstance<py::str>(spec)) {
            add_item(spec.cast<std::string>(), false, std::nullopt);
            return;
        }
        if (!py::isinstance<py::sequence>(spec) || py::len(spec) != 3)
            throw py::type_error("a primary item is a name or a (name, lower, upper) tuple");
        const auto tuple = py::reinterpret_borrow<py::sequence>(spec);
        const std::string name = name_of(tuple[0], "primary item");
        add_item(name, false,
                 std::pair{bound_of(tuple[1], "item '" + name + "'"),
                           bound_of(tuple[2], "item '" + name + "'")});
    }
    void add_item(const std::string& name, bool secondary,
                  std::optional<std::pair<std::uint32_t, std::uint32_t>> bounds)
    {
        built_.reset();
        if (secondary && bounds)
            throw py::value_error("item '" + name + "': a secondary item has no bounds");
        if (secondary)
            builder_.add_secondary(name);
        else if (bounds)
            builder_.add_primary(name, {bounds->first, bounds->second});
        else
            builder_.add_primary(name);
        names_.push_back(name.empty() ? "#" + std::to_string(names_.size()) : name);
        secondary_.push_back(secondary);
        ++changes_;
    }

    // An option: item names, "name:colour" for a colour, checked by the builder as every way
    // of making a problem is (a refused option leaves nothing behind, not even a new colour).
    // Returns its index.
    OptionId add_option(const py::handle& items, const py::object& label)
    {
        const std::string where = "option " + std::to_string(builder_.option_count());
        std::vector<std::string> texts;
        for (const py::handle& handle : names(items, where.c_str()))
            texts.push_back(name_of(handle, where));
        const OptionId option = builder_.add_option(std::span<const std::string>(texts));
        built_.reset();
        labels_.append(label.is_none() ? py::int_(option) : label);
        ++changes_;
        return option;
    }

    const std::shared_ptr<const Problem>& built()
    {
        if (!built_) {
            ProblemBuilder copy = builder_;
            built_ = std::make_shared<const Problem>(std::move(copy).build());
        }
        return built_;
    }
    [[nodiscard]] const py::list& labels() const noexcept { return labels_; }
    [[nodiscard]] const std::vector<std::string>& item_names() const noexcept { return names_; }
    [[nodiscard]] std::size_t primary_count() const noexcept
    {
        return static_cast<std::size_t>(std::count(secondary_.begin(), secondary_.end(), false));
    }
    [[nodiscard]] std::size_t option_count() const noexcept { return builder_.option_count(); }
    // Items and options added so far: a Solver knows by it that its problem has changed.
    [[nodiscard]] std::uint64_t changes() const noexcept { return changes_; }

    // Knuth's format. Each option read is labelled with its text as the file has it.
    static PyProblem from(const Problem& problem)
    {
        PyProblem result;
        for (ItemId item = 0; item < problem.item_count(); ++item)
            result.add_item(problem.name(item), problem.kind(item) == ItemKind::secondary,
                            problem.kind(item) == ItemKind::primary &&
                                    problem.bounds(item) != Bounds{}
                                ? std::optional(std::pair(problem.bounds(item).lower,
                                                          problem.bounds(item).upper))
                                : std::nullopt);
        for (OptionId option = 0; option < problem.option_count(); ++option) {
            std::vector<Entry> entries;
            for (const Entry& entry : problem.option(option))
                entries.push_back(
                    {entry.item, entry.color == no_color
                                     ? no_color
                                     : result.builder_.color(problem.color_name(entry.color))});
            result.builder_.add_option(entries);
            result.labels_.append(py::str(format_option(problem, option)));
        }
        return result;
    }

private:
    ProblemBuilder builder_;
    std::vector<std::string> names_;
    std::vector<bool> secondary_;
    py::list labels_;
    std::shared_ptr<const Problem> built_;
    std::uint64_t changes_ = 0;
};

// Binds dlx.Problem into the module.
void bind_problem(py::module_& module);

} // namespace dlx::python
