// The page's way into the libraries (docs/web.md): a few functions, bound to JavaScript with
// Emscripten's embind (the games and the puzzles they play are in play_bindings.cpp). Grids
// cross as 81-character strings, row by row, '0' for an empty cell; everything else as numbers,
// strings and plain objects. Errors that the libraries throw reach JavaScript as an object
// whose `error` is the message, worded as the programs word it.
//
//   const dlx = await createDlx();
//   const made = dlx.makePuzzle(2, 0, 123);        // level 2, seed 123: {puzzle, solution, title}
//   const run = dlx.processPuzzles("solve", text, "puzzles.txt", false, 2);
//   const story = dlx.traceExample("knuth");       // Algorithm X event by event, with words
#include "dlx-demo/narration.hpp"
#include "sudoku-play/puzzles.hpp"
#include "web/support.hpp"

#include <sudoku/puzzle_pipeline.hpp>
#include <sudoku/rater.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/text_format.hpp>

#include <dlx/examples.hpp>
#include <dlx/version.hpp>
#include <polyform/model.hpp>

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using emscripten::val;

using web::error_object;
using web::seed_of;

// The maker's puzzle 0 for `seed`, as sudoku-play makes its first game: of `level` (1 easy,
// 2 medium, 3 hard), or with `blanks` blanks (level 0; at least 2 in each box, one solution).
// {puzzle, solution, title}, or {error}.
val make_puzzle(int level, int blanks, double seed)
{
    try {
        std::optional<sudoku::Level> chosen;
        if (level != 0) {
            if (level < 1 || level > 3)
                throw std::invalid_argument("the level is 1 (easy), 2 (medium) or 3 (hard)");
            chosen = static_cast<sudoku::Level>(level);
        } else if (blanks < 4 || blanks > 64) {
            throw std::invalid_argument("the number of blanks is 4 to 64");
        }
        const auto source = sudoku_play::made_puzzles(chosen, blanks, seed_of(seed));
        const sudoku::Puzzle made = source->next();
        val result = val::object();
        result.set("puzzle", made.puzzle.to_string());
        result.set("solution", made.solution.to_string());
        result.set("title", source->title());
        return result;
    } catch (const std::exception& error) {
        return error_object(error.what());
    }
}

// sudoku-cli's -s ("solve"), --rate ("rate") and --count ("count", up to `limit`) on the text
// of a puzzle file named `name`: {output, puzzles, problems: [...]} as the program would write
// its output file and report its bad puzzles, or {error} where the program would stop without
// writing (without `keep_going`, the first bad puzzle; a text with no puzzle at all).
val process_puzzles(const std::string& task, const std::string& text, const std::string& name,
                    bool keep_going, double limit)
{
    try {
        std::function<std::unique_ptr<sudoku::PuzzleJob>()> new_job;
        if (task == "solve")
            new_job = [] { return sudoku::solve_job(); };
        else if (task == "rate")
            new_job = [] { return sudoku::rate_job(); };
        else if (task == "rate-se")
            new_job = [] { return sudoku::se_rate_job(); };
        else if (task == "count")
            new_job = [limit] { return sudoku::count_job(seed_of(limit)); };
        else
            throw std::invalid_argument("the task is solve, rate, rate-se or count, not " + task);
        std::istringstream in(text);
        sudoku::PuzzleReader reader(in, name);
        std::string output;
        val problems = val::array();
        sudoku::PipelineOptions options;
        options.keep_going = keep_going;
        options.separator = task == "solve" ? "\n" : "";
        const auto result = sudoku::process_puzzles(
            reader, new_job, [&](std::string_view part, std::uint64_t) { output += part; },
            [&](const std::string& problem) { problems.call<void>("push", problem); }, options);
        if (result.failure)
            return error_object(*result.failure);
        if (result.puzzles == 0)
            return error_object(name + ": no puzzles found");
        val answer = val::object();
        answer.set("output", output);
        answer.set("puzzles", static_cast<double>(result.puzzles));
        answer.set("problems", problems);
        return answer;
    } catch (const std::exception& error) {
        return error_object(error.what());
    }
}

// The Learn page's search: every event of Algorithm X on a small problem, with the sentences
// that dlx-demo's narrator says for it (the lines of its text that are sentences, not the
// matrix it draws).
class Recorder final : public dlx::Tracer {
public:
    explicit Recorder(const dlx::Problem& problem) : narrator_(problem, text_) {}

    void choose(std::size_t level, dlx::ItemId item, std::size_t length) override
    {
        narrator_.choose(level, item, length);
        val event = start("choose", level);
        event.set("item", static_cast<int>(item));
        event.set("length", static_cast<int>(length));
        finish(event);
    }
    void try_option(std::size_t level, std::optional<dlx::OptionId> option) override
    {
        narrator_.try_option(level, option);
        val event = start("try", level);
        event.set("option", option ? static_cast<int>(*option) : -1);
        finish(event);
    }
    void backtrack(std::size_t level, dlx::ItemId item) override
    {
        narrator_.backtrack(level, item);
        val event = start("backtrack", level);
        event.set("item", static_cast<int>(item));
        finish(event);
    }
    void solution(std::span<const dlx::OptionId> options) override
    {
        narrator_.solution(options);
        val event = start("solution", options.size());
        val chosen = val::array();
        for (const dlx::OptionId option : options)
            chosen.call<void>("push", static_cast<int>(option));
        event.set("options", chosen);
        finish(event);
    }
    [[nodiscard]] val events() const { return events_; }

private:
    static val start(const char* type, std::size_t level)
    {
        val event = val::object();
        event.set("type", std::string(type));
        event.set("level", static_cast<int>(level));
        return event;
    }
    // The narrator's sentences since the last event: its lines indented by four spaces that
    // start with a capital letter or a brace (a solution's options), and the unindented ones
    // that say more than a level's heading ("Level 3: every item is covered: a solution!").
    // The matrix's rows start with a mark, a number or spaces; its heading is "Level 2:".
    void finish(val& event)
    {
        const std::string text = text_.str();
        std::istringstream lines(text.substr(read_));
        read_ = text.size();
        std::string line, said;
        const auto say = [&](const std::string& sentence) {
            said += (said.empty() ? "" : "\n") + sentence;
        };
        while (std::getline(lines, line)) {
            if (line.size() > 4 && line.compare(0, 4, "    ") == 0 &&
                ((line[4] >= 'A' && line[4] <= 'Z') || line[4] == '{'))
                say(line.substr(4));
            else if (line.compare(0, 6, "Level ") == 0 && line.back() != ':')
                say(line);
        }
        event.set("text", said);
        events_.call<void>("push", event);
    }

    std::ostringstream text_;
    std::size_t read_ = 0;
    demo::MatrixNarrator narrator_;
    val events_ = val::array();
};

// The pentominoes L, T and Y on a 3x5 board, as dlx::polyform models them (every placement, as
// the plain encoding has them).
dlx::Problem pentominoes_lty()
{
    polyform::Puzzle puzzle;
    for (const polyform::Piece& piece : polyform::find_piece_set("pentominoes")->pieces)
        if (piece.name == "L" || piece.name == "T" || piece.name == "Y")
            puzzle.pieces.push_back(piece);
    puzzle.board = polyform::box(polyform::Grid::square, 3, 5);
    return polyform::build_model(puzzle, polyform::Solutions::all, polyform::Placements::every)
        .parts.front()
        .problem;
}

// One of the Learn page's examples ("knuth", "queens4", "sudoku4": the first solution of an
// empty 4x4 grid, "pento3x5": the pentominoes L, T and Y on a 3x5 board): {items: [{name,
// primary}], options: [[item, ...]], events, solutions, nodes, updates}, or {error}.
val trace_example(const std::string& name)
{
    try {
        dlx::Problem problem;
        dlx::SearchOptions options;
        if (name == "knuth")
            problem = dlx::examples::knuth_example();
        else if (name == "queens4")
            problem = dlx::examples::queens(4).problem;
        else if (name == "sudoku4")
            problem = dlx::examples::sudoku(2), options.solution_limit = 1;
        else if (name == "pento3x5")
            problem = pentominoes_lty();
        else
            throw std::invalid_argument("no example called '" + name + "'");
        Recorder recorder(problem);
        options.tracer = &recorder;
        dlx::Solver solver(problem);
        const dlx::SearchStats stats = solver.search(
            [](std::span<const dlx::OptionId>) { return dlx::Visit::keep_going; }, options);
        val items = val::array();
        for (dlx::ItemId item = 0; item < problem.item_count(); ++item) {
            val entry = val::object();
            entry.set("name", problem.name(item));
            entry.set("primary", problem.kind(item) == dlx::ItemKind::primary);
            items.call<void>("push", entry);
        }
        val rows = val::array();
        for (dlx::OptionId option = 0; option < problem.option_count(); ++option) {
            val row = val::array();
            for (const dlx::Entry& entry : problem.option(option))
                row.call<void>("push", static_cast<int>(entry.item));
            rows.call<void>("push", row);
        }
        val result = val::object();
        result.set("items", items);
        result.set("options", rows);
        result.set("events", recorder.events());
        result.set("solutions", static_cast<double>(stats.solutions));
        result.set("nodes", static_cast<double>(stats.nodes));
        result.set("updates", static_cast<double>(stats.updates));
        return result;
    } catch (const std::exception& error) {
        return error_object(error.what());
    }
}

// The first-solution loop of sudoku-solve-bench (apps/bench), in the browser: every puzzle of
// `text` (one 81-character puzzle a line) to its first solution, each checked, timed here.
// {puzzles, seconds, nodes}, or {error}. For docs/benchmarks.md, beside the native program.
val benchmark_solve(const std::string& text)
{
    try {
        std::vector<sudoku::Grid> puzzles;
        std::istringstream lines(text);
        std::string line;
        while (std::getline(lines, line)) {
            if (line.size() >= 81 && line[0] != '#')
                puzzles.push_back(sudoku::Grid::from_string(line.substr(0, 81)));
        }
        sudoku::Solver solver;
        std::uint64_t nodes = 0;
        const auto start = std::chrono::steady_clock::now();
        for (const sudoku::Grid& puzzle : puzzles) {
            const auto result = solver.solve(puzzle);
            nodes += solver.last_stats().nodes;
            if (result.status != sudoku::Status::solved || !sudoku::solves(result.solution, puzzle))
                throw std::runtime_error("wrong answer for " + puzzle.to_string());
        }
        const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
        val result = val::object();
        result.set("puzzles", static_cast<double>(puzzles.size()));
        result.set("seconds", seconds.count());
        result.set("nodes", static_cast<double>(nodes));
        return result;
    } catch (const std::exception& error) {
        return error_object(error.what());
    }
}

// Embind hands a thrown exception to JavaScript as a bare pointer; this gives its message.
std::string exception_message(std::intptr_t pointer)
{
    return reinterpret_cast<const std::exception*>(pointer)->what();
}

} // namespace

EMSCRIPTEN_BINDINGS(dlx)
{
    emscripten::function(
        "version", +[] { return std::string(dlx::version); });
    emscripten::function("makePuzzle", &make_puzzle);
    emscripten::function("processPuzzles", &process_puzzles);
    emscripten::function("traceExample", &trace_example);
    emscripten::function("benchmarkSolve", &benchmark_solve);
    emscripten::function("exceptionMessage", &exception_message);
}
