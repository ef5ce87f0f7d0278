// The Play page's way in (docs/web.md): readPuzzle() reads one puzzle of any format the reader
// knows (f-puzzles JSON, compressed text and links included) and solves it with the engine;
// makeVariantPuzzle() is the variant maker; VariantGame and Game play a puzzle with
// apps/sudoku-play/variant_game.hpp's rules (Game: a classic 9x9 given as 81 digits, as
// sudoku-play plays it). Grids cross as strings of one symbol per canvas cell, row by row: '0'
// for an empty cell, ' ' for a gap of samurai, 1-9 then A-P for 10 to 25.
//
//   const read = dlx.readPuzzle(text, "pasted", 1); // {kind, text, puzzle, solution, layout...}
//   const game = read.kind === "variant" ? new dlx.VariantGame(read.text, read.solution)
//                                        : new dlx.Game(read.puzzle, read.solution);
//   game.setCursor(0); game.pressDigit(5);          // as sudoku-play's keys do
#include "sudoku-play/variant_game.hpp"
#include "web/support.hpp"

#include <sudoku/fpuzzles.hpp>
#include <sudoku/text_format.hpp>
#include <sudoku/variant_maker.hpp>
#include <sudoku/variant_solver.hpp>

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using emscripten::val;
using web::error_object;

// The nodes a pasted puzzle's search may take before the page gives up on it (a 25x25 with
// few givens could otherwise hold the page for minutes).
constexpr std::uint64_t node_budget = 1'000'000;

std::string symbols(const sudoku::Rules& rules, const std::vector<std::uint8_t>& digits)
{
    std::string text(digits.size(), ' ');
    for (const int cell : rules.cells()) {
        const int digit = digits[static_cast<std::size_t>(cell)];
        text[static_cast<std::size_t>(cell)] = digit == 0 ? '0' : sudoku::digit_symbol(digit);
    }
    return text;
}

std::vector<std::uint8_t> digits_of(const sudoku::Rules& rules, const std::string& text)
{
    if (text.size() != static_cast<std::size_t>(rules.canvas_size()))
        throw std::invalid_argument("a grid here has " + std::to_string(rules.canvas_size()) +
                                    " symbols, not " + std::to_string(text.size()));
    std::vector<std::uint8_t> digits(text.size(), 0);
    for (const int cell : rules.cells()) {
        const char symbol = text[static_cast<std::size_t>(cell)];
        const int digit = sudoku::symbol_digit(symbol, rules.size());
        if (digit < 0)
            throw std::invalid_argument(std::string("'") + symbol + "' is not a digit of " +
                                        rules.variant().describe());
        digits[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(digit);
    }
    return digits;
}

template <typename Range> val array_of(const Range& range)
{
    val array = val::array();
    for (const auto& value : range)
        array.call<void>("push", value);
    return array;
}

// What the page draws: the canvas, each cell's box or region, the diagonals, windows, extra
// regions, cages, and the rules that have no drawing.
val layout_of(const sudoku::VariantPuzzle& puzzle)
{
    const sudoku::Rules& rules = *puzzle.rules;
    const sudoku::Variant& v = rules.variant();
    val layout = val::object();
    layout.set("size", v.size);
    layout.set("boxRows", v.box_rows);
    layout.set("boxColumns", v.box_columns);
    layout.set("rows", rules.rows());
    layout.set("columns", rules.columns());
    std::string symbol_text;
    for (int digit = 1; digit <= v.size; ++digit)
        symbol_text += sudoku::digit_symbol(digit);
    layout.set("symbols", symbol_text);
    layout.set("describe", v.describe());
    std::vector<int> region(static_cast<std::size_t>(rules.canvas_size()), -1);
    for (const int cell : rules.cells()) {
        const int row = cell / rules.columns(), column = cell % rules.columns();
        int& r = region[static_cast<std::size_t>(cell)];
        if (!v.regions.empty())
            r = v.regions[static_cast<std::size_t>(cell)];
        else if (v.samurai) // the five grids' boxes fall on one 3x3 lattice
            r = row / 3 * 7 + column / 3;
        else
            r = row / v.box_rows * (v.size / v.box_columns) + column / v.box_columns;
    }
    layout.set("region", array_of(region));
    val diagonals = val::object();
    diagonals.set("main", v.main_diagonal);
    diagonals.set("anti", v.anti_diagonal);
    layout.set("diagonals", diagonals);
    val windows = val::array(), extras = val::array();
    for (const sudoku::Group& group : rules.groups()) {
        if (group.kind == sudoku::GroupKind::window)
            windows.call<void>("push", array_of(group.cells));
        else if (group.kind == sudoku::GroupKind::extra)
            extras.call<void>("push", array_of(group.cells));
    }
    layout.set("windows", windows);
    layout.set("extraRegions", extras);
    val cages = val::array();
    for (const sudoku::Cage& cage : v.cages) {
        val entry = val::object();
        entry.set("cells", array_of(cage.cells));
        entry.set("sum", cage.sum);
        cages.call<void>("push", entry);
    }
    layout.set("cages", cages);
    std::vector<std::string> words;
    if (v.anti_knight)
        words.emplace_back("anti-knight");
    if (v.anti_king)
        words.emplace_back("anti-king");
    if (v.non_consecutive)
        words.emplace_back("non-consecutive");
    layout.set("rules", array_of(words));
    if (puzzle.has_pencil_marks()) {
        std::vector<double> allowed;
        for (int cell = 0; cell < rules.canvas_size(); ++cell)
            allowed.push_back(rules.is_cell(cell) ? puzzle.allowed(cell) : 0);
        layout.set("candidates", array_of(allowed));
    } else {
        layout.set("candidates", val::null());
    }
    return layout;
}

// Sets `text`, one line that the reader reads back as the same puzzle (compressed f-puzzles
// JSON where f-puzzles holds the puzzle, else the grid on one line: samurai and 25x25 have only
// the classic rules, which a line says), and `link`, a link that opens it in f-puzzles (""
// where f-puzzles cannot hold it).
void set_text_and_link(val& result, const sudoku::VariantPuzzle& puzzle)
{
    std::string compressed;
    try {
        compressed = sudoku::compress_fpuzzles(sudoku::write_fpuzzles(puzzle));
    } catch (const sudoku::FormatError&) {
        // samurai or more than 16 digits: no f-puzzles
    }
    result.set("text",
               compressed.empty() ? sudoku::to_line(*puzzle.rules, puzzle.digits) : compressed);
    result.set("link",
               compressed.empty() ? std::string() : sudoku::fpuzzles_link_prefix + compressed);
}

// Puzzle `number` (from 1) of `text`, read as sudoku-cli reads a file named `name`.
sudoku::PuzzleRecord read_record(const std::string& text, const std::string& name, int number)
{
    if (number < 1)
        throw std::invalid_argument("a puzzle's number is 1 or more");
    std::istringstream in(text);
    sudoku::PuzzleReader reader(in, name);
    sudoku::PuzzleRecord record;
    for (int read = 0; read < number; ++read) {
        if (!reader.next(record))
            throw std::invalid_argument(
                name + ": " +
                (read == 0
                     ? "no puzzles found"
                     : "has " + std::to_string(read) + " puzzles, not " + std::to_string(number)));
    }
    if (record.error)
        throw std::invalid_argument(sudoku::describe(record, name, *record.error));
    return record;
}

// {kind, text, puzzle, solution, solutions, unique, describe, link, title, layout}, or {error}:
// puzzle `number` of `text`, solved. kind "classic" is a classic 9x9 (81 digits, for Game),
// "variant" anything else (for VariantGame). solutions is 1, or 2 for two or more; unique is
// true when the count showed that there is no second one within its budget of nodes.
val read_puzzle(const std::string& text, const std::string& name, int number)
{
    try {
        const sudoku::PuzzleRecord record = read_record(text, name, number);
        const bool classic = !record.variant;
        const sudoku::VariantPuzzle puzzle =
            classic ? sudoku::VariantPuzzle::classic(record.grid) : *record.variant;
        const sudoku::Rules& rules = *puzzle.rules;
        const auto fail = [&](const std::string& what) {
            return error_object(sudoku::describe(record, name, what));
        };
        if (const auto fault = rules.find_fault(puzzle.digits))
            return fail("the givens break the rules: " + *fault);
        sudoku::VariantSolver solver(puzzle.rules);
        const std::uint64_t solutions = solver.count(puzzle, 2, nullptr, node_budget);
        const bool counted_to_the_end = solver.last_stats().stopped == dlx::Stop::none;
        if (solutions == 0)
            return fail(counted_to_the_end
                            ? "has no solution"
                            : "no solution found in 1,000,000 nodes: too hard to play here");
        const sudoku::VariantResult solved = solver.solve(puzzle);
        if (solved.status != sudoku::Status::solved)
            return fail("has no solution");
        val result = val::object();
        result.set("kind", std::string(classic ? "classic" : "variant"));
        set_text_and_link(result, puzzle);
        if (classic) // Game's 81 digits
            result.set("text", record.grid.to_string());
        result.set("puzzle", classic ? record.grid.to_string() : symbols(rules, puzzle.digits));
        result.set("solution", symbols(rules, solved.solution));
        result.set("solutions", static_cast<double>(solutions));
        // One solution found, and the count went to the end: no other.
        result.set("unique", solutions == 1 && counted_to_the_end);
        result.set("describe", rules.variant().describe());
        result.set("title", name + ", puzzle " + std::to_string(number));
        result.set("layout", layout_of(puzzle));
        return result;
    } catch (const std::exception& error) {
        return error_object(error.what());
    }
}

// A variant puzzle from the maker, as sudoku-cli -n 1 --size SIZE --variant RULES --seed SEED
// makes it (one solution; killer cages and jigsaw regions made for it): {text, puzzle,
// solution, describe, link, title, layout}, or {error}.
val make_variant_puzzle(int size, const std::string& rule_names, double seed)
{
    try {
        sudoku::VariantPuzzleSettings settings;
        settings.variant = sudoku::Variant::classic(size);
        if (!rule_names.empty()) {
            const sudoku::MadeRules made = sudoku::add_named_rules(settings.variant, rule_names);
            settings.killer = made.killer;
            settings.jigsaw = made.jigsaw;
        }
        settings.seed = web::seed_of(seed);
        const sudoku::VariantMade made = sudoku::VariantMaker(settings).make(0);
        const sudoku::Rules& rules = *made.puzzle.rules;
        val result = val::object();
        set_text_and_link(result, made.puzzle);
        result.set("puzzle", symbols(rules, made.puzzle.digits));
        result.set("solution", symbols(rules, made.solution));
        result.set("describe", rules.variant().describe());
        result.set("title", rules.variant().describe());
        result.set("layout", layout_of(made.puzzle));
        return result;
    } catch (const std::exception& error) {
        return error_object(error.what());
    }
}

// A grid from JavaScript for Game: 81 characters, a digit or '.' each (Grid::from_string's
// precondition, checked here).
sudoku::Grid parse_grid(const std::string& text)
{
    if (text.size() != sudoku::Grid::cells)
        throw std::invalid_argument("a grid is 81 characters, not " + std::to_string(text.size()));
    for (const char c : text) {
        if (c != '.' && (c < '0' || c > '9'))
            throw std::invalid_argument(std::string("'") + c + "' is not a digit or a blank");
    }
    return sudoku::Grid::from_string(text);
}

// One game (apps/sudoku-play/variant_game.hpp); the page keeps its own clock. As VariantGame,
// of readPuzzle()'s or makeVariantPuzzle()'s `text`; as Game (WebClassicGame), of 81 digits.
class WebGame {
public:
    WebGame(const std::string& text, const std::string& solution) : game_(from_text(text, solution))
    {
    }

    [[nodiscard]] std::string puzzle() const { return symbols(rules(), game_.puzzle().digits); }
    [[nodiscard]] std::string solution() const { return symbols(rules(), game_.solution()); }
    [[nodiscard]] std::string grid() const { return symbols(rules(), game_.grid()); }
    [[nodiscard]] bool is_given(int cell) const { return game_.is_given(cell); }
    // Bit d - 1 for pencil mark d.
    [[nodiscard]] double marks(int cell) const { return game_.marks(cell); }
    [[nodiscard]] int cursor() const { return game_.cursor(); }
    void set_cursor(int cell) { game_.set_cursor(cell); }
    // Moves the cursor by rows and columns, over samurai's gaps; moves stop at the edges.
    void move_cursor(int rows, int columns) { game_.move_cursor(rows, columns); }
    [[nodiscard]] std::string mode() const
    {
        return game_.mode() == sudoku_play::Mode::place ? "place" : "note";
    }
    void toggle_mode() { game_.toggle_mode(); }
    std::string press_digit(int digit)
    {
        if (digit < 1 || digit > rules().size())
            throw std::invalid_argument("a digit is 1 to " + std::to_string(rules().size()));
        return outcome(game_.press_digit(digit));
    }
    std::string erase() { return outcome(game_.erase()); }
    bool undo() { return game_.undo(); }
    bool redo() { return game_.redo(); }
    // '1' for each cell whose digit breaks a rule with another (variant_game.hpp).
    [[nodiscard]] std::string conflicts() const
    {
        const auto marked = game_.conflicts();
        std::string text(marked.size(), '0');
        for (std::size_t cell = 0; cell < marked.size(); ++cell)
            text[cell] = marked[cell] ? '1' : '0';
        return text;
    }
    // The rule that the digit in `cell` breaks, or "".
    [[nodiscard]] std::string fault(int cell) const { return game_.fault(cell).value_or(""); }
    // '1' for each cell that may not hold the digit of `cell`.
    [[nodiscard]] std::string peers(int cell) const
    {
        std::string text(static_cast<std::size_t>(rules().canvas_size()), '0');
        for (const int other : game_.peers(cell))
            text[static_cast<std::size_t>(other)] = '1';
        return text;
    }
    // {cell, digit, symbol, reason} as sudoku-play words it, or null when the grid is full;
    // with the step to draw when Sudoku Explainer's techniques found it: pattern (cells),
    // removed ([cell, digit] pairs) and links ({from, fromDigit, to, toDigit, strong}).
    val hint()
    {
        const auto hint = game_.hint();
        if (!hint)
            return val::null();
        val result = val::object();
        result.set("cell", hint->cell);
        result.set("digit", hint->digit);
        result.set("symbol", std::string(1, sudoku::digit_symbol(hint->digit)));
        result.set("reason", hint->reason);
        val pattern = val::array(), removed = val::array(), links = val::array();
        for (const int cell : hint->pattern)
            pattern.call<void>("push", cell);
        for (const auto& [cell, digit] : hint->removed) {
            val pair = val::array();
            pair.call<void>("push", cell);
            pair.call<void>("push", digit);
            removed.call<void>("push", pair);
        }
        for (const sudoku_play::HintLink& link : hint->links) {
            val drawn = val::object();
            drawn.set("from", link.from_cell);
            drawn.set("fromDigit", link.from_digit);
            drawn.set("to", link.to_cell);
            drawn.set("toDigit", link.to_digit);
            drawn.set("strong", link.strong);
            links.call<void>("push", drawn);
        }
        result.set("pattern", pattern);
        result.set("removed", removed);
        result.set("links", links);
        return result;
    }
    // {solved, wrong, empty, text}: sudoku-play's verdict.
    val submit()
    {
        const sudoku_play::Verdict verdict = game_.submit(sudoku_play::Clock::now());
        val result = val::object();
        result.set("solved", verdict.solved);
        result.set("wrong", verdict.wrong);
        result.set("empty", verdict.empty);
        result.set("text", verdict.describe());
        return result;
    }
    [[nodiscard]] bool changed() const { return game_.changed(); }
    [[nodiscard]] val layout() const { return layout_of(game_.puzzle()); }

protected:
    WebGame(const sudoku::Grid& puzzle, const sudoku::Grid& solution)
        : game_(sudoku::VariantPuzzle::classic(puzzle),
                {solution.digits().begin(), solution.digits().end()}, sudoku_play::Clock::now())
    {
    }

private:
    static sudoku_play::VariantGame from_text(const std::string& text, const std::string& solution)
    {
        const sudoku::PuzzleRecord record = read_record(text, "puzzle", 1);
        sudoku::VariantPuzzle puzzle =
            record.variant ? *record.variant : sudoku::VariantPuzzle::classic(record.grid);
        std::vector<std::uint8_t> digits = digits_of(*puzzle.rules, solution);
        return {std::move(puzzle), std::move(digits), sudoku_play::Clock::now()};
    }
    [[nodiscard]] const sudoku::Rules& rules() const { return game_.rules(); }
    static std::string outcome(sudoku_play::Outcome outcome)
    {
        switch (outcome) {
        case sudoku_play::Outcome::changed: return "changed";
        case sudoku_play::Outcome::given: return "given";
        case sudoku_play::Outcome::unchanged: break;
        }
        return "unchanged";
    }

    sudoku_play::VariantGame game_;
};

// Game: a classic 9x9 of 81 digits, its puzzle and its solution ('0' or '.' for a blank).
class WebClassicGame : public WebGame {
public:
    WebClassicGame(const std::string& puzzle, const std::string& solution)
        : WebGame(parse_grid(puzzle), parse_grid(solution))
    {
    }
};

} // namespace

EMSCRIPTEN_BINDINGS(dlx_play)
{
    emscripten::function("readPuzzle", &read_puzzle);
    emscripten::function("makeVariantPuzzle", &make_variant_puzzle);
    emscripten::class_<WebGame>("VariantGame")
        .constructor<const std::string&, const std::string&>()
        .function("puzzle", &WebGame::puzzle)
        .function("solution", &WebGame::solution)
        .function("grid", &WebGame::grid)
        .function("isGiven", &WebGame::is_given)
        .function("marks", &WebGame::marks)
        .function("cursor", &WebGame::cursor)
        .function("setCursor", &WebGame::set_cursor)
        .function("moveCursor", &WebGame::move_cursor)
        .function("mode", &WebGame::mode)
        .function("toggleMode", &WebGame::toggle_mode)
        .function("pressDigit", &WebGame::press_digit)
        .function("erase", &WebGame::erase)
        .function("undo", &WebGame::undo)
        .function("redo", &WebGame::redo)
        .function("conflicts", &WebGame::conflicts)
        .function("fault", &WebGame::fault)
        .function("peers", &WebGame::peers)
        .function("hint", &WebGame::hint)
        .function("submit", &WebGame::submit)
        .function("changed", &WebGame::changed)
        .function("layout", &WebGame::layout);
    emscripten::class_<WebClassicGame, emscripten::base<WebGame>>("Game")
        .constructor<const std::string&, const std::string&>();
}
