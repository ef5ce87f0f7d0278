// The Python face of the Sudoku toolkit: the extension dlx.sudoku._sudoku, re-exported by the
// subpackage dlx.sudoku (dlx/sudoku/__init__.py here). It shares the engine's binding helpers
// (dlx/python: Ctrl-C, text files, streams).
//
//   Grid                 81 digits, 0 for a blank; from a string or 81 numbers
//   parse, read          puzzles in every layout and format sudoku-cli reads (docs/cli.md 2.2),
//                        errors as the CLI words them
//   Puzzle, write        other sizes and variants, and the formats (variants.cpp)
//   solve, count, rate   one puzzle at a time, on a solver kept per thread
//   boards, make         lazy iterators over the generator's boards and the maker's puzzles,
//                        the same as sudoku-cli -c and -n give for the same seed
#include "errors.hpp"
#include "interrupt.hpp"
#include "stream.hpp"
#include "text_io.hpp"
#include "variants.hpp"

#include <sudoku/generator.hpp>
#include <sudoku/grid.hpp>
#include <sudoku/maker.hpp>
#include <sudoku/rater.hpp>
#include <sudoku/se_rating.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/text_format.hpp>

#include <pybind11/operators.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace py = pybind11;

namespace dlx::python {

namespace {

using sudoku::Grid;

// Boards and puzzles queued ahead of the caller at most.
constexpr std::size_t grids_ahead = 1024;

// A grid from what Python gives: a Grid, 81 characters ('0' or '.' for a blank), or 81
// numbers 0..9.
Grid to_grid(const py::handle& value)
{
    if (py::isinstance<Grid>(value))
        return value.cast<Grid>();
    if (py::isinstance<py::str>(value)) {
        const auto text = value.cast<std::string>();
        if (text.size() != 81)
            throw py::value_error("a grid has 81 cells, not " + std::to_string(text.size()));
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (text[i] != '.' && (text[i] < '0' || text[i] > '9'))
                throw py::value_error("cell " + sudoku::cell_name(static_cast<int>(i)) + ": '" +
                                      text.substr(i, 1) + "' is not a digit or '.'");
        }
        return Grid::from_string(text);
    }
    const auto type_name = [](const py::handle& object) {
        return py::str(py::type::of(object).attr("__name__")).cast<std::string>();
    };
    if (!py::isinstance<py::iterable>(value))
        throw py::type_error("a grid is a dlx.sudoku.Grid, a string of 81 characters or 81 "
                             "numbers 0..9, not " +
                             type_name(value));
    Grid grid;
    int index = 0;
    for (const py::handle& cell : value.cast<py::iterable>()) {
        if (index == 81)
            throw py::value_error("a grid has 81 cells, not more");
        if (!py::isinstance<py::int_>(cell))
            throw py::type_error(
                "a grid is a dlx.sudoku.Grid, a string of 81 characters or 81 numbers 0..9, not "
                "a " +
                type_name(value) + " of " + type_name(cell) +
                (py::isinstance<Grid>(cell) ? " (parse() and read() give a list of puzzles: "
                                              "take them one at a time)"
                                            : ""));
        const int digit = cell.cast<int>();
        if (digit < 0 || digit > 9)
            throw py::value_error("cell " + sudoku::cell_name(index) + ": " +
                                  std::to_string(digit) + " is not a digit 0..9");
        grid.set(index++, digit);
    }
    if (index != 81)
        throw py::value_error("a grid has 81 cells, not " + std::to_string(index));
    return grid;
}

// One line with '.' for the blanks, as the benchmark sets write puzzles.
std::string dotted(const Grid& grid)
{
    std::string text = grid.to_string();
    for (char& c : text)
        c = c == '0' ? '.' : c;
    return text;
}

// The engine's solvers, one per thread, kept: building one per call would cost more than
// most puzzles take to solve.
sudoku::Solver& thread_solver()
{
    thread_local sudoku::Solver solver;
    return solver;
}

// A rating as rate() gives it: {'level', 'steps': {technique: steps}, 'needs_search',
// 'solutions'}.
template <typename Technique, typename Rated> py::dict rating_dict(const Rated& rating, int count)
{
    py::dict steps;
    for (int t = 0; t < count; ++t) {
        const auto technique = static_cast<Technique>(t);
        if (rating.uses(technique) > 0)
            steps[py::str(std::string(sudoku::name(technique)))] = rating.uses(technique);
    }
    py::dict result;
    result["level"] = std::string(sudoku::name(rating.level));
    result["steps"] = steps;
    result["needs_search"] = rating.needs_search;
    result["solutions"] = rating.solutions;
    return result;
}

sudoku::Rater& thread_rater()
{
    thread_local sudoku::Rater rater;
    return rater;
}

// The puzzles of a file as sudoku-cli -s reads them, Grids for the classic ones and Puzzles
// for the others; the first malformed one raises ValueError worded as sudoku-cli words it:
// "FILE:LINE: puzzle N: what".
py::list parse_text(std::string text, const std::string& name)
{
    std::istringstream in(std::move(text));
    sudoku::PuzzleReader reader(in, name);
    py::list puzzles;
    sudoku::PuzzleRecord record;
    while (reader.next(record)) {
        if (record.error)
            throw py::value_error(sudoku::describe(record, name, *record.error));
        puzzles.append(to_python(record));
    }
    return puzzles;
}

bool is_variant(const py::handle& puzzle) { return py::isinstance<sudoku::VariantPuzzle>(puzzle); }

py::list read_puzzles(const py::object& source)
{
    std::string text, name = "-";
    read_text(source, text, name);
    return parse_text(std::move(text), name);
}

// rate(puzzle, scale="se"): Sudoku Explainer's numbers as serate prints them (one decimal),
// for a classic 9x9 puzzle of givens; ValueError, worded as sudoku-cli words it, otherwise.
py::dict se_rating_dict(const py::object& puzzle)
{
    Grid grid;
    if (is_variant(puzzle)) {
        const auto& variant = puzzle.cast<const sudoku::VariantPuzzle&>();
        if (variant.rules->variant() != sudoku::Variant::classic(9) || !variant.candidates.empty())
            throw py::value_error(sudoku::se_refusal(variant));
        for (int cell = 0; cell < Grid::cells; ++cell)
            grid.set(cell, variant.digits[static_cast<std::size_t>(cell)]);
    } else {
        grid = to_grid(puzzle);
    }
    sudoku::SeVerdict verdict;
    {
        const py::gil_scoped_release unlocked;
        verdict = sudoku::rate_se(grid, thread_solver());
    }
    if (verdict.refusal)
        throw py::value_error(*verdict.refusal);
    const sudoku::SeRating& rating = verdict.rating;
    const auto number = [](double value) { return sudoku::se_tenths(value) / 10.0; };
    py::dict result;
    result["er"] = number(rating.er);
    result["ep"] = number(rating.ep);
    result["ed"] = number(rating.ed);
    result["er_technique"] = rating.er_technique;
    result["ep_technique"] = rating.ep_technique;
    result["ed_technique"] = rating.ed_technique;
    result["complete"] = rating.complete;
    return result;
}

// make()'s level, 1 to 6 or its name, into `settings`: levels 4 to 6 are hard puzzles in a
// range of Sudoku Explainer's scale, as sudoku-cli -m 4 to 6 makes them.
void set_level(const py::handle& level, sudoku::PuzzleSettings& settings)
{
    int number = 0;
    if (py::isinstance<py::str>(level)) {
        const auto name = level.cast<std::string>();
        for (int candidate = 1; candidate <= 6 && number == 0; ++candidate)
            if (name == (candidate <= 3 ? sudoku::name(static_cast<sudoku::Level>(candidate))
                                        : sudoku::se_level_name(candidate)))
                number = candidate;
        if (number == 0)
            throw py::value_error("level '" + name +
                                  "': easy, medium, hard, expert, fiendish or diabolical (or 1 "
                                  "to 6)");
    } else {
        number = level.cast<int>();
        if (number < 1 || number > 6)
            throw py::value_error("level " + std::to_string(number) + ": 1 to 6");
    }
    sudoku::set_level(settings, number);
}

class BoardStream {
public:
    BoardStream(const sudoku::GeneratorSettings& settings, std::uint64_t count)
        : stream_(
              [settings, count](Stream<Grid>& stream) {
                  sudoku::BoardGenerator generator(settings);
                  generator.generate(count, [&stream](std::span<const Grid> boards) {
                      for (const Grid& board : boards)
                          if (!stream.push(board))
                              throw Stream<Grid>::Closed{};
                  });
              },
              [](Grid&& grid) -> py::object { return py::cast(grid); }, grids_ahead)
    {
    }
    Stream<Grid>& stream() noexcept { return stream_; }

private:
    Stream<Grid> stream_;
};

class PuzzleStream {
public:
    PuzzleStream(const sudoku::PuzzleSettings& settings, std::uint64_t count, unsigned threads)
        : stream_(
              [settings, count, threads](Stream<sudoku::Puzzle>& stream) {
                  sudoku::make_puzzles(settings, count, threads,
                                       [&stream](std::span<const sudoku::Puzzle> puzzles) {
                                           for (const auto& made : puzzles)
                                               if (!stream.push(made))
                                                   throw Stream<sudoku::Puzzle>::Closed{};
                                       });
              },
              [](sudoku::Puzzle&& made) -> py::object {
                  return py::make_tuple(made.puzzle, made.solution);
              },
              grids_ahead)
    {
    }
    Stream<sudoku::Puzzle>& stream() noexcept { return stream_; }

private:
    Stream<sudoku::Puzzle> stream_;
};

void bind_sudoku(py::module_& module)
{
    module.doc() = "Sudoku as a 324-item exact cover on the engine: grids, the text layouts, "
                   "solving, counting, rating, and making boards and puzzles; other sizes and "
                   "variants as Puzzles; the formats of other programs.";
    remember_main_thread(); // this extension's own copy of the Ctrl-C helpers
    translate_cast_errors();

    py::class_<Grid>(module, "Grid",
                     "A 9x9 grid of digits, 0 for a blank, cells numbered 0..80 row by row.")
        .def(py::init([](const py::object& cells) { return to_grid(cells); }), py::arg("cells"),
             "Grid(cells): from 81 characters ('0' or '.' for a blank) or 81 numbers 0..9.")
        .def(
            "__getitem__",
            [](const Grid& grid, const py::object& key) {
                int index = 0;
                if (py::isinstance<py::tuple>(key)) {
                    const auto [row, col] = key.cast<std::pair<int, int>>();
                    if (row < 0 || row > 8 || col < 0 || col > 8)
                        throw py::index_error("row and column run from 0 to 8");
                    index = row * 9 + col;
                } else {
                    index = key.cast<int>();
                    if (index < 0 || index > 80)
                        throw py::index_error("cells run from 0 to 80");
                }
                return grid[index];
            },
            "grid[index] (0..80) or grid[row, column] (each 0..8): the digit, 0 when blank.")
        .def_property_readonly(
            "cells",
            [](const Grid& grid) {
                return std::vector<int>(grid.digits().begin(), grid.digits().end());
            },
            "The 81 digits, row by row.")
        .def_property_readonly("blanks", &Grid::blank_count, "The number of blank cells.")
        .def(
            "is_solved", [](const Grid& grid) { return sudoku::is_solved(grid); },
            "True when every cell is filled and no row, column or box repeats a digit.")
        .def(
            "board", [](const Grid& grid) { return sudoku::to_board(grid); },
            "The grid in the 9-line board format that sudoku-cli writes (0 for a blank).")
        .def("__str__", &Grid::to_string, "81 characters, '0' for a blank.")
        .def("__repr__", [](const Grid& grid) { return "dlx.sudoku.Grid('" + dotted(grid) + "')"; })
        .def(py::self == py::self)
        .def("__hash__", [](const Grid& grid) { return py::hash(py::str(grid.to_string())); })
        .def(py::pickle([](const Grid& grid) { return grid.to_string(); },
                        [](const std::string& text) { return Grid::from_string(text); }));

    module.def(
        "parse",
        [](const py::object& text, const std::string& name) {
            return parse_text(text.cast<std::string>(), name);
        },
        py::arg("text"), py::arg("name") = "-",
        "The puzzles in `text` (str or bytes), in any layout sudoku-cli -s reads: 9 lines of 9 "
        "digits with an empty line between puzzles, or 81 characters a line ('0' or '.' for a "
        "blank); other sizes, f-puzzles JSON and links, and other programs' formats (.ss, "
        ".sdk, OpenSudoku, pencil marks, HoDoKu); lines starting with '#' are skipped. Classic "
        "9x9 puzzles are Grids, the others Puzzles. Raises ValueError at the first malformed "
        "puzzle, as sudoku-cli words it: 'NAME:LINE: puzzle N: what is wrong'.");
    module.def("read", &read_puzzles, py::arg("source"),
               "The puzzles of a file (a path, or an open file), as parse() reads them.");
    module.def(
        "solve",
        [](const py::object& puzzle) -> py::object {
            if (is_variant(puzzle))
                return solve_variant(puzzle.cast<const sudoku::VariantPuzzle&>());
            const Grid grid = to_grid(puzzle);
            sudoku::SolveResult result;
            {
                const py::gil_scoped_release unlocked;
                result = thread_solver().solve(grid);
            }
            if (result.status == sudoku::Status::conflict)
                throw py::value_error(result.conflict->describe());
            if (result.status == sudoku::Status::no_solution)
                return py::none();
            return py::cast(result.solution);
        },
        py::arg("puzzle"),
        "The solution of `puzzle` (a Grid, or what Grid() takes; a Puzzle of any size or "
        "rules, solved as a Puzzle; the first in the engine's order when it has several), or "
        "None when it has none. Raises ValueError, saying which, when givens break the rules.");
    module.def(
        "count",
        [](const py::object& puzzle, std::uint64_t limit) {
            if (is_variant(puzzle))
                return count_variant(puzzle.cast<const sudoku::VariantPuzzle&>(), limit);
            const Grid grid = to_grid(puzzle);
            return interruptibly([&](const std::atomic<bool>* cancel) {
                return thread_solver().count(grid, limit, cancel);
            });
        },
        py::arg("puzzle"), py::arg("limit") = 2,
        "The number of solutions of `puzzle` (a Grid or a Puzzle), counting at most `limit` (2 "
        "answers 'is it unique?'); 0 when its givens break the rules.");
    module.def(
        "rate",
        [](const py::object& puzzle, const std::string& scale) {
            if (scale == "se")
                return se_rating_dict(puzzle);
            if (scale != "levels")
                throw py::value_error("scale '" + scale + "': levels or se");
            if (is_variant(puzzle))
                return rating_dict<sudoku::VariantTechnique>(
                    rate_variant(puzzle.cast<const sudoku::VariantPuzzle&>()),
                    sudoku::variant_technique_count);
            const Grid grid = to_grid(puzzle);
            sudoku::Rating rating;
            {
                const py::gil_scoped_release unlocked;
                rating = thread_rater().rate(grid);
            }
            return rating_dict<sudoku::Technique>(rating, sudoku::technique_count);
        },
        py::arg("puzzle"), py::arg("scale") = "levels",
        "How hard `puzzle` is for a person, as sudoku-cli --rate says it: a dict with 'level' "
        "('easy', 'medium' or 'hard'), 'steps' (technique name: steps taken, in the order "
        "the techniques apply), 'needs_search' (the techniques were not enough) and "
        "'solutions' (0, 1, or 2 for two or more). A Puzzle of another size or other rules is "
        "rated by the variants' techniques (cage combinations, locked candidates between any "
        "groups); ValueError when its givens break the rules. With scale='se', as "
        "sudoku-cli --rate --scale se: Sudoku Explainer's 'er', 'ep' and 'ed' (numbers with "
        "one decimal, as serate prints them), the SE names of the steps that set them "
        "('er_technique', ...) and 'complete' (False: the techniques got stuck, er is 20.0 "
        "and er_technique 'Beyond solver'); classic 9x9 puzzles of givens only, ValueError "
        "for anything else, for givens that break the rules and for no solution.");

    bind_variants(module);
    bind_stream<BoardStream>(module, "Boards",
                             "The boards of boards(): made as they are asked for (a few "
                             "thousand ahead at most).",
                             "dlx.sudoku.Boards");
    bind_stream<PuzzleStream>(module, "Puzzles",
                              "The (puzzle, solution) pairs of make(): made as they are asked "
                              "for.",
                              "dlx.sudoku.Puzzles");

    module.def(
        "boards",
        [](std::uint64_t count, std::optional<std::uint64_t> seed, std::optional<int> first_digit,
           unsigned threads, int size, const std::string& variant) -> py::object {
            if (size != 9 || !variant.empty())
                return variant_boards(count, size, variant, seed, first_digit, threads);
            if (first_digit.value_or(9) < 1 || first_digit.value_or(9) > 9)
                throw py::value_error("first_digit " + std::to_string(*first_digit) +
                                      ": a digit 1..9");
            sudoku::GeneratorSettings settings;
            settings.first_digit = first_digit.value_or(9);
            settings.seed = seed_or_fresh(seed);
            settings.threads = threads;
            return py::cast(std::make_unique<BoardStream>(settings, count));
        },
        py::arg("count"), py::kw_only(), py::arg("seed") = py::none(),
        py::arg("first_digit") = py::none(), py::arg("threads") = 1, py::arg("size") = 9,
        py::arg("variant") = "",
        "`count` distinct complete boards, each with `first_digit` in its top-left cell (by "
        "default the largest digit), as an iterator of Grids: the boards sudoku-cli -c COUNT "
        "--seed SEED writes (threads change the speed, not the boards). With a size other than "
        "9 or a variant ('x,windoku', as sudoku-cli --variant names the rules; samurai too), "
        "Puzzles of the variant generator, those of sudoku-cli -c COUNT --size SIZE --variant "
        "VARIANT. Without a seed, a fresh one each call.");
    module.def(
        "make",
        [](std::uint64_t count, const py::object& level, std::optional<std::pair<int, int>> blanks,
           bool unique, bool symmetric, bool minimal, std::optional<std::uint64_t> seed,
           unsigned threads, std::optional<int> size, const std::string& variant) -> py::object {
            if (size || !variant.empty()) {
                if (!level.is_none() || blanks || unique || minimal)
                    throw py::value_error("make: level, blanks, unique and minimal are for "
                                          "classic 9x9 puzzles, not with a size or variant "
                                          "(their puzzles are unique)");
                return variant_puzzles(count, size.value_or(9), variant, symmetric, seed, threads);
            }
            if (level.is_none() == !blanks.has_value())
                throw py::value_error("make: give a level, or blanks=(fewest, most), not both");
            if (!level.is_none() && unique)
                throw py::value_error("make: a level implies unique; unique goes with blanks");
            sudoku::PuzzleSettings settings;
            if (!level.is_none()) {
                set_level(level, settings);
            } else {
                settings.fewest_blanks = blanks->first;
                settings.most_blanks = blanks->second;
                settings.unique = unique;
            }
            settings.symmetric = symmetric;
            settings.minimal = minimal;
            settings.seed = seed_or_fresh(seed);
            {
                const sudoku::PuzzleMaker check(settings); // throws for settings out of reach
            }
            return py::cast(std::make_unique<PuzzleStream>(settings, count, threads));
        },
        py::arg("count"), py::kw_only(), py::arg("level") = py::none(),
        py::arg("blanks") = py::none(), py::arg("unique") = false, py::arg("symmetric") = false,
        py::arg("minimal") = false, py::arg("seed") = py::none(), py::arg("threads") = 1,
        py::arg("size") = py::none(), py::arg("variant") = "",
        "`count` new puzzles as an iterator of (puzzle, solution) Grid pairs: by level "
        "('easy', 'medium', 'hard' or 1, 2, 3; each puzzle then has one solution and rates "
        "at that level; 'expert', 'fiendish', 'diabolical' or 4, 5, 6: hard, and rated 4.0 to "
        "5.9, 6.0 to 7.4, 7.5 to 8.9 on Sudoku Explainer's scale), or by blanks=(fewest, most) (unique=True for one solution each); "
        "symmetric blanks under a half turn; minimal (no given can go). The puzzles "
        "sudoku-cli -n COUNT -m LEVEL (or -r FEWEST~MOST [-u]) --seed SEED writes. With a "
        "size or a variant ('x', 'killer', 'jigsaw,windoku', ...): (puzzle, solution) Puzzles "
        "of the variant maker, each unique, those of sudoku-cli -n COUNT --size SIZE --variant "
        "VARIANT. Raises ValueError for settings that cannot be met.");
}

} // namespace

std::uint64_t seed_or_fresh(std::optional<std::uint64_t> seed)
{
    if (seed)
        return *seed;
    std::random_device device;
    return (std::uint64_t{device()} << 32) ^ device();
}

} // namespace dlx::python

PYBIND11_MODULE(_sudoku, module) { dlx::python::bind_sudoku(module); }
