// exact-cover: solves an exact-cover problem written in Knuth's format (dlx1/dlx2/dlx3 input):
// counts its solutions, prints some or all of them, and reports Knuth's statistics; estimates
// the size of its search tree first; or shares the count out as jobs and adds up their results
// (docs/cli.md, section 4).
#include "common/cli_support.hpp"
#include "exact-cover/jobs.hpp"
#include "exact-cover/report.hpp"

#include <dlx/dlx.hpp>
#include <dlx/memo.hpp>

#include <boost/program_options.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace po = boost::program_options;

namespace {

constexpr const char* program = "exact-cover";
// The exit status of a search stopped by --node-limit or --time-limit (docs/cli.md, 1.2).
constexpr int exit_unfinished = 3;
// With --time-limit, the clock is read every so many nodes: a few milliseconds apart even on
// problems with costly nodes (pento6x10: 5 ms), for one clock read among 4096 nodes.
constexpr std::uint64_t time_check_nodes = 4096;

// What the run does: search (count, print), or one of the tasks that do not search at once.
enum class Task { search, estimate, split, jobs, merge };

struct Settings {
    Task task = Task::search;
    std::string input = "-";
    std::vector<std::string> results; // --merge: the result files
    std::string jobs_file;            // --jobs, --merge
    std::uint64_t split = 0;          // --split K
    std::optional<std::string> job_range;
    std::uint64_t print = 0; // solutions to print
    std::uint64_t limit = dlx::no_limit;
    std::uint64_t node_limit = dlx::no_limit;
    std::chrono::nanoseconds time_limit = dlx::no_time_limit;
    std::optional<std::uint64_t> seed;
    unsigned threads = 1;
    dlx::Method method = dlx::Method::links;
    bool stats = false;
    bool trace = false;
    std::optional<dlx::MemoOptions> memo; // --memo, with --leftmost and --memory
    std::string zdd_out;                  // --zdd FILE: with --memo, the ZDD written there
    std::string zdd_in;                   // --read-zdd FILE: no search, the ZDD read from there
    std::uint64_t random = 0;             // --random K: solutions drawn uniformly from the ZDD
    std::optional<std::uint64_t> samples; // --estimate: 1000 by default; --split: 0 (shares)
    cli::Progress::Show progress = cli::Progress::Show::on_terminal;
};

constexpr const char* synopsis = "Usage: exact-cover [OPTIONS] [FILE]\n"
                                 "       exact-cover --merge JOBS [RESULTS...]\n";

void print_usage(std::ostream& out, const po::options_description& options)
{
    out << synopsis
        << "Solves the exact-cover problem in FILE (Knuth's dlx format; '-' or no FILE reads\n"
        << "standard input) and prints the number of solutions. --split, --jobs and --merge\n"
        << "share the count out as jobs that run anywhere, and add their results up.\n\n"
        << options << "\n"
        << "Exit status: 0 success, 1 bad input or I/O error, 2 bad usage, 3 the search\n"
        << "stopped at --node-limit or --time-limit: the count printed (with '+') is a lower\n"
        << "bound.\n";
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
        ("node-limit", po::value<std::string>()->value_name("N"),
         "stop after entering N nodes of the search tree: the count is then a lower bound, "
         "printed with '+', and the exit status 3")
        ("time-limit", po::value<std::string>()->value_name("SECONDS"),
         "stop after SECONDS seconds (10, 0.5, ...; the clock is read every 4096 nodes): the "
         "count is then a lower bound, printed with '+', and the exit status 3")
        ("seed,s", po::value<std::string>()->value_name("S"),
         "randomise the search reproducibly: break ties between items, and order "
         "the options tried, at random from seed S")
        ("threads,t", po::value<std::string>()->value_name("T"),
         "count with T threads (counting only; default 1)")
        ("method,m", po::value<std::string>()->value_name("M"),
         "the search method: 'links' (dancing links, as Knuth's dlx1/2/3: the default) or "
         "'cells' (dancing cells: sparse sets, as his ssxcc; no multiplicities); also for "
         "--estimate and --split (--jobs runs the method its job file names)")
        ("stats", "print solutions, nodes, updates and time on stderr")
        ("memo", "count with memory (Knuth's DLX6): each subproblem counted once, the count "
                 "exact however large")
        ("leftmost", "with --memo: branch on the leftmost item left (DLX6-noMRV), not the one "
                     "with fewest options")
        ("memory", po::value<std::string>()->value_name("SIZE"),
         "with --memo: the most the cache may take, as 512M or 4G (default 1G); when full it is "
         "emptied, and the count stays exact")
        ("zdd", po::value<std::string>()->value_name("FILE"),
         "with --memo: write the ZDD of all solutions to FILE (Knuth's DLX6 text)")
        ("read-zdd", po::value<std::string>()->value_name("FILE"),
         "do not search: read the ZDD that --memo --zdd wrote for this problem, and count, "
         "print (--print, --all) or draw (--random) its solutions")
        ("random", po::value<std::string>()->value_name("K"),
         "with --memo or --read-zdd: print K solutions drawn uniformly at random (--seed S "
         "picks them; default 0)")
        ("trace", "print every step of the search on stderr (for teaching)")
        ("estimate", "do not search: estimate the search tree from random paths (Knuth's "
                     "method) and print nodes, updates, solutions and seconds, each with its "
                     "standard error")
        ("samples", po::value<std::string>()->value_name("N"),
         "with --estimate: N random paths (default 1000); with --split: weigh each subtree "
         "by N random paths below it instead of by its share of the tree (default 0); --seed "
         "S seeds them (default 0)")
        ("split", po::value<std::string>()->value_name("K"),
         "do not search: cut the search into at least K jobs and print the job file")
        ("jobs", po::value<std::string>()->value_name("JOBS"),
         "run the jobs of job file JOBS (made by --split for FILE), printing one result line "
         "each")
        ("job", po::value<std::string>()->value_name("I[-J]"),
         "with --jobs: run only job I, or jobs I to J")
        ("merge", po::value<std::string>()->value_name("JOBS"),
         "add up the result files of JOBS's jobs (the words after the options): print the "
         "count, and the --stats line on stderr")
        ("progress", "show the progress line on stderr even when it is not a terminal (a line "
                     "at a time)")
        ("no-progress", "never show the progress line (shown by default on a terminal: part "
                        "of the tree done, solutions, nodes a second, time left)");
    // clang-format on
    const auto parsed = cli::parse_command_line(
        argc, argv, visible, {"input", -1}, [&](std::ostream& out) { print_usage(out, visible); },
        std::string(program) + " (dlx) " + dlx::version);
    if (!parsed)
        return std::nullopt;
    const cli::Arguments& args = *parsed;

    Settings settings;
    // The task: a search unless one of the others is asked for.
    const std::vector<std::pair<const char*, Task>> tasks = {{"estimate", Task::estimate},
                                                             {"split", Task::split},
                                                             {"jobs", Task::jobs},
                                                             {"merge", Task::merge}};
    std::string task_option; // "--split", say; empty for a search
    for (const auto& [name, task] : tasks) {
        if (!args.given(name))
            continue;
        if (!task_option.empty())
            throw cli::UsageError(std::string("--") + name +
                                  " cannot be combined with another of "
                                  "--estimate, --split, --jobs and --merge");
        settings.task = task;
        task_option = std::string("--") + name;
    }
    const std::vector<std::string> words = args.texts("input");
    if (settings.task == Task::merge) {
        settings.jobs_file = args.text("merge");
        settings.results = words;
    } else if (words.size() > 1) {
        throw cli::UsageError("one problem FILE at most (several words are for --merge)",
                              cli::UsageError::Show::usage);
    } else if (words.size() == 1) {
        settings.input = words.front();
    }
    if (settings.task != Task::search) {
        const char* const searching[] = {"print",      "all",     "limit", "node-limit",
                                         "time-limit", "threads", "stats", "trace"};
        for (const char* name : searching) {
            // --merge prints the --stats line anyway: --stats with it is allowed, and idle.
            if (args.given(name) && !(settings.task == Task::merge && name == std::string("stats")))
                throw cli::UsageError(task_option +
                                      " does not search: it cannot be combined with --print, "
                                      "--all, --limit, --node-limit, --time-limit, --threads, "
                                      "--stats or --trace");
        }
    }
    const bool samples_paths = settings.task == Task::estimate || settings.task == Task::split;
    if (args.given("samples") && !samples_paths)
        throw cli::UsageError("--samples goes with --estimate or --split");
    if (args.given("seed") && (settings.task == Task::jobs || settings.task == Task::merge))
        throw cli::UsageError(task_option + " takes no --seed (the job file fixes the search)");
    if (args.given("seed") && settings.task == Task::split && !args.given("samples"))
        throw cli::UsageError("--split takes --seed only with --samples (it seeds their paths)");
    if (args.given("job") && settings.task != Task::jobs)
        throw cli::UsageError("--job goes with --jobs");
    if (settings.task == Task::jobs) {
        settings.jobs_file = args.text("jobs");
        if (args.given("job"))
            settings.job_range = args.text("job");
        if (settings.jobs_file == "-" && settings.input == "-")
            throw cli::UsageError("--jobs - reads the job file from standard input: the problem "
                                  "then needs a FILE");
    }
    if (settings.task == Task::merge &&
        std::count(settings.results.begin(), settings.results.end(), "-") +
                (settings.jobs_file == "-" ? 1 : 0) >
            1)
        throw cli::UsageError("standard input ('-') can be read once: name the other files");
    constexpr auto most = std::numeric_limits<std::uint64_t>::max() - 1;
    if (settings.task == Task::split)
        settings.split = cli::parse_number(args.text("split"), "--split", 1, 100000000);
    if (args.given("print") && args.given("all"))
        throw cli::UsageError("--print and --all cannot be used together");
    if (args.given("print"))
        settings.print = cli::parse_number(args.text("print"), "--print", 1, most);
    if (args.given("all"))
        settings.print = dlx::no_limit;
    if (args.given("limit"))
        settings.limit = cli::parse_number(args.text("limit"), "--limit", 1, most);
    if (args.given("node-limit"))
        settings.node_limit = cli::parse_number(args.text("node-limit"), "--node-limit", 1, most);
    if (args.given("time-limit"))
        settings.time_limit = cli::parse_seconds(args.text("time-limit"), "--time-limit");
    if (args.given("seed"))
        settings.seed = cli::parse_number(args.text("seed"), "--seed", 0,
                                          std::numeric_limits<std::uint64_t>::max());
    if (args.given("threads"))
        settings.threads =
            static_cast<unsigned>(cli::parse_number(args.text("threads"), "--threads", 1, 1024));
    if (args.given("method") && !args.given("memo")) { // with --memo: memo_options()
        settings.method = exact_cover::parse_method(args.text("method"));
        if (settings.task == Task::jobs)
            throw cli::UsageError("--method goes with a search, --estimate or --split: --jobs "
                                  "runs the method its job file names");
        if (settings.task == Task::merge)
            throw cli::UsageError("--method goes with a search, --estimate or --split, not with "
                                  "--merge");
    }
    settings.stats = args.given("stats");
    settings.trace = args.given("trace");
    settings.memo = exact_cover::memo_options(args, true);
    if (args.given("zdd")) {
        settings.zdd_out = args.text("zdd");
        if (!settings.memo)
            throw cli::UsageError("--zdd goes with --memo");
        if (settings.zdd_out == "-" || settings.zdd_out.empty())
            throw cli::UsageError("--zdd wants a file name (standard output has the count)");
        std::error_code error;
        if (settings.input != "-" &&
            std::filesystem::equivalent(settings.zdd_out, settings.input, error))
            throw cli::UsageError("--zdd " + settings.zdd_out + " is the problem file itself");
    }
    if (args.given("random")) {
        settings.random = cli::parse_number(args.text("random"), "--random", 1, most);
        if (!settings.memo && !args.given("read-zdd"))
            throw cli::UsageError("--random goes with --memo or --read-zdd");
        if (args.given("print") || args.given("all"))
            throw cli::UsageError("--random cannot be combined with --print or --all");
    }
    if (args.given("read-zdd")) {
        settings.zdd_in = args.text("read-zdd");
        if (settings.zdd_in.empty() || settings.zdd_in == "-")
            throw cli::UsageError("--read-zdd wants a file name");
        const char* const searching[] = {"memo",    "limit", "node-limit", "time-limit",
                                         "threads", "trace", "method",     "progress"};
        for (const char* name : searching) {
            if (args.given(name) || settings.task != Task::search)
                throw cli::UsageError("--read-zdd does not search: it cannot be combined with "
                                      "--memo, --limit, --node-limit, --time-limit, --threads, "
                                      "--trace, --method, --progress or the jobs' options");
        }
    }
    if (settings.memo) {
        if (settings.task != Task::search && settings.task != Task::jobs)
            throw cli::UsageError(task_option + " cannot be combined with --memo");
        if (settings.task == Task::jobs && (args.given("zdd") || args.given("random")))
            throw cli::UsageError("--jobs --memo counts each job: it writes no --zdd and draws "
                                  "no --random solutions");
        if (args.given("limit") || args.given("trace"))
            throw cli::UsageError("--memo counts without a solution limit or a trace: it cannot be "
                                  "combined with --limit or --trace");
    }
    if (args.given("seed") && (settings.memo || args.given("read-zdd")) && !settings.random)
        throw cli::UsageError("with --memo or --read-zdd, --seed goes with --random (it picks "
                              "the solutions drawn)");
    if (args.given("samples"))
        settings.samples = cli::parse_number(args.text("samples"), "--samples",
                                             settings.task == Task::split ? 0 : 1, most);
    if (args.given("progress") && args.given("no-progress"))
        throw cli::UsageError("--progress and --no-progress cannot be used together");
    if (args.given("progress") && settings.task != Task::search && settings.task != Task::jobs)
        throw cli::UsageError("--progress goes with a search or --jobs");
    if (args.given("progress"))
        settings.progress = cli::Progress::Show::always;
    if (args.given("no-progress"))
        settings.progress = cli::Progress::Show::never;
    if (settings.threads > 1 && !settings.memo &&
        (settings.print > 0 || settings.trace || settings.seed))
        throw cli::UsageError("--threads only counts: it cannot be combined with --print, --all, "
                              "--trace or --seed");
    if (settings.threads > 1 && args.given("node-limit"))
        throw cli::UsageError("--node-limit counts the nodes of one search: it cannot be "
                              "combined with --threads");
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

// --estimate: "name estimate standard-error" per line (exact_cover::print_estimate).
void print_estimate(const dlx::Problem& problem, const Settings& settings)
{
    const auto start = std::chrono::steady_clock::now();
    const auto tree =
        dlx::estimate(problem, settings.samples.value_or(1000), settings.seed.value_or(0),
                      dlx::ItemChoice::fewest, settings.method);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    exact_cover::print_estimate(std::cout, tree, took.count(), problem, settings.method);
}

// --jobs: the jobs of the range, each a result line written and flushed as it ends.
int run_jobs(const dlx::Problem& problem, const Settings& settings)
{
    const dlx::Split split = exact_cover::read_job_file(settings.jobs_file);
    exact_cover::check_problem(split, settings.jobs_file, problem, settings.input);
    const auto [first, last] =
        settings.job_range ? exact_cover::parse_job_range(*settings.job_range, split.jobs.size())
                           : std::pair<std::uint64_t, std::uint64_t>{1, split.jobs.size()};
    cli::Progress progress(program, "jobs", last + 1 - first, settings.progress);
    if (settings.memo)
        exact_cover::check_memo(problem, settings.input, settings.memo->engine, &split,
                                settings.jobs_file);
    dlx::Solver solver(problem);
    const std::string digest = split.digest();
    for (std::uint64_t job = first; job <= last; ++job) {
        const dlx::JobResult result = exact_cover::run_job(
            solver, split, digest, job, settings.memo ? &*settings.memo : nullptr);
        progress.clear();
        std::cout << dlx::format_result(result) << '\n' << std::flush;
        if (!std::cout)
            throw std::runtime_error("cannot write to standard output");
        progress.update(job + 1 - first);
    }
    progress.finish();
    return exact_cover::finish_output();
}

// --merge: the count on standard output and the --stats line on standard error, as one
// unsplit search with --stats prints them; the time is the jobs' own, added up.
int merge(const Settings& settings)
{
    const dlx::Split split = exact_cover::read_job_file(settings.jobs_file);
    dlx::Merge merge(split);
    exact_cover::add_result_files(merge, settings.results);
    exact_cover::require_complete(merge, settings.jobs_file);
    std::cout << merge.solutions().to_string() << '\n';
    exact_cover::finish_output();
    std::cerr << exact_cover::stats_line(merge.solutions().to_string(), merge.nodes().to_string(),
                                         merge.updates().to_string(), merge.seconds(),
                                         dlx::Stop::none, merge.memo() ? "search nodes" : "nodes")
              << '\n';
    return 0;
}

// A solution as --print prints it: its options, one a line, in input order, then an empty line.
void print_solution(const dlx::Problem& problem, std::span<const dlx::OptionId> solution)
{
    std::vector<dlx::OptionId> sorted(solution.begin(), solution.end());
    std::sort(sorted.begin(), sorted.end());
    for (const dlx::OptionId option : sorted)
        std::cout << dlx::format_option(problem, option) << '\n';
    std::cout << '\n';
}

// The solutions of a ZDD that --print, --all or --random asks for.
void print_from(const dlx::Zdd& zdd, const dlx::Problem& problem, const Settings& settings)
{
    if (settings.print > 0) {
        std::uint64_t printed = 0;
        zdd.for_each([&](std::span<const dlx::OptionId> solution) {
            print_solution(problem, solution);
            return ++printed < settings.print ? dlx::Visit::keep_going : dlx::Visit::stop;
        });
    }
    dlx::Random random(settings.seed.value_or(0));
    for (const std::vector<dlx::OptionId>& solution : zdd.sample(random, settings.random))
        print_solution(problem, solution);
}

// --read-zdd: the ZDD that --memo --zdd wrote, its solutions counted, printed or drawn.
int from_zdd_file(const dlx::Problem& problem, const Settings& settings)
{
    const auto start = std::chrono::steady_clock::now();
    std::ifstream in = exact_cover::open_input(settings.zdd_in);
    const dlx::Zdd zdd = dlx::Zdd::read(in, problem, settings.zdd_in);
    print_from(zdd, problem, settings);
    const dlx::BigCount count = zdd.count();
    std::cout << count.to_string() << '\n';
    exact_cover::finish_output();
    if (settings.stats) {
        const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
        char time[32];
        std::snprintf(time, sizeof time, "%.3f s", seconds.count());
        std::cerr << count.to_string() << (count == 1 ? " solution, " : " solutions, ")
                  << zdd.size() << (zdd.size() == 1 ? " ZDD node, " : " ZDD nodes, ") << time
                  << '\n';
    }
    return 0;
}

// --memo: the count with memory, its '+' and status as a search's; --stats adds DLX6's
// figures: "..., 474 ZDD nodes, 590+382 signatures, 130 hits, cache 73304 bytes at most".
int count_with_memory(const dlx::Problem& problem, const Settings& settings)
{
    exact_cover::check_memo(problem, settings.input, settings.memo->engine);
    dlx::MemoOptions options = *settings.memo;
    options.threads = settings.threads;
    options.node_limit = settings.node_limit;
    options.time_limit = settings.time_limit;
    const auto start = std::chrono::steady_clock::now();
    cli::Progress progress(program, "", 0, settings.progress);
    if (settings.progress != cli::Progress::Show::never) {
        options.progress = [&](const dlx::MemoProgress& where) {
            if (!progress.ready())
                return;
            const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
            char text[160];
            std::snprintf(text, sizeof text, "%.1f%% of the tree, %llu nodes, %llu hits, %.0f MB",
                          100 * where.fraction_done, static_cast<unsigned long long>(where.nodes),
                          static_cast<unsigned long long>(where.hits),
                          static_cast<double>(where.bytes) / 1e6);
            char time[32];
            std::snprintf(time, sizeof time, ", %.1f s", seconds.count());
            progress.show(std::string(text) + ", " + where.solutions.to_string() + " solutions" +
                          time);
        };
    }
    // The ZDD's file is opened before the count, so that a path that cannot be written is said
    // at once, not after the search.
    std::optional<cli::OutputFile> zdd_file;
    if (!settings.zdd_out.empty())
        zdd_file.emplace(settings.zdd_out);
    dlx::Solver solver(problem);
    const bool zdd_needed = !settings.zdd_out.empty() || settings.print > 0 || settings.random > 0;
    dlx::Zdd zdd;
    const dlx::MemoStats stats = solver.count_memo(options, zdd_needed ? &zdd : nullptr);
    const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
    progress.finish();

    const bool unfinished = exact_cover::unfinished(stats.stopped);
    if (!unfinished) {
        print_from(zdd, problem, settings);
        if (zdd_file) {
            std::ostringstream text;
            zdd.write(text, problem);
            const std::string written = text.str();
            zdd_file->write(written.data(), written.size());
            zdd_file->commit();
        }
    } else if (!settings.zdd_out.empty()) {
        std::cerr << program << ": " << settings.zdd_out
                  << " not written: the count did not finish\n";
    }
    std::cout << stats.solutions.to_string() << (unfinished ? "+" : "") << '\n';
    std::cout.flush();
    if (!std::cout)
        throw std::runtime_error("cannot write to standard output");
    if (settings.stats) {
        std::cerr << exact_cover::stats_line(
                         stats.solutions.to_string(), std::to_string(stats.nodes),
                         std::to_string(stats.updates), seconds.count(), stats.stopped,
                         "search nodes",
                         stats.engine == dlx::MemoEngine::sets ? "options set aside" : "updates")
                  << ", " << stats.zdd_nodes
                  << (stats.zdd_nodes == 1 ? " ZDD node, " : " ZDD nodes, ")
                  << stats.failed_signatures << '+' << stats.solved_signatures + 1
                  << " signatures, " << exact_cover::counted(std::to_string(stats.hits), "hits")
                  << ", cache " << stats.peak_bytes << " bytes at most";
        if (stats.clears > 0)
            std::cerr << " (emptied " << stats.clears << (stats.clears == 1 ? " time)" : " times)");
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

    if (settings.task == Task::merge)
        return merge(settings);
    const dlx::Problem problem = exact_cover::read_problem(settings.input);
    exact_cover::check_method(problem, settings.method, settings.input);
    switch (settings.task) {
    case Task::estimate: print_estimate(problem, settings); return exact_cover::finish_output();
    case Task::split: {
        dlx::SplitOptions options;
        options.samples = settings.samples.value_or(options.samples);
        options.seed = settings.seed.value_or(0);
        options.method = settings.method;
        const dlx::Split split = dlx::split(problem, settings.split, options);
        dlx::write_split(std::cout, split,
                         settings.input == "-"
                             ? "stdin"
                             : std::filesystem::path(settings.input).filename().string());
        return exact_cover::finish_output();
    }
    case Task::jobs: return run_jobs(problem, settings);
    case Task::search:
        if (settings.memo)
            return count_with_memory(problem, settings);
        if (!settings.zdd_in.empty())
            return from_zdd_file(problem, settings);
        break;
    case Task::merge: break;
    }

    dlx::SearchOptions options;
    options.solution_limit = settings.limit;
    options.node_limit = settings.node_limit;
    options.time_limit = settings.time_limit;
    if (settings.time_limit != dlx::no_time_limit)
        options.progress_interval = time_check_nodes;
    options.seed = settings.seed;
    options.method = settings.method;
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
                progress.show(exact_cover::describe(where, seconds.count()));
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

    // A count that a limit on nodes or time cut short is a lower bound, and says so twice: with
    // '+', and with its own exit status, so that it never reads as "no solution".
    const bool unfinished = exact_cover::unfinished(stats.stopped);
    std::cout << stats.solutions << (unfinished ? "+" : "") << '\n';
    std::cout.flush();
    if (!std::cout)
        throw std::runtime_error("cannot write to standard output");
    if (settings.stats) {
        std::cerr << exact_cover::stats_line(
                         std::to_string(stats.solutions), std::to_string(stats.nodes),
                         std::to_string(stats.updates), seconds.count(), stats.stopped)
                  << '\n';
    }
    return unfinished ? exit_unfinished : 0;
}

} // namespace

int main(int argc, char** argv)
{
    std::ios::sync_with_stdio(false);
    return cli::guarded_main(program, synopsis, [&] { return run(argc, argv); });
}
