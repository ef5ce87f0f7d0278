// exact-cover: solves an exact-cover problem written in Knuth's format (dlx1/dlx2/dlx3 input):
// counts its solutions, prints some or all of them, and reports Knuth's statistics.
#include "common/cli_support.hpp"

#include <dlx/dlx.hpp>

#include <boost/program_options.hpp>

#include <algorithm>
#include <chrono>
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
        ("trace", "print every step of the search on stderr (for teaching)");
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

int run(int argc, char** argv)
{
    const auto parsed = parse_arguments(argc, argv);
    if (!parsed)
        return 0;
    const Settings& settings = *parsed;

    const dlx::Problem problem = settings.input == "-" ? dlx::read_knuth(std::cin, "stdin")
                                                       : dlx::read_knuth_file(settings.input);

    dlx::SearchOptions options;
    options.solution_limit = settings.limit;
    options.seed = settings.seed;
    TextTracer tracer(problem, std::cerr);
    if (settings.trace)
        options.tracer = &tracer;

    const auto start = std::chrono::steady_clock::now();
    dlx::SearchStats stats;
    if (settings.print > 0) {
        std::uint64_t printed = 0;
        std::vector<dlx::OptionId> sorted;
        dlx::Solver solver(problem);
        stats = solver.search(
            [&](std::span<const dlx::OptionId> solution) {
                if (printed < settings.print) {
                    ++printed;
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
