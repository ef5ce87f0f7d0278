// polyform: solves a polyform puzzle (pentominoes, hexiamonds, the Soma cube, ...) written as a
// puzzle file: counts its solutions, all or one of each class under its symmetries
// (--distinct), draws some, or writes the exact-cover problem for another solver (docs/cli.md,
// section 8; the file format: docs/polyform.md).
#include "common/cli_support.hpp"
#include "exact-cover/jobs.hpp"
#include "exact-cover/report.hpp"

#include <dlx/dlx.hpp>
#include <dlx/memo.hpp>
#include <polyform/model.hpp>
#include <polyform/svg.hpp>

#include <boost/program_options.hpp>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace po = boost::program_options;

namespace {

constexpr const char* program = "polyform";
// The exit status of a count stopped by --time-limit (docs/cli.md, 1.2).
constexpr int exit_unfinished = 3;
constexpr std::uint64_t time_check_nodes = 4096;

enum class Task { count, estimate, dlx };

struct Settings {
    Task task = Task::count;
    std::string input = "-";
    polyform::Solutions solutions = polyform::Solutions::all;
    std::uint64_t print = 0; // solutions to draw
    std::string svg_dir;     // --svg: where each drawn solution's picture goes
    unsigned threads = 1;
    std::optional<dlx::Method> method; // none: dancing cells where they can, else links
    std::optional<dlx::MemoOptions> memo;
    std::chrono::nanoseconds time_limit = dlx::no_time_limit;
    std::uint64_t samples = 1000;
    std::uint64_t seed = 0;
    bool stats = false;
    cli::Progress::Show progress = cli::Progress::Show::on_terminal;
};

constexpr const char* synopsis = "Usage: polyform [OPTIONS] FILE\n";

void print_usage(std::ostream& out, const po::options_description& options)
{
    out << synopsis
        << "Solves the polyform puzzle in FILE ('-' reads standard input; the format is in\n"
        << "docs/polyform.md) and prints the number of its solutions.\n\n"
        << options << "\n"
        << "Named sets of pieces (docs/polyform.md, section 3):\n";
    std::string line = " ";
    for (const polyform::PieceSet& set : polyform::piece_sets()) {
        const std::string word = " " + std::string(set.name);
        if (line.size() + word.size() > 78) {
            out << line << '\n';
            line = " ";
        }
        line += word;
    }
    out << line << "\n\n"
        << "Exit status: 0 success, 1 bad input or I/O error, 2 bad usage, 3 the count\n"
        << "stopped at --time-limit: the number printed (with '+') is a lower bound.\n";
}

std::optional<Settings> parse_arguments(int argc, char** argv)
{
    po::options_description visible("Options");
    cli::add_help_and_version(visible);
    // clang-format off
    visible.add_options()
        ("distinct,d", "count one solution of each class under the puzzle's symmetries "
                       "(turning and mirroring the board, where the pieces allow it)")
        ("print,p", po::value<std::string>()->value_name("K"),
         "draw the first K solutions (a piece's name in each of its cells)")
        ("all,a", "draw every solution")
        ("svg", po::value<std::string>()->value_name("DIR"),
         "with --print or --all: also write a picture of each solution drawn, DIR/NAME-K.svg "
         "(NAME: FILE's name without its extension; DIR is made if need be)")
        ("dlx", "do not search: write the exact-cover problem in Knuth's format (with "
                "--distinct, the one whose solutions are the distinct ones)")
        ("estimate", "do not search: estimate the search tree from random paths (Knuth's "
                     "method): nodes, updates, solutions and seconds, each with its standard "
                     "error")
        ("samples", po::value<std::string>()->value_name("N"),
         "with --estimate: N random paths (default 1000)")
        ("seed", po::value<std::string>()->value_name("S"),
         "with --estimate: seed the random paths (default 0)")
        ("threads,t", po::value<std::string>()->value_name("T"),
         "count with T threads (counting only; default 1)")
        ("method,m", po::value<std::string>()->value_name("M"),
         "the search method: 'links' (dancing links) or 'cells' (dancing cells: not with pieces "
         "that have copies); by default cells where they can, links where pieces have copies")
        ("memo", "count with memory (Knuth's DLX6): each subproblem counted once, the count "
                 "exact however large (not with pieces that have copies)")
        ("memory", po::value<std::string>()->value_name("SIZE"),
         "with --memo: the most the cache may take, as 512M or 4G (default 1G)")
        ("leftmost", "with --memo: branch on the leftmost item left, not the one with fewest "
                     "options")
        ("time-limit", po::value<std::string>()->value_name("SECONDS"),
         "stop after SECONDS seconds: the count is then a lower bound, printed with '+', and "
         "the exit status 3")
        ("stats", "print solutions, nodes, updates and time on stderr, and the model's "
                  "pieces, placements and symmetries")
        ("progress", "show the progress line on stderr even when it is not a terminal")
        ("no-progress", "never show the progress line (shown by default on a terminal)");
    // clang-format on
    const auto parsed = cli::parse_command_line(
        argc, argv, visible, {"input", -1}, [&](std::ostream& out) { print_usage(out, visible); },
        std::string(program) + " (dlx) " + dlx::version);
    if (!parsed)
        return std::nullopt;
    const cli::Arguments& args = *parsed;
    Settings settings;
    const std::vector<std::string> words = args.texts("input");
    if (words.empty())
        throw cli::UsageError("say which puzzle FILE to solve ('-' for standard input)",
                              cli::UsageError::Show::usage);
    if (words.size() > 1)
        throw cli::UsageError("one puzzle FILE at a time, not '" + words[1] + "' too",
                              cli::UsageError::Show::usage);
    settings.input = words.front();
    if (args.given("distinct"))
        settings.solutions = polyform::Solutions::distinct;
    if (args.given("dlx") && args.given("estimate"))
        throw cli::UsageError("--dlx cannot be combined with --estimate");
    if (args.given("dlx"))
        settings.task = Task::dlx;
    if (args.given("estimate"))
        settings.task = Task::estimate;
    if (settings.task != Task::count) {
        for (const char* name : {"print", "all", "svg", "threads", "memo", "time-limit", "stats"})
            if (args.given(name))
                throw cli::UsageError(
                    std::string(settings.task == Task::dlx ? "--dlx" : "--estimate") +
                    " does not search: it cannot be combined with --print, "
                    "--all, --threads, --memo, --time-limit or --stats");
    }
    if ((args.given("samples") || args.given("seed")) && settings.task != Task::estimate)
        throw cli::UsageError("--samples and --seed go with --estimate");
    constexpr auto most = std::numeric_limits<std::uint64_t>::max() - 1;
    if (args.given("samples"))
        settings.samples = cli::parse_number(args.text("samples"), "--samples", 1, most);
    if (args.given("seed"))
        settings.seed = cli::parse_number(args.text("seed"), "--seed", 0,
                                          std::numeric_limits<std::uint64_t>::max());
    if (args.given("print") && args.given("all"))
        throw cli::UsageError("--print and --all cannot be used together");
    if (args.given("print"))
        settings.print = cli::parse_number(args.text("print"), "--print", 1, most);
    if (args.given("all"))
        settings.print = dlx::no_limit;
    if (args.given("svg")) {
        settings.svg_dir = args.text("svg");
        if (settings.print == 0)
            throw cli::UsageError("--svg goes with --print K or --all (it draws the solutions "
                                  "printed)");
        if (settings.svg_dir.empty())
            throw cli::UsageError("--svg wants a folder");
    }
    if (args.given("threads"))
        settings.threads =
            static_cast<unsigned>(cli::parse_number(args.text("threads"), "--threads", 1, 1024));
    if (settings.threads > 1 && settings.print > 0 && !args.given("memo"))
        throw cli::UsageError("--threads only counts: it cannot be combined with --print or --all");
    if (args.given("method") && !args.given("memo"))
        settings.method = exact_cover::parse_method(args.text("method"));
    settings.memo = exact_cover::memo_options(args, true);
    if (settings.memo && settings.print > 0)
        throw cli::UsageError("--memo counts: it cannot be combined with --print or --all");
    if (args.given("time-limit"))
        settings.time_limit = cli::parse_seconds(args.text("time-limit"), "--time-limit");
    settings.stats = args.given("stats");
    if (args.given("progress") && args.given("no-progress"))
        throw cli::UsageError("--progress and --no-progress cannot be used together");
    if (args.given("progress"))
        settings.progress = cli::Progress::Show::always;
    if (args.given("no-progress"))
        settings.progress = cli::Progress::Show::never;
    return settings;
}

// The puzzle in FILE, made into its model; faults as "FILE:LINE: what".
polyform::Model read_model(const Settings& settings)
{
    const std::string name = settings.input == "-" ? "stdin" : settings.input;
    polyform::Puzzle puzzle;
    if (settings.input == "-") {
        puzzle = polyform::read_puzzle(std::cin, name);
    } else {
        std::ifstream in = exact_cover::open_input(settings.input);
        puzzle = polyform::read_puzzle(in, name);
    }
    try {
        return polyform::build_model(puzzle, settings.solutions);
    } catch (const polyform::PuzzleError& error) {
        const std::size_t line =
            error.piece() ? puzzle.piece_line[*error.piece()] : puzzle.board_line;
        throw dlx::ParseError(name, line, 0, error.what());
    }
}

// The method that searches `problem`: the one asked for, else polyform's default.
dlx::Method method_for(const dlx::Problem& problem, const Settings& settings)
{
    if (settings.method) {
        exact_cover::check_method(problem, *settings.method, settings.input);
        return *settings.method;
    }
    return polyform::default_method(problem);
}

// --dlx: the problem whose solutions are the puzzle's, in Knuth's format.
int write_problem(const polyform::Model& model)
{
    if (model.parts.size() != 1 || !model.parts.front().filter.empty())
        throw std::runtime_error(
            "--dlx --distinct: no piece used exactly once breaks this puzzle's symmetry, so no "
            "one exact-cover problem has its distinct solutions (polyform counts them by "
            "comparing each solution with its images); --dlx without --distinct writes every "
            "solution's problem");
    dlx::write_knuth(std::cout, model.parts.front().problem);
    return exact_cover::finish_output();
}

// --estimate: the parts' trees added up (where a part keeps the least of each class, its
// solutions are estimated before that choice).
int print_estimate(const polyform::Model& model, const Settings& settings)
{
    dlx::TreeEstimate total;
    double took = 0;
    for (const polyform::Part& part : model.parts) {
        const dlx::Method method = method_for(part.problem, settings);
        const auto start = std::chrono::steady_clock::now();
        const dlx::TreeEstimate tree = dlx::estimate(part.problem, settings.samples, settings.seed,
                                                     dlx::ItemChoice::fewest, method);
        took += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const auto add = [](dlx::Estimate& sum, const dlx::Estimate& more) {
            sum.value += more.value;
            sum.standard_error = std::hypot(sum.standard_error, more.standard_error);
        };
        add(total.nodes, tree.nodes);
        add(total.updates, tree.updates);
        add(total.solutions, tree.solutions);
        total.updates_made += tree.updates_made;
    }
    exact_cover::print_estimate(std::cout, total, took, model.parts.front().problem,
                                method_for(model.parts.front().problem, settings));
    return exact_cover::finish_output();
}

// --svg: the folder made, if need be, before the search (so that a folder that cannot be made
// is said at once).
void make_svg_folder(const std::string& folder)
{
    std::error_code error;
    std::filesystem::create_directories(folder, error);
    if (error || !std::filesystem::is_directory(folder))
        throw std::runtime_error("--svg " + folder + ": cannot make the folder: " +
                                 (error ? error.message() : "a file of that name is there"));
}

// --svg: the picture of the `k`th solution drawn, written whole or not at all (docs/cli.md,
// section 1.6).
void write_picture(const polyform::Model& model, std::span<const polyform::Placement> placements,
                   const Settings& settings, std::uint64_t k)
{
    const std::string stem =
        settings.input == "-" ? "stdin" : std::filesystem::path(settings.input).stem().string();
    const std::string path =
        (std::filesystem::path(settings.svg_dir) / (stem + "-" + std::to_string(k) + ".svg"))
            .string();
    polyform::SvgOptions options;
    options.title = stem + ", solution " + std::to_string(k);
    const std::string text = polyform::svg(model.puzzle, placements, options);
    cli::OutputFile file(path);
    file.write(text.data(), text.size());
    file.commit();
}

// The count: each part counted (on threads, or with memory, where asked), or searched for the
// solutions to draw, or, where a part keeps the least of each class, its solutions compared
// with their images one by one.
int count(const polyform::Model& model, const Settings& settings)
{
    const auto start = std::chrono::steady_clock::now();
    cli::Progress progress(program, "", 0, settings.progress);
    dlx::SearchOptions options;
    options.time_limit = settings.time_limit;
    if (settings.time_limit != dlx::no_time_limit)
        options.progress_interval = time_check_nodes;
    if (settings.progress != cli::Progress::Show::never) {
        options.progress = [&](const dlx::SearchProgress& where) {
            if (progress.ready()) {
                const std::chrono::duration<double> seconds =
                    std::chrono::steady_clock::now() - start;
                progress.show(exact_cover::describe(where, seconds.count()));
            }
        };
    }
    if (!settings.svg_dir.empty())
        make_svg_folder(settings.svg_dir);
    if (settings.memo) {
        for (const polyform::Part& part : model.parts) {
            exact_cover::check_memo(part.problem, settings.input, settings.memo->engine);
            if (!part.filter.empty())
                throw std::runtime_error(
                    (settings.input == "-" ? std::string("stdin") : settings.input) +
                    ": --memo cannot count this puzzle's distinct solutions: no piece used "
                    "exactly once breaks its symmetry, so they are found by comparing each "
                    "solution with its images (count without --memo)");
        }
    }
    dlx::BigCount solutions;
    dlx::SearchStats stats;
    std::uint64_t drawn = 0;
    for (const polyform::Part& part : model.parts) {
        options.method = method_for(part.problem, settings);
        if (settings.memo) {
            dlx::MemoOptions memo = *settings.memo;
            memo.threads = settings.threads;
            memo.time_limit = settings.time_limit;
            const dlx::MemoStats counted = dlx::Solver(part.problem).count_memo(memo);
            solutions += counted.solutions;
            stats.nodes += counted.nodes;
            stats.updates += counted.updates;
            stats.stopped = counted.stopped;
        } else if (settings.print == 0) {
            const dlx::SearchStats counted =
                polyform::count(model, part, settings.threads, options);
            solutions += counted.solutions;
            stats += counted;
        } else {
            std::uint64_t kept = 0;
            stats += dlx::Solver(part.problem)
                         .search(
                             [&](std::span<const dlx::OptionId> solution) {
                                 if (!model.keeps(part, solution))
                                     return dlx::Visit::keep_going;
                                 ++kept;
                                 if (drawn < settings.print) {
                                     ++drawn;
                                     progress.clear();
                                     const auto placements = model.decode(part, solution);
                                     std::cout << polyform::draw(model.puzzle, placements) << '\n';
                                     if (!settings.svg_dir.empty())
                                         write_picture(model, placements, settings, drawn);
                                 }
                                 return dlx::Visit::keep_going;
                             },
                             options);
            solutions += kept;
        }
        if (exact_cover::unfinished(stats.stopped))
            break;
    }
    const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
    progress.finish();
    const bool unfinished = exact_cover::unfinished(stats.stopped);
    std::cout << solutions.to_string() << (unfinished ? "+" : "") << '\n';
    exact_cover::finish_output();
    if (settings.stats) {
        std::size_t options_searched = 0;
        for (const polyform::Part& part : model.parts)
            options_searched += part.problem.option_count();
        std::cerr << exact_cover::stats_line(solutions.to_string(), std::to_string(stats.nodes),
                                             std::to_string(stats.updates), seconds.count(),
                                             stats.stopped,
                                             settings.memo ? "search nodes" : "nodes")
                  << '\n'
                  << model.puzzle.pieces.size()
                  << (model.puzzle.pieces.size() == 1 ? " piece, " : " pieces, ")
                  << model.puzzle.board.size() << " cells, " << model.placements.size()
                  << " placements, " << model.symmetries.size()
                  << (model.symmetries.size() == 1 ? " symmetry" : " symmetries");
        if (settings.solutions == polyform::Solutions::distinct)
            std::cerr << ", " << options_searched << " options in " << model.parts.size()
                      << (model.parts.size() == 1 ? " part" : " parts");
        std::cerr << '\n';
    }
    return unfinished ? exit_unfinished : 0;
}

int run(int argc, char** argv)
{
    const auto parsed = parse_arguments(argc, argv);
    if (!parsed)
        return 0;
    const Settings& settings = *parsed;
    const polyform::Model model = read_model(settings);
    switch (settings.task) {
    case Task::dlx: return write_problem(model);
    case Task::estimate: return print_estimate(model, settings);
    case Task::count: break;
    }
    return count(model, settings);
}

} // namespace

int main(int argc, char** argv)
{
    std::ios::sync_with_stdio(false);
    return cli::guarded_main(program, synopsis, [&] { return run(argc, argv); });
}
