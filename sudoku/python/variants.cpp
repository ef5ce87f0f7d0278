// dlx.sudoku's variants (variants.hpp): the class Puzzle, write(), and the variant solver,
// generator and maker behind solve(), count(), boards() and make().
#include "variants.hpp"

#include "interrupt.hpp"
#include "stream.hpp"

#include <sudoku/formats.hpp>
#include <sudoku/fpuzzles.hpp>
#include <sudoku/variant.hpp>
#include <sudoku/variant_generator.hpp>
#include <sudoku/variant_maker.hpp>

#include <pybind11/stl.h>

#include <cmath>
#include <memory>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

namespace py = pybind11;

namespace dlx::python {

namespace {

using sudoku::VariantPuzzle;

constexpr std::size_t puzzles_ahead = 256;

// The rules of `size` digits with the rules named in `variant` ("x,windoku"), and which of
// killer and jigsaw were named. ValueError for a name or a combination the rules refuse.
std::shared_ptr<const sudoku::Rules> rules_of(int size, const std::string& variant,
                                              sudoku::MadeRules* made = nullptr)
{
    try {
        sudoku::Variant rules = sudoku::Variant::classic(size);
        if (!variant.empty()) {
            const sudoku::MadeRules named = sudoku::add_named_rules(rules, variant);
            if (made != nullptr)
                *made = named;
            else if (named.killer || named.jigsaw)
                throw std::invalid_argument(std::string(named.killer ? "killer" : "jigsaw") +
                                            " is made for each puzzle: make() takes it, not "
                                            "boards() or Puzzle()");
        }
        return std::make_shared<const sudoku::Rules>(std::move(rules));
    } catch (const std::invalid_argument& error) {
        throw py::value_error(std::string("variant '") + variant + "': " + error.what());
    }
}

// The canvas digits of a puzzle from Python: a string of symbols (1-9, then A-P; '.' or '0'
// for a blank; white space skipped), one per cell of the rules (samurai: its 369 cells,
// without the gaps), or a list of numbers, one per canvas cell.
std::vector<std::uint8_t> digits_of(const py::handle& cells, const sudoku::Rules& rules)
{
    std::vector<std::uint8_t> digits(static_cast<std::size_t>(rules.canvas_size()), 0);
    const int size = rules.size();
    if (py::isinstance<py::str>(cells)) {
        const auto text = cells.cast<std::string>();
        std::size_t at = 0;
        for (const char c : text) {
            if (c == ' ' || c == '\n' || c == '\t' || c == '\r')
                continue;
            const int digit = sudoku::symbol_digit(c, size);
            if (digit < 0)
                throw py::value_error("'" + std::string(1, c) + "' is not a symbol of " +
                                      rules.variant().describe() + " (1-" +
                                      sudoku::digit_symbol(size) + ", '.' or '0')");
            if (at < rules.cells().size())
                digits[static_cast<std::size_t>(rules.cells()[at])] =
                    static_cast<std::uint8_t>(digit);
            ++at;
        }
        if (at != rules.cells().size())
            throw py::value_error(rules.variant().describe() + " has " +
                                  std::to_string(rules.cells().size()) + " cells, not " +
                                  std::to_string(at));
        return digits;
    }
    const auto numbers = cells.cast<std::vector<int>>();
    if (numbers.size() != digits.size())
        throw py::value_error(rules.variant().describe() + " has " + std::to_string(digits.size()) +
                              " canvas cells, not " + std::to_string(numbers.size()));
    for (std::size_t cell = 0; cell < numbers.size(); ++cell) {
        const int digit = numbers[cell];
        if (digit < 0 || digit > size || (digit != 0 && !rules.is_cell(static_cast<int>(cell))))
            throw py::value_error("cell " + std::to_string(cell) + ": " + std::to_string(digit) +
                                  " is not a digit 0.." + std::to_string(size) + " of a cell");
        digits[cell] = static_cast<std::uint8_t>(digit);
    }
    return digits;
}

// The side of a square grid of `cells` symbols, white space skipped (0: none).
int side_of(const std::string& text)
{
    std::size_t cells = 0;
    for (const char c : text)
        cells += c == ' ' || c == '\n' || c == '\t' || c == '\r' ? 0 : 1;
    const auto side = static_cast<int>(std::lround(std::sqrt(static_cast<double>(cells))));
    return static_cast<std::size_t>(side * side) == cells ? side : 0;
}

VariantPuzzle make_puzzle(const py::object& cells, std::optional<int> size,
                          const std::string& variant)
{
    const bool samurai = variant.find("samurai") != std::string::npos;
    int side = size.value_or(9);
    if (!size && !samurai && py::isinstance<py::str>(cells)) {
        side = side_of(cells.cast<std::string>());
        if (side == 0)
            throw py::value_error("the cells are not a square grid: give size=");
    }
    VariantPuzzle puzzle = VariantPuzzle::blank(rules_of(side, variant));
    puzzle.digits = digits_of(cells, *puzzle.rules);
    return puzzle;
}

// A FormatError as ValueError: "line L: column C: what".
[[noreturn]] void raise_format_error(const sudoku::FormatError& error)
{
    std::string where;
    if (error.line() != 0)
        where = "line " + std::to_string(error.line()) + ": ";
    if (error.line() != 0 && error.column() != 0)
        where += "column " + std::to_string(error.column()) + ": ";
    throw py::value_error(where + error.what());
}

sudoku::VariantSolver& thread_solver(const VariantPuzzle& puzzle)
{
    thread_local std::optional<sudoku::VariantSolver> solver;
    if (!solver || (puzzle.rules != solver->rules_pointer() &&
                    !(puzzle.rules->variant() == solver->rules().variant())))
        solver.emplace(puzzle.rules);
    return *solver;
}

// A puzzle of the same rules holding `digits`.
VariantPuzzle with_digits(const VariantPuzzle& puzzle, std::vector<std::uint8_t> digits)
{
    VariantPuzzle filled = VariantPuzzle::blank(puzzle.rules);
    filled.digits = std::move(digits);
    return filled;
}

class VariantBoardStream {
public:
    VariantBoardStream(std::shared_ptr<const sudoku::Rules> rules,
                       const sudoku::VariantGeneratorSettings& settings, std::uint64_t count)
        : stream_(
              [rules, settings, count](Stream<VariantPuzzle>& stream) {
                  sudoku::VariantBoardGenerator generator(rules, settings);
                  const auto cells = static_cast<std::size_t>(rules->canvas_size());
                  generator.generate(count, [&](std::span<const std::uint8_t> boards) {
                      for (std::size_t at = 0; at < boards.size(); at += cells) {
                          VariantPuzzle board = VariantPuzzle::blank(rules);
                          const auto digits = boards.subspan(at, cells);
                          board.digits.assign(digits.begin(), digits.end());
                          if (!stream.push(std::move(board)))
                              throw Stream<VariantPuzzle>::Closed{};
                      }
                  });
              },
              [](VariantPuzzle&& board) -> py::object { return py::cast(std::move(board)); },
              puzzles_ahead)
    {
    }
    Stream<VariantPuzzle>& stream() noexcept { return stream_; }

private:
    Stream<VariantPuzzle> stream_;
};

class VariantPuzzleStream {
public:
    VariantPuzzleStream(const sudoku::VariantPuzzleSettings& settings, std::uint64_t count,
                        unsigned threads)
        : stream_(
              [settings, count, threads](Stream<sudoku::VariantMade>& stream) {
                  sudoku::make_variant_puzzles(
                      settings, count, threads, [&](std::span<const sudoku::VariantMade> made) {
                          for (const auto& one : made)
                              if (!stream.push(one))
                                  throw Stream<sudoku::VariantMade>::Closed{};
                      });
              },
              [](sudoku::VariantMade&& made) -> py::object {
                  VariantPuzzle solution = with_digits(made.puzzle, std::move(made.solution));
                  return py::make_tuple(std::move(made.puzzle), std::move(solution));
              },
              puzzles_ahead)
    {
    }
    Stream<sudoku::VariantMade>& stream() noexcept { return stream_; }

private:
    Stream<sudoku::VariantMade> stream_;
};

std::vector<std::vector<int>> candidates_of(const VariantPuzzle& puzzle)
{
    std::vector<std::vector<int>> cells;
    for (int cell = 0; cell < puzzle.rules->canvas_size(); ++cell) {
        std::vector<int>& digits = cells.emplace_back();
        if (!puzzle.rules->is_cell(cell))
            continue;
        const std::uint32_t allowed = puzzle.allowed(cell);
        for (int digit = 1; digit <= puzzle.rules->size(); ++digit) {
            if ((allowed >> (digit - 1)) & 1u)
                digits.push_back(digit);
        }
    }
    return cells;
}

std::string written(sudoku::Format format, const VariantPuzzle& puzzle)
{
    try {
        return sudoku::write_puzzle(format, puzzle);
    } catch (const sudoku::FormatError& error) {
        raise_format_error(error);
    }
}

sudoku::Format format_of(const std::string& name)
{
    if (const auto format = sudoku::format_named(name))
        return *format;
    throw py::value_error("format '" + name + "': one of " + sudoku::format_names());
}

} // namespace

py::object to_python(const sudoku::PuzzleRecord& record)
{
    if (record.variant)
        return py::cast(*record.variant);
    return py::cast(record.grid);
}

py::object solve_variant(const VariantPuzzle& puzzle)
{
    sudoku::VariantResult result;
    {
        const py::gil_scoped_release unlocked;
        result = thread_solver(puzzle).solve(puzzle);
    }
    if (result.status == sudoku::Status::conflict)
        throw py::value_error(result.conflict.value_or("the givens break the rules"));
    if (result.status == sudoku::Status::no_solution)
        return py::none();
    return py::cast(with_digits(puzzle, std::move(result.solution)));
}

std::uint64_t count_variant(const VariantPuzzle& puzzle, std::uint64_t limit)
{
    return interruptibly([&](const std::atomic<bool>* cancel) {
        return thread_solver(puzzle).count(puzzle, limit, cancel);
    });
}

sudoku::VariantRating rate_variant(const VariantPuzzle& puzzle)
{
    if (const auto fault = puzzle.rules->find_fault(puzzle.digits))
        throw py::value_error("the givens break the rules: " + *fault);
    const py::gil_scoped_release unlocked;
    return sudoku::rate_variant(puzzle, thread_solver(puzzle));
}

py::object variant_boards(std::uint64_t count, int size, const std::string& variant,
                          std::optional<std::uint64_t> seed, std::optional<int> first_digit,
                          unsigned threads)
{
    auto rules = rules_of(size, variant);
    sudoku::VariantGeneratorSettings settings;
    settings.first_digit = first_digit.value_or(rules->size());
    if (settings.first_digit < 1 || settings.first_digit > rules->size())
        throw py::value_error("first_digit " + std::to_string(settings.first_digit) +
                              ": a digit 1.." + std::to_string(rules->size()));
    settings.seed = seed_or_fresh(seed);
    settings.threads = threads;
    return py::cast(std::make_unique<VariantBoardStream>(std::move(rules), settings, count));
}

py::object variant_puzzles(std::uint64_t count, int size, const std::string& variant,
                           bool symmetric, std::optional<std::uint64_t> seed, unsigned threads)
{
    sudoku::MadeRules made;
    sudoku::VariantPuzzleSettings settings;
    settings.variant = rules_of(size, variant, &made)->variant();
    settings.killer = made.killer;
    settings.jigsaw = made.jigsaw;
    settings.symmetric = symmetric;
    settings.seed = seed_or_fresh(seed);
    try {
        const sudoku::VariantMaker check(settings); // throws for rules it cannot make
    } catch (const std::invalid_argument& error) {
        throw py::value_error(std::string("make: ") + error.what());
    }
    return py::cast(std::make_unique<VariantPuzzleStream>(settings, count, threads));
}

void bind_variants(py::module_& module)
{
    py::class_<VariantPuzzle>(
        module, "Puzzle",
        "A puzzle of any size (4x4 to 25x25), samurai, or with more rules (X, windoku, jigsaw, "
        "killer, anti-knight, anti-king, non-consecutive) or pencil marks. Cells are numbered on "
        "the canvas row by row (size x size, or 21 x 21 for samurai, whose gaps hold 0).")
        .def(py::init(&make_puzzle), py::arg("cells"), py::kw_only(), py::arg("size") = py::none(),
             py::arg("variant") = "",
             "Puzzle(cells, *, size=None, variant=''): cells as symbols (1-9, then A-P; '.' or "
             "'0' for a blank; white space skipped; samurai: its 369 cells without the gaps), "
             "or one number per canvas cell; size from the number of symbols unless given; "
             "variant: rules separated by commas, as sudoku-cli --variant names them (x, "
             "windoku, anti-knight, anti-king, non-consecutive, samurai).")
        .def_static(
            "from_fpuzzles",
            [](const std::string& text) {
                try {
                    return sudoku::read_fpuzzles(text);
                } catch (const sudoku::FormatError& error) {
                    raise_format_error(error);
                }
            },
            py::arg("text"),
            "A puzzle from f-puzzles' JSON, an f-puzzles link or its compressed text. Raises "
            "ValueError for a rule it does not support, named.")
        .def_property_readonly(
            "size", [](const VariantPuzzle& p) { return p.rules->size(); }, "Digits 1..size.")
        .def_property_readonly(
            "rules", [](const VariantPuzzle& p) { return p.rules->variant().describe(); },
            "The rules in words, for example '9x9 X killer'.")
        .def_property_readonly(
            "cells",
            [](const VariantPuzzle& p) {
                return std::vector<int>(p.digits.begin(), p.digits.end());
            },
            "The digit of each canvas cell, 0 for a blank.")
        .def_property_readonly(
            "blanks",
            [](const VariantPuzzle& p) {
                int blanks = 0;
                for (const int cell : p.rules->cells())
                    blanks += p.digits[static_cast<std::size_t>(cell)] == 0 ? 1 : 0;
                return blanks;
            },
            "The number of blank cells.")
        .def_property_readonly(
            "cages",
            [](const VariantPuzzle& p) {
                std::vector<std::pair<std::vector<int>, int>> cages;
                for (const sudoku::Cage& cage : p.rules->variant().cages)
                    cages.emplace_back(cage.cells, cage.sum);
                return cages;
            },
            "The killer cages, as (canvas cells, sum) pairs (sum 0: none given).")
        .def_property_readonly(
            "candidates",
            [](const VariantPuzzle& p) -> std::optional<std::vector<std::vector<int>>> {
                if (!p.has_pencil_marks())
                    return std::nullopt;
                return candidates_of(p);
            },
            "None, or the digits each canvas cell allows, for a puzzle given as pencil marks.")
        .def(
            "is_solved", [](const VariantPuzzle& p) { return p.rules->is_solved(p.digits); },
            "True when every cell is filled and every rule is kept.")
        .def(
            "board", [](const VariantPuzzle& p) { return sudoku::to_board(*p.rules, p.digits); },
            "The digits as rows of symbols separated by spaces, '.' for a blank, as sudoku-cli "
            "-s writes them.")
        .def(
            "line", [](const VariantPuzzle& p) { return sudoku::to_line(*p.rules, p.digits); },
            "The digits on one line, '.' for a blank.")
        .def(
            "fpuzzles",
            [](const VariantPuzzle& p) {
                std::string json = written(sudoku::Format::fpuzzles, p);
                json.pop_back(); // its line end
                return json;
            },
            "The puzzle as f-puzzles JSON (one line). Raises ValueError where f-puzzles cannot "
            "hold it (samurai, above 16x16).")
        .def(
            "link",
            [](const VariantPuzzle& p) {
                std::string json = written(sudoku::Format::fpuzzles, p);
                json.pop_back();
                return sudoku::fpuzzles_link_prefix + sudoku::compress_fpuzzles(json);
            },
            "A link that opens the puzzle on f-puzzles.com.")
        .def("__str__", [](const VariantPuzzle& p) { return sudoku::to_line(*p.rules, p.digits); })
        .def("__repr__",
             [](const VariantPuzzle& p) {
                 return "<dlx.sudoku.Puzzle " + p.rules->variant().describe() + " '" +
                        sudoku::to_line(*p.rules, p.digits) + "'>";
             })
        .def("__eq__", [](const VariantPuzzle& a, const py::object& other) {
            if (!py::isinstance<VariantPuzzle>(other))
                return false;
            const auto& b = other.cast<const VariantPuzzle&>();
            return a.rules->variant() == b.rules->variant() && a.digits == b.digits &&
                   a.candidates == b.candidates;
        });

    module.def(
        "write",
        [](const py::iterable& puzzles, const std::string& format) {
            const sudoku::Format chosen = format_of(format);
            const sudoku::Layout layout = sudoku::layout_of(chosen);
            std::string text = layout.begin;
            std::size_t index = 0;
            for (const py::handle& item : puzzles) {
                const VariantPuzzle puzzle =
                    py::isinstance<VariantPuzzle>(item)
                        ? item.cast<VariantPuzzle>()
                        : VariantPuzzle::classic(item.cast<sudoku::Grid>());
                if (index++ > 0)
                    text += layout.between;
                try {
                    text += sudoku::write_entry(chosen, puzzle);
                } catch (const sudoku::FormatError& error) {
                    throw py::value_error("puzzle " + std::to_string(index) + ": " + error.what());
                }
            }
            return text + layout.end;
        },
        py::arg("puzzles"), py::arg("format") = "line",
        "The text of a file of `puzzles` (Grids and Puzzles) in `format`, as sudoku-cli "
        "--format writes it: 'board', 'line', 'ss', 'sdk', 'sdm', 'opensudoku', 'pm', 'hodoku' "
        "or 'fpuzzles' (docs/cli.md, section 2.7). Raises ValueError, naming the puzzle, for "
        "one the format cannot hold.");

    bind_stream<VariantBoardStream>(module, "VariantBoards",
                                    "The boards of boards() with a size or rules: Puzzles.",
                                    "dlx.sudoku.VariantBoards");
    bind_stream<VariantPuzzleStream>(module, "VariantPuzzles",
                                     "The (puzzle, solution) pairs of make() with a size or rules.",
                                     "dlx.sudoku.VariantPuzzles");
}

} // namespace dlx::python
