// dlx-demo: Algorithm X made visible, on Knuth's example, N queens, pentominoes, Langford pairs
// and Sudoku; --dot writes the search tree for Graphviz. docs/algorithm-x.md walks through it.
#include "narration.hpp"

#include "common/cli_support.hpp"

#include <dlx/dlx.hpp>
#include <polyform/model.hpp>

#include <sudoku/encoding.hpp>
#include <sudoku/text_format.hpp>

#include <boost/program_options.hpp>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

namespace po = boost::program_options;

namespace {

constexpr const char* program = "dlx-demo";
constexpr const char* synopsis =
    "Usage: dlx-demo knuth [OPTIONS]              Knuth's example, step by step\n"
    "       dlx-demo queens N [OPTIONS]           N queens (1 to 16)\n"
    "       dlx-demo pentomino [RxC] [OPTIONS]    the 12 pentominoes in 6x10, 5x12, 4x15 or 3x20\n"
    "       dlx-demo langford N [OPTIONS]         Langford pairs of 1..N (1 to 12)\n"
    "       dlx-demo sudoku PUZZLE [OPTIONS]      a Sudoku (81 characters, 0 or . blank), step by step\n";

struct Settings {
    std::string demo;
    std::vector<std::string> arguments;
    std::optional<std::string> dot;
    dlx::DotLimits limits;
};

void print_usage(std::ostream& out, const po::options_description& options)
{
    out << synopsis << "\n"
        << options << "\n"
        << "The search is Knuth's Algorithm X on dancing links: choose the item with the fewest\n"
        << "options (the leftmost of ties), try each of its options in turn, and back up when an\n"
        << "item has none left. docs/algorithm-x.md explains it with these demos.\n\n"
        << "Exit status: 0 success, 1 a file that cannot be written, 2 bad usage.\n";
}

std::optional<Settings> parse_arguments(int argc, char** argv)
{
    po::options_description visible("Options", 92, 46);
    // One option a line, as Boost.ProgramOptions reads best:
    // clang-format off
    visible.add_options()
        ("dot", po::value<std::string>()->value_name("FILE"), "write the search tree to FILE (Graphviz DOT)")
        ("depth", po::value<std::string>()->value_name("D"), "with --dot: draw levels 0 to D (default 8)")
        ("nodes", po::value<std::string>()->value_name("N"), "with --dot: draw at most N nodes (default 500)");
    // clang-format on
    cli::add_help_and_version(visible);
    const auto parsed = cli::parse_command_line(
        argc, argv, visible, {"words", -1}, [&](std::ostream& out) { print_usage(out, visible); },
        std::string(program) + " (dlx) " + dlx::version);
    if (!parsed)
        return std::nullopt;
    const cli::Arguments& args = *parsed;
    if (!args.given("words"))
        throw cli::UsageError("say which demo: knuth, queens, pentomino, langford or sudoku",
                              cli::UsageError::Show::usage);
    Settings settings;
    const auto words = args.texts("words");
    settings.demo = words.front();
    settings.arguments.assign(words.begin() + 1, words.end());
    if (args.given("dot"))
        settings.dot = args.text("dot");
    if ((args.given("depth") || args.given("nodes")) && !settings.dot)
        throw cli::UsageError("--depth and --nodes go with --dot");
    if (args.given("depth"))
        settings.limits.max_depth = cli::parse_number(args.text("depth"), "--depth", 0, 1000);
    if (args.given("nodes"))
        settings.limits.max_nodes = cli::parse_number(args.text("nodes"), "--nodes", 1, 1'000'000);
    return settings;
}

// The argument of a demo that takes one (or none, with a default).
std::string argument(const Settings& settings, const char* what, const char* fallback = nullptr)
{
    if (settings.arguments.size() > 1)
        throw cli::UsageError(settings.demo + " takes one argument, " + what,
                              cli::UsageError::Show::usage);
    if (settings.arguments.empty()) {
        if (fallback == nullptr)
            throw cli::UsageError(settings.demo + " needs " + what, cli::UsageError::Show::usage);
        return fallback;
    }
    return settings.arguments.front();
}

// Optionally draws the tree: --dot FILE. The file is written whole or not at all.
class TreeFile {
public:
    TreeFile(const Settings& settings, const dlx::Problem& problem,
             dlx::DotTracer::OptionLabel label = {})
    {
        if (!settings.dot)
            return;
        out_.emplace(*settings.dot);
        tracer_.emplace(problem, text_, settings.limits, std::move(label));
    }
    [[nodiscard]] dlx::Tracer* tracer() { return tracer_ ? &*tracer_ : nullptr; }
    void finish()
    {
        if (!tracer_)
            return;
        tracer_->finish();
        const std::string text = text_.str();
        out_->write(text.data(), text.size());
        out_->commit();
        std::cout << "\nSearch tree: " << tracer_->nodes() << " nodes drawn to " << out_->path()
                  << "\n";
    }

private:
    std::ostringstream text_;
    std::optional<cli::OutputFile> out_;
    std::optional<dlx::DotTracer> tracer_;
};

std::string with_commas(std::uint64_t value)
{
    std::string digits = std::to_string(value), text;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            text += ',';
        text += digits[i];
    }
    return text;
}

std::string statistics(const dlx::SearchStats& stats)
{
    return with_commas(stats.nodes) + " nodes, " + with_commas(stats.updates) + " updates";
}

// Every solution of `problem`, the first one kept; `each` (if any) sees them all.
struct Found {
    dlx::SearchStats stats;
    std::optional<std::vector<dlx::OptionId>> first;
};

Found search_all(const dlx::Problem& problem, dlx::Tracer* tracer,
                 const std::function<void(std::span<const dlx::OptionId>)>& each = {})
{
    Found found;
    dlx::Solver solver(problem);
    dlx::SearchOptions options;
    options.tracer = tracer;
    found.stats = solver.search(
        [&](std::span<const dlx::OptionId> solution) {
            if (!found.first)
                found.first.emplace(solution.begin(), solution.end());
            if (each)
                each(solution);
            return dlx::Visit::keep_going;
        },
        options);
    return found;
}

int knuth(const Settings& settings)
{
    if (!settings.arguments.empty())
        throw cli::UsageError("knuth takes no argument", cli::UsageError::Show::usage);
    const dlx::Problem problem = dlx::examples::knuth_example();
    std::cout
        << "Knuth's example from \"Dancing Links\": the items A to G (all primary) and six\n"
           "options. An exact cover is a set of options that contains every item exactly once.\n";
    TreeFile tree(settings, problem);
    demo::MatrixNarrator narrator(problem, std::cout);
    demo::Tee tee({&narrator, tree.tracer()});
    dlx::Solver solver(problem);
    dlx::SearchOptions options;
    options.tracer = &tee;
    const auto stats = solver.search(
        [](std::span<const dlx::OptionId>) { return dlx::Visit::keep_going; }, options);
    std::cout << "\nThe search is over: " << stats.solutions << " solution, " << statistics(stats)
              << ".\n";
    tree.finish();
    return 0;
}

int queens(const Settings& settings)
{
    const int n = static_cast<int>(cli::parse_number(argument(settings, "N"), "queens", 1, 16));
    const auto made = dlx::examples::queens(n);
    std::cout
        << n << " queens: an item for each row and each column (primary: each has exactly one\n"
        << "queen), one for each diagonal (secondary: at most one), an option for each square.\n\n";
    TreeFile tree(settings, made.problem, [&](dlx::OptionId option) {
        return "r" + std::to_string(made.square[option].first) + "c" +
               std::to_string(made.square[option].second);
    });
    const auto [stats, first] = search_all(made.problem, tree.tracer());
    std::cout << with_commas(stats.solutions)
              << (stats.solutions == 1 ? " solution (" : " solutions (") << statistics(stats)
              << ").\n";
    if (first)
        std::cout << "\nThe first:\n" << made.draw(*first);
    tree.finish();
    return 0;
}

int pentomino(const Settings& settings)
{
    const std::string size = argument(settings, "a board: 6x10, 5x12, 4x15 or 3x20", "6x10");
    int rows = 0, cols = 0;
    for (const auto& [r, c] : {std::pair{6, 10}, {5, 12}, {4, 15}, {3, 20}}) {
        if (size == std::to_string(r) + "x" + std::to_string(c))
            rows = r, cols = c;
    }
    if (rows == 0)
        throw cli::UsageError("pentomino wants 6x10, 5x12, 4x15 or 3x20, not '" + size + "'");
    // The shapes, their placements and the symmetry classes come from dlx::polyform.
    polyform::Puzzle puzzle;
    puzzle.pieces = polyform::find_piece_set("pentominoes")->pieces;
    puzzle.board = polyform::box(polyform::Grid::square, rows, cols);
    // Every placement, as the plain encoding has them: the figures are those of Knuth's dlx1 on
    // his polyomino-dlx's 6x10 problem.
    const polyform::Model model =
        polyform::build_model(puzzle, polyform::Solutions::all, polyform::Placements::every);
    const polyform::Part& part = model.parts.front();
    std::cout << "The twelve pentominoes on a " << size
              << " board: an item for each piece and each cell,\n"
              << "an option for each way to place a piece (" << part.problem.option_count()
              << " options).\n\n";
    TreeFile tree(settings, part.problem, [&](dlx::OptionId option) {
        const polyform::Placement& placed = model.placements[part.placements[option].front()];
        std::string label = puzzle.pieces[placed.piece].name;
        for (const polyform::Point& cell : placed.cells)
            label += " " + std::to_string(cell.y) + "_" + std::to_string(cell.x);
        return label;
    });
    const auto [stats, first] = search_all(part.problem, tree.tracer());
    std::uint64_t classes = 0;
    for (const polyform::Part& distinct :
         polyform::build_model(puzzle, polyform::Solutions::distinct).parts)
        classes += dlx::Solver(distinct.problem).count().solutions;
    std::cout << with_commas(stats.solutions) << " tilings (" << statistics(stats) << "); "
              << with_commas(classes) << " when turned and mirrored tilings count as one.\n";
    if (first) {
        std::cout << "\nThe first:\n";
        const char* no_color = std::getenv("NO_COLOR");
        const bool colour = ::isatty(STDOUT_FILENO) && (no_color == nullptr || *no_color == '\0');
        const std::string board = polyform::draw(puzzle, model.decode(part, *first));
        std::cout << (colour ? demo::coloured(board) : board);
    }
    tree.finish();
    return 0;
}

int langford(const Settings& settings)
{
    const int n = static_cast<int>(cli::parse_number(argument(settings, "N"), "langford", 1, 12));
    const auto made = dlx::examples::langford(n);
    std::cout << "Langford pairs of 1.." << n << ": each number k twice in a row of " << 2 * n
              << " slots, with k slots between\nthe two. An item for each number and each slot, an "
                 "option for each place of a pair.\n\n";
    TreeFile tree(settings, made.problem);
    const auto [stats, first] = search_all(made.problem, tree.tracer());
    std::cout << with_commas(stats.solutions) << " solutions (" << statistics(stats)
              << "); each reads backwards as another, so " << with_commas(stats.solutions / 2)
              << " up to reversal.\n";
    if (first)
        std::cout << "\nThe first:  " << made.draw(*first);
    tree.finish();
    return 0;
}

int sudoku_demo(const Settings& settings)
{
    const std::string text =
        argument(settings, "a puzzle of 81 characters ('0' or '.' for a blank)");
    if (text.size() != 81 || text.find_first_not_of("0123456789.") != std::string::npos)
        throw cli::UsageError("sudoku wants 81 characters, digits with '0' or '.' for a blank");
    const sudoku::Grid puzzle = sudoku::Grid::from_string(text);
    const auto& encoding = sudoku::standard_encoding();
    std::cout
        << "Sudoku as exact cover: 324 items (each cell filled, each row, column and box with\n"
        << "each digit) and 729 options (a digit in a cell, covering four items). The givens\n"
        << "are forced first; then each level names the item it chose.\n\n"
        << sudoku::to_board(puzzle) << "\n";
    dlx::Solver solver(encoding.problem);
    for (int cell = 0; cell < sudoku::Grid::cells; ++cell) {
        if (puzzle[cell] != 0 && !solver.force(sudoku::option_of(cell, puzzle[cell]))) {
            std::cout << "\nThe givens break the rules: "
                      << sudoku::find_conflict(puzzle)->describe() << ".\n";
            return 0;
        }
    }
    const auto label = [&](dlx::OptionId option) {
        const auto placed = encoding.placement_of[option];
        return std::to_string(placed.digit) + " at " + sudoku::cell_name(placed.cell);
    };
    TreeFile tree(settings, encoding.problem, label);
    demo::SudokuNarrator narrator(encoding, std::cout);
    demo::Tee tee({&narrator, tree.tracer()});
    dlx::SearchOptions options;
    options.tracer = &tee;
    options.solution_limit = 2;
    sudoku::Grid solved = puzzle;
    bool found = false;
    const auto stats = solver.search(
        [&](std::span<const dlx::OptionId> solution) {
            if (!found)
                sudoku::decode(encoding, solution, solved);
            found = true;
            return dlx::Visit::keep_going;
        },
        options);
    std::cout << "\n"
              << (stats.solutions == 0   ? "No solution"
                  : stats.solutions == 1 ? "One solution"
                                         : "Two solutions or more (the search stopped at 2)")
              << " (" << statistics(stats) << ").\n";
    if (stats.solutions > 0)
        std::cout << "\n" << sudoku::to_board(solved);
    tree.finish();
    return 0;
}

int run(int argc, char** argv)
{
    const auto settings = parse_arguments(argc, argv);
    if (!settings)
        return 0;
    const std::string& demo = settings->demo;
    if (demo == "knuth")
        return knuth(*settings);
    if (demo == "queens")
        return queens(*settings);
    if (demo == "pentomino")
        return pentomino(*settings);
    if (demo == "langford")
        return langford(*settings);
    if (demo == "sudoku")
        return sudoku_demo(*settings);
    throw cli::UsageError("no demo called '" + demo +
                              "': knuth, queens, pentomino, langford or sudoku",
                          cli::UsageError::Show::usage);
}

} // namespace

int main(int argc, char** argv)
{
    std::ios::sync_with_stdio(false);
    return cli::guarded_main(program, synopsis, [&] { return run(argc, argv); });
}
