// dlx.Zdd (zdd.hpp): count, iterate, sample and write the ZDD of all solutions from Python.
#include "zdd.hpp"

#include "module.hpp"
#include "problem.hpp"
#include "text_io.hpp"

#include <dlx/random.hpp>

#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace dlx::python {

namespace py = pybind11;

namespace {

py::list labelled(const PyZdd& zdd, std::span<const OptionId> solution)
{
    py::list result(solution.size());
    for (std::size_t i = 0; i < solution.size(); ++i)
        result[i] = zdd.labels[solution[i]];
    return result;
}

py::int_ to_python(const BigCount& count) { return py::int_(py::str(count.to_string())); }

// The paths of a ZDD one at a time (Zdd::Paths), as lists of labels.
class ZddPaths {
public:
    explicit ZddPaths(py::object owner)
        : owner_(std::move(owner)), zdd_(owner_.cast<const PyZdd&>()), paths_(zdd_.zdd)
    {
    }

    std::optional<py::list> next()
    {
        const auto solution = paths_.next();
        if (!solution)
            return std::nullopt;
        return labelled(zdd_, *solution);
    }

private:
    py::object owner_; // the dlx.Zdd, alive while this walks it
    const PyZdd& zdd_;
    Zdd::Paths paths_;
};

} // namespace

void bind_zdd(py::module_& module)
{
    py::class_<ZddPaths>(module, "ZddPaths", "The solutions of a dlx.Zdd, one at a time.")
        .def("__iter__", [](ZddPaths& paths) -> ZddPaths& { return paths; })
        .def("__next__", [](ZddPaths& paths) {
            auto solution = paths.next();
            if (!solution)
                throw py::stop_iteration();
            return *solution;
        });

    py::class_<PyZdd>(module, "Zdd",
                      "The ZDD of all solutions that Solver.zdd() built (Knuth's DLX6): "
                      "count() them, iterate over them (lists of option labels), sample() "
                      "some uniformly, or write() it in DLX6's text.")
        .def(
            "count",
            [](const PyZdd& zdd) {
                BigCount count;
                {
                    const py::gil_scoped_release unlocked;
                    count = zdd.zdd.count();
                }
                return to_python(count);
            },
            "The number of solutions (an int of any size).")
        .def(
            "__iter__", [](const py::object& self) { return ZddPaths(self); },
            "The solutions, one at a time, in the ZDD's order.")
        .def(
            "sample",
            [](const PyZdd& zdd, std::uint64_t k, std::uint64_t seed) {
                Random random(seed);
                std::vector<std::vector<OptionId>> solutions;
                {
                    const py::gil_scoped_release unlocked;
                    solutions = zdd.zdd.sample(random, k);
                }
                py::list drawn;
                for (const std::vector<OptionId>& solution : solutions)
                    drawn.append(labelled(zdd, solution));
                return drawn;
            },
            py::arg("k") = 1, py::arg("seed") = 0,
            "k solutions drawn uniformly at random, each independently (each as likely as any "
            "other, so one may come twice; the same seed draws the same ones): a list, empty "
            "when there is no solution.")
        .def(
            "write",
            [](const PyZdd& zdd, const py::object& file) {
                std::ostringstream text;
                zdd.zdd.write(text, *zdd.problem);
                write_text(file, text.str());
            },
            py::arg("file"),
            "Writes the ZDD in DLX6's text (a line per node, 'id: (~option?lo:hi)', then the "
            "root line) to a path or an open text file; exact-cover --read-zdd reads it back "
            "with the problem.")
        .def_static(
            "read",
            [](const py::object& source, PyProblem& problem) {
                std::string text, name = "-";
                read_text(source, text, name);
                std::istringstream in(std::move(text));
                PyZdd zdd{Zdd(), problem.built(), py::tuple(problem.labels())};
                zdd.zdd = Zdd::read(in, *zdd.problem, name);
                return zdd;
            },
            py::arg("source"), py::arg("problem"),
            "Reads what write() wrote (a path or an open text file) for `problem`, the problem "
            "it was made for: ValueError naming the file and line for text that is not a ZDD "
            "of it.")
        .def_property_readonly(
            "nodes", [](const PyZdd& zdd) { return zdd.zdd.size(); },
            "Its nodes as DLX6 counts them: the nodes made, and the two terminals (1 when "
            "there is no solution).")
        .def("__repr__", [](const PyZdd& zdd) {
            return "<dlx.Zdd of " + std::to_string(zdd.zdd.size()) + " nodes>";
        });
}

} // namespace dlx::python
