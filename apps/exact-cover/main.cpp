// exact-cover: solves an exact-cover problem written in Knuth's format (dlx1/dlx2/dlx3 input):
// counts its solutions, prints some or all of them, and reports Knuth's statistics; or
// estimates the size of its search tree first (docs/cli.md, section 4).
#include "common/cli_support.hpp"

#include <dlx/dlx.hpp>

#include <boost/program_options.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

namespace po = boost::program_options;

namespace {

constexpr const char* program = "exact-cover";

struct Settings {
    std::string input = "-";
    std::uint64_t print = 0; // solutions to print
    std::uint64_t limit = dlx::no_limit;
    std::optional<std::uint64_t> seed;
    unsigned threads = 1;
    bool stats = false;
    bool trace = false;
    bool estimate = false;
    std::uint64_t samples = 1000; // --samples for --estimate
    cli::Progress::Show progress = cli::Progress::Show::on_terminal;
};

constexpr const char* synopsis = "Usage: exact-cover [OPTIONS] [FILE]\n";

void print_usage(std::ostream& out, const po::options_description& options)
{
    out << synopsis
        << "Solves the exact-cover problem in FILE (Knuth's dlx format; '-' or no FILE reads\n"
        << "standard input) and prints the number of solutions.\n\n"
        << options << "\n"
        << "Exit status: 0 success, 1 bad input or I/O error, 2 bad usage.\n";
}

std::optional<Settings> parse_arguments(int argc, char** argv)
{
    po::options_description visible("Options");
    cli::add_help_and_version(visible);
    // One option a line, as Boost.ProgramOptions reads best:
    // clang-format off
    visible.add_options()
        ("print,p", po::value<std::string>()->value_name("K"), "print the first K solutions")
        ("all,a", "print every solution")
        ("limit,l", po::value<std::string>()->value_name("N"), "stop after N solutions")
        ("seed,s", po::value<std::string>()->value_name("S"),
         "randomise the search reproducibly: break ties between items, and order "
         "the options tried, at random from seed S")
        ("threads,t", po::value<std::string>()->value_name("T"),
         "count with T threads (counting only; default 1)")
        ("stats", "print solutions, nodes, updates and time on stderr")
        ("trace", "print every step of the search on stderr (for teaching)")
        ("estimate", "do not search: estimate the search tree from random paths (Knuth's "
                     "method) and print nodes, updates, solutions and seconds, each with its "
                     "standard error")
        ("samples", po::value<std::string>()->value_name("N"),
         "with --estimate: N random paths (default 1000); --seed S seeds them (default 0)")
        ("progress", "show the progress line on stderr even when it is not a terminal (a line "
                     "at a time)")
        ("no-progress", "never show the progress line (shown by default on a terminal: part "
                        "of the tree done, solutions, nodes a second, time left)");
    // clang-format on
    const auto parsed = cli::parse_command_line(
        argc, argv, visible, {"input"}, [&](std::ostream& out) { print_usage(out, visible); },
        std::string(program) + " (dlx) " + dlx::version);
    if (!parsed)
        return std::nullopt;
    const cli::Arguments& args = *parsed;

    Settings settings;
    if (args.given("input"))
        settings.input = args.text("input");
    if (args.given("print") && args.given("all"))
        throw cli::UsageError("--print and --all cannot be used together");
    constexpr auto most = std::numeric_limits<std::uint64_t>::max() - 1;
    if (args.given("print"))
        settings.print = cli::parse_number(args.text("print"), "--print", 1, most);
    if (args.given("all"))
        settings.print = dlx::no_limit;
    if (args.given("limit"))
        settings.limit = cli::parse_number(args.text("limit"), "--limit", 1, most);
    if (args.given("seed"))
        settings.seed = cli::parse_number(args.text("seed"), "--seed", 0,
                                          std::numeric_limits<std::uint64_t>::max());
    if (args.given("threads"))
        settings.threads =
            static_cast<unsigned>(cli::parse_number(args.text("threads"), "--threads", 1, 1024));
    settings.stats = args.given("stats");
    settings.trace = args.given("trace");
    settings.estimate = args.given("estimate");
    if (args.given("samples") && !settings.estimate)
        throw cli::UsageError("--samples goes with --estimate");
    if (settings.estimate && (args.given("print") || args.given("all") || args.given("limit") ||
                              args.given("threads") || settings.stats || settings.trace))
        throw cli::UsageError("--estimate does not search: it cannot be combined with --print, "
                              "--all, --limit, --threads, --stats or --trace");
    if (args.given("samples"))
        settings.samples = cli::parse_number(args.text("samples"), "--samples", 1, most);
    if (args.given("progress") && args.given("no-progress"))
        throw cli::UsageError("--progress and --no-progress cannot be used together");
    if (settings.estimate && args.given("progress"))
        throw cli::UsageError("--progress goes with a search, not with --estimate");
    if (args.given("progress"))
        settings.progress = cli::Progress::Show::always;
    if (args.given("no-progress"))
        settings.progress = cli::Progress::Show::never;
    if (settings.threads > 1 && (settings.print > 0 || settings.trace || settings.seed))
        throw cli::UsageError("--threads only counts: it cannot be combined with --print, --all, "
                              "--trace or --seed");
    return settings;
}

/// The teaching trace: one line per step, indented by level.
class TextTracer : public dlx::Tracer {
public:
    TextTracer(const dlx::Problem& problem, std::ostream& out) : problem_(problem), out_(out) {}

    void choose(std::size_t level, dlx::ItemId item, std::size_t length) override
    {
        indent(level) << "L" << level << " choose " << problem_.name(item) << " (" << length
                      << (length == 1 ? " option)\n" : " options)\n");
    }
    void try_option(std::size_t level, std::optional<dlx::OptionId> option) override
    {
        indent(level) << "L" << level << " try "
                      << (option ? dlx::format_option(problem_, *option) : "no further option")
                      << '\n';
    }
    void backtrack(std::size_t level, dlx::ItemId item) override
    {
        indent(level) << "L" << level << " backtrack from " << problem_.name(item) << '\n';
    }
    void solution(std::span<const dlx::OptionId> options) override
    {
        indent(options.size()) << "solution " << ++solutions_ << ":";
        for (std::size_t i = 0; i < options.size(); ++i)
            out_ << (i ? "; " : " ") << dlx::format_option(problem_, options[i]);
        out_ << '\n';
    }

private:
    std::ostream& indent(std::size_t level)
    {
        for (std::size_t i = 0; i < level; ++i)
            out_ << "  ";
        return out_;
    }
    const dlx::Problem& problem_;
    std::ostream& out_;
    std::uint64_t solutions_ = 0;
};

// This machine's speed for the search of `problem`, in updates a second, from a real search
// of a tenth of a second or so (or the whole search, if it is shorter).
double update_rate(const dlx::Problem& problem)
{
    dlx::Solver solver(problem);
    dlx::SearchOptions options;
    for (options.node_limit = 1000;; options.node_limit *= 4) {
        const auto start = std::chrono::steady_clock::now();
        const auto stats = solver.count(options);
        const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
        if (seconds.count() >= 0.1 || stats.complete || options.node_limit > dlx::no_limit / 8)
            return static_cast<double>(stats.updates) / std::max(seconds.count(), 1e-9);
    }
}

// "12.3% of the tree, 4093 solutions, 1.21M nodes/s, about 40 s left": where a search stands.
std::string describe(const dlx::SearchProgress& progress, double seconds)
{
    const auto per_second = static_cast<double>(progress.nodes) / std::max(seconds, 1e-9);
    char text[160];
    if (std::isnan(progress.fraction_done)) {
        std::snprintf(text, sizeof text, "%llu solutions, %.3gM nodes/s",
                      static_cast<unsigned long long>(progress.solutions), per_second / 1e6);
    } else {
        const double done = progress.fraction_done;
        const double left = done > 0 ? seconds * (1 - done) / done : 0;
        std::snprintf(text, sizeof text,
                      "%.1f%% of the tree, %llu solutions, %.3gM nodes/s, about %.0f s left",
                      100 * done, static_cast<unsigned long long>(progress.solutions),
                      per_second / 1e6, left);
    }
    return text;
}

// --estimate: "name estimate standard-error" per line, for nodes, updates, solutions, seconds.
void print_estimate(const dlx::Problem& problem, const Settings& settings)
{
    const auto tree = dlx::estimate(problem, settings.samples, settings.seed.value_or(0));
    const double rate = update_rate(problem);
    const auto line = [](const char* name, double value, double error) {
        char text[96];
        std::snprintf(text, sizeof text, "%s %.6g %.6g\n", name, value, error);
        std::cout << text;
    };
    line("nodes", tree.nodes.value, tree.nodes.standard_error);
    line("updates", tree.updates.value, tree.updates.standard_error);
    line("solutions", tree.solutions.value, tree.solutions.standard_error);
    line("seconds", rate > 0 ? tree.updates.value / rate : 0,
         rate > 0 ? tree.updates.standard_error / rate : 0);
}

int run(int argc, char** argv)
{
    const auto parsed = parse_arguments(argc, argv);
    if (!parsed)
        return 0;
    const Settings& settings = *parsed;

    const dlx::Problem problem = settings.input == "-" ? dlx::read_knuth(std::cin, "stdin")
                                                       : dlx::read_knuth_file(settings.input);
    if (settings.estimate) {
        if (problem.has_multiplicities())
            throw std::runtime_error(settings.input + ": --estimate is not available for "
                                                      "multiplicities (Algorithm M) yet");
        print_estimate(problem, settings);
        std::cout.flush();
        if (!std::cout)
            throw std::runtime_error("cannot write to standard output");
        return 0;
    }

    dlx::SearchOptions options;
    options.solution_limit = settings.limit;
    options.seed = settings.seed;
    TextTracer tracer(problem, std::cerr);
    if (settings.trace)
        options.tracer = &tracer;

    const auto start = std::chrono::steady_clock::now();
    cli::Progress progress(program, "", 0, settings.progress);
    if (settings.progress != cli::Progress::Show::never && !settings.trace) {
        options.progress = [&](const dlx::SearchProgress& where) {
            if (progress.ready()) {
                const std::chrono::duration<double> seconds =
                    std::chrono::steady_clock::now() - start;
                progress.show(describe(where, seconds.count()));
            }
        };
    }
    dlx::SearchStats stats;
    if (settings.print > 0) {
        std::uint64_t printed = 0;
        std::vector<dlx::OptionId> sorted;
        dlx::Solver solver(problem);
        stats = solver.search(
            [&](std::span<const dlx::OptionId> solution) {
                if (printed < settings.print) {
                    ++printed;
                    progress.clear(); // a solution on the terminal, then the line again
                    sorted.assign(solution.begin(), solution.end());
                    std::sort(sorted.begin(), sorted.end());
                    for (const dlx::OptionId option : sorted)
                        std::cout << dlx::format_option(problem, option) << '\n';
                    std::cout << '\n';
                }
                return dlx::Visit::keep_going;
            },
            options);
    } else if (settings.threads > 1) {
        stats = dlx::count_parallel(problem, settings.threads, options);
    } else {
        stats = dlx::Solver(problem).count(options);
    }
    const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
    progress.finish();

    std::cout << stats.solutions << '\n';
    std::cout.flush();
    if (!std::cout)
        throw std::runtime_error("cannot write to standard output");
    if (settings.stats) {
        char time[32];
        std::snprintf(time, sizeof time, "%.3f s", seconds.count());
        std::cerr << stats.solutions << (stats.solutions == 1 ? " solution, " : " solutions, ")
                  << stats.nodes << " nodes, " << stats.updates << " updates, " << time
                  << (stats.complete ? "" : " (stopped early)") << '\n';
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    std::ios::sync_with_stdio(false);
    return cli::guarded_main(program, synopsis, [&] { return run(argc, argv); });
}
