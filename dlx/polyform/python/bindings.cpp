// The Python face of the polyform library: the extension dlx.polyform._polyform, re-exported by
// the subpackage dlx.polyform (dlx/polyform/__init__.py here). It shares the engine's binding
// helpers (dlx/python: Ctrl-C, type errors).
//
//   Puzzle        a puzzle file's text, read (docs/polyform.md); its pieces, board, count and
//                 solutions, all or distinct, and its problem in Knuth's format
//   Piece         a piece: name, cells as drawn, copies, turns
//   Solution      the placements of one solution, drawn as text (str) or as SVG
//   read, sets    a puzzle file; the named sets of pieces
#include "errors.hpp"
#include "interrupt.hpp"

#include <polyform/model.hpp>
#include <polyform/svg.hpp>

#include <dlx/knuth_format.hpp>
#include <dlx/solver.hpp>

#include <pybind11/stl.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace py = pybind11;

namespace dlx::python {

namespace {

// A cell as Python sees it: (row, column), or (layer, row, column) on the cube grid, counted
// as the puzzle file draws it from `origin`.
py::tuple cell_tuple(polyform::Grid grid, polyform::Point point, polyform::Cell origin)
{
    const polyform::Cell cell = polyform::to_cell(grid, point);
    if (grid == polyform::Grid::cube)
        return py::make_tuple(cell.layer - origin.layer, cell.row - origin.row,
                              cell.col - origin.col);
    return py::make_tuple(cell.row - origin.row, cell.col - origin.col);
}

py::list cells_of(polyform::Grid grid, const polyform::Shape& shape, polyform::Cell origin)
{
    py::list cells;
    for (const polyform::Point& p : shape)
        cells.append(cell_tuple(grid, p, origin));
    return cells;
}

// dlx.polyform.Piece: what a puzzle's piece is, read-only.
struct PyPiece {
    std::string name;
    py::list cells;
    py::tuple copies;
    std::string turns;
};

PyPiece piece_of(polyform::Grid grid, const polyform::Piece& piece)
{
    const py::object most = piece.copies.upper == polyform::Copies::any
                                ? py::object(py::none())
                                : py::object(py::int_(piece.copies.upper));
    return {piece.name, cells_of(grid, piece.shape, polyform::drawing_origin(grid, piece.shape)),
            py::make_tuple(piece.copies.lower, most),
            std::string(polyform::turns_name(piece.turns))};
}

// A puzzle and its two models, each made when first asked for.
class PyPuzzle {
public:
    PyPuzzle(polyform::Puzzle puzzle, std::string name)
        : puzzle_(std::move(puzzle)), name_(std::move(name))
    {
    }

    const polyform::Puzzle& puzzle() const { return puzzle_; }
    // A puzzle whose pieces cannot cover its board raises ValueError as polyform says it:
    // "name:line: what" (the line of the piece at fault, or of the board).
    std::shared_ptr<const polyform::Model> model(bool distinct)
    {
        auto& slot = distinct ? distinct_ : all_;
        if (slot)
            return slot;
        try {
            slot = std::make_shared<const polyform::Model>(polyform::build_model(
                puzzle_, distinct ? polyform::Solutions::distinct : polyform::Solutions::all));
        } catch (const polyform::PuzzleError& error) {
            const std::size_t line =
                error.piece() ? puzzle_.piece_line[*error.piece()] : puzzle_.board_line;
            throw dlx::ParseError(name_, line, 0, error.what());
        }
        return slot;
    }

private:
    polyform::Puzzle puzzle_;
    std::string name_;
    std::shared_ptr<const polyform::Model> all_, distinct_;
};

// dlx.polyform.Solution: the placements of one solution.
struct PySolution {
    std::shared_ptr<const polyform::Model> model;
    std::vector<polyform::Placement> placements;
};

// dlx.polyform.Solutions: the solutions of the model's parts in turn, each searched for when
// asked (dlx::Solutions, paused at each), those a part's filter drops skipped. Ctrl-C during
// next() ends the iteration and raises KeyboardInterrupt.
class PySolutions {
public:
    explicit PySolutions(std::shared_ptr<const polyform::Model> model) : model_(std::move(model)) {}

    std::optional<PySolution> next()
    {
        if (done_)
            return std::nullopt;
        cancel_ = false;
        InterruptGuard guard(&cancel_);
        std::optional<PySolution> found;
        {
            const py::gil_scoped_release unlocked;
            while (!found && part_ < model_->parts.size() && !cancel_) {
                const polyform::Part& part = model_->parts[part_];
                if (!solutions_) {
                    solver_ = std::make_unique<dlx::Solver>(part.problem);
                    dlx::SearchOptions options;
                    options.method = polyform::default_method(part.problem);
                    options.cancel = &cancel_;
                    options.progress_interval = interrupt_check_nodes;
                    solutions_.emplace(solver_->solutions(options));
                }
                const auto solution = solutions_->next();
                if (!solution) {
                    solutions_.reset();
                    solver_.reset();
                    ++part_;
                } else if (model_->keeps(part, *solution)) {
                    found = PySolution{model_, model_->decode(part, *solution)};
                }
            }
        }
        if (cancel_ || (!found && part_ >= model_->parts.size())) {
            done_ = true;
            solutions_.reset();
            solver_.reset();
        }
        guard.raise_if_interrupted();
        return found;
    }

private:
    std::shared_ptr<const polyform::Model> model_;
    std::size_t part_ = 0;
    std::atomic<bool> cancel_{false};
    std::unique_ptr<dlx::Solver> solver_; // before solutions_, which searches it
    std::optional<dlx::Solutions> solutions_;
    bool done_ = false;
};

// The count over every part of `model`, on `threads` threads where a part has no filter.
std::uint64_t count(const polyform::Model& model, unsigned threads, const std::atomic<bool>* cancel)
{
    std::uint64_t total = 0;
    for (const polyform::Part& part : model.parts) {
        dlx::SearchOptions options;
        options.method = polyform::default_method(part.problem);
        options.cancel = cancel;
        options.progress_interval = interrupt_check_nodes;
        total += polyform::count(model, part, threads, options).solutions;
    }
    return total;
}

PyPuzzle parse(const std::string& text, const std::string& name)
{
    return PyPuzzle(polyform::parse_puzzle(text, name), name);
}

} // namespace

void bind_polyform(py::module_& module)
{
    module.doc() = "Polyform puzzles on the engine: puzzle files (pieces named or drawn, boards "
                   "by size or drawn), their counts, all or one of each class under the "
                   "board's symmetries, and their solutions drawn.";
    remember_main_thread(); // this extension's own copy of the Ctrl-C helpers
    translate_cast_errors();
    py::register_local_exception_translator([](std::exception_ptr error) {
        try {
            if (error)
                std::rethrow_exception(error);
        } catch (const dlx::Error& e) { // a fault in the puzzle, as polyform words it
            PyErr_SetString(PyExc_ValueError, e.what());
        }
    });

    py::class_<PyPiece>(module, "Piece", "A piece of a puzzle.")
        .def_readonly("name", &PyPiece::name, "Its name, as the puzzle file gives it.")
        .def_readonly("cells", &PyPiece::cells,
                      "Its cells as drawn, (row, column) or (layer, row, column), from its top "
                      "left.")
        .def_readonly("copies", &PyPiece::copies,
                      "(least, most) copies a solution uses; most is None for any number.")
        .def_readonly("turns", &PyPiece::turns, "'free', 'one-sided' or 'fixed'.")
        .def("__repr__", [](const PyPiece& piece) {
            const std::size_t cells = py::len(piece.cells);
            return "<dlx.polyform.Piece " + piece.name + ": " + std::to_string(cells) +
                   (cells == 1 ? " cell, " : " cells, ") + piece.turns + ">";
        });

    py::class_<PySolution>(module, "Solution", "The pieces of one solution, where they lie.")
        .def_property_readonly(
            "placements",
            [](const PySolution& solution) {
                const polyform::Puzzle& puzzle = solution.model->puzzle;
                const polyform::Cell origin = polyform::drawing_origin(puzzle.grid, puzzle.board);
                py::list placements;
                for (const polyform::Placement& placement : solution.placements)
                    placements.append(
                        py::make_tuple(puzzle.pieces[placement.piece].name,
                                       cells_of(puzzle.grid, placement.cells, origin)));
                return placements;
            },
            "[(piece name, [cell, ...]), ...], by piece; cells as Puzzle.board has them.")
        .def("__str__",
             [](const PySolution& solution) {
                 return polyform::draw(solution.model->puzzle, solution.placements);
             })
        .def(
            "svg",
            [](const PySolution& solution, double cell, const std::string& title) {
                if (!(cell > 0 && cell <= 1000))
                    throw py::value_error("cell is a size in pixels above 0, at most 1000");
                polyform::SvgOptions options;
                options.cell = cell;
                options.title = title;
                return polyform::svg(solution.model->puzzle, solution.placements, options);
            },
            py::arg("cell") = 32.0, py::arg("title") = std::string(),
            "The solution as an SVG picture, as polyform --svg draws it.")
        .def("__repr__", [](const PySolution& solution) {
            return "<dlx.polyform.Solution of " + std::to_string(solution.placements.size()) +
                   " pieces>";
        });

    py::class_<PySolutions>(module, "Solutions",
                            "The solutions of a puzzle, each searched for when it is asked for.")
        .def("__iter__", [](PySolutions& solutions) -> PySolutions& { return solutions; })
        .def("__next__", [](PySolutions& solutions) {
            auto solution = solutions.next();
            if (!solution)
                throw py::stop_iteration();
            return std::move(*solution);
        });

    py::class_<PyPuzzle>(module, "Puzzle",
                         "A polyform puzzle, from a puzzle file's text (docs/polyform.md).")
        .def(py::init(&parse), py::arg("text"), py::arg("name") = std::string("<puzzle>"),
             "Puzzle(text, name='<puzzle>'): reads the text of a puzzle file; a fault raises "
             "ValueError as 'name:line: what'.")
        .def_property_readonly(
            "grid",
            [](const PyPuzzle& puzzle) {
                return std::string(polyform::grid_name(puzzle.puzzle().grid));
            },
            "'square', 'triangle', 'hexagon' or 'cube'.")
        .def_property_readonly(
            "pieces",
            [](const PyPuzzle& puzzle) {
                std::vector<PyPiece> pieces;
                for (const polyform::Piece& piece : puzzle.puzzle().pieces)
                    pieces.push_back(piece_of(puzzle.puzzle().grid, piece));
                return pieces;
            },
            "The pieces, in the order the file gives them.")
        .def_property_readonly(
            "board",
            [](const PyPuzzle& puzzle) {
                const polyform::Puzzle& p = puzzle.puzzle();
                return cells_of(p.grid, p.board, polyform::drawing_origin(p.grid, p.board));
            },
            "The board's cells as drawn, (row, column) or (layer, row, column), from its top "
            "left: the names of the cells' items are these numbers.")
        .def_property_readonly(
            "may_stay_empty",
            [](const PyPuzzle& puzzle) {
                const polyform::Puzzle& p = puzzle.puzzle();
                return cells_of(p.grid, p.may_stay_empty,
                                polyform::drawing_origin(p.grid, p.board));
            },
            "The board's cells that need not be covered.")
        .def(
            "symmetries", [](PyPuzzle& puzzle) { return puzzle.model(false)->symmetries.size(); },
            "The number of the puzzle's symmetries (the identity included), one per way of "
            "moving the placements.")
        .def(
            "count",
            [](PyPuzzle& puzzle, bool distinct, unsigned threads) {
                if (threads < 1 || threads > 1024)
                    throw py::value_error("threads runs from 1 to 1024");
                const auto model = puzzle.model(distinct);
                return interruptibly([&](const std::atomic<bool>* cancel) {
                    return count(*model, threads, cancel);
                });
            },
            py::arg("distinct") = false, py::arg("threads") = 1u,
            "The number of solutions; with distinct=True, one of each class under the "
            "puzzle's symmetries. Ctrl-C ends it with KeyboardInterrupt.")
        .def(
            "solutions",
            [](PyPuzzle& puzzle, bool distinct) {
                return std::make_unique<PySolutions>(puzzle.model(distinct));
            },
            py::arg("distinct") = false,
            "An iterator over the solutions (Solution), each searched for when asked for.")
        .def(
            "knuth",
            [](PyPuzzle& puzzle, bool distinct) {
                const auto model = puzzle.model(distinct);
                if (model->parts.size() != 1 || !model->parts.front().filter.empty())
                    throw py::value_error("no piece used exactly once breaks this puzzle's "
                                          "symmetry: no one problem has its distinct solutions");
                std::ostringstream text;
                dlx::write_knuth(text, model->parts.front().problem);
                return text.str();
            },
            py::arg("distinct") = false,
            "The exact-cover problem in Knuth's format, as polyform --dlx writes it.");

    module.def(
        "read",
        [](const std::string& path) {
            std::ifstream in(path);
            if (!in) { // OSError, FileNotFoundError where it is missing, with the system's reason
                errno = ENOENT;
                if (FILE* probe = std::fopen(path.c_str(), "r"))
                    std::fclose(probe);
                PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
                throw py::error_already_set();
            }
            return PyPuzzle(polyform::read_puzzle(in, path), path);
        },
        py::arg("path"), "The puzzle in the file at path.");
    module.def(
        "sets",
        [] {
            py::dict sets;
            for (const polyform::PieceSet& set : polyform::piece_sets()) {
                py::list names;
                for (const polyform::Piece& piece : set.pieces)
                    names.append(piece.name);
                sets[py::str(std::string(set.name))] = names;
            }
            return sets;
        },
        "The named sets of pieces: {set name: [piece name, ...]}.");
}

} // namespace dlx::python

PYBIND11_MODULE(_polyform, module) { dlx::python::bind_polyform(module); }
