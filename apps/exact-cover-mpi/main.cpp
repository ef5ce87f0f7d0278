// exact-cover-mpi: counts the solutions of an exact-cover problem on the ranks of an MPI job
// (docs/scale-out.md). Rank 0 reads the problem, cuts the search into jobs (dlx/split.hpp) and
// hands them out, heaviest first, to the workers as they ask; every rank else counts the jobs it
// is given.
// The totals are those of one unsplit search: solutions, nodes, updates.
//
//   rank 0 (coordinator)                     rank r (worker)
//   read FILE, split (or read --jobs)
//   broadcast the problem, job file and -->  parse them, build the links
//   --memo's settings                   <--  "ready" (an empty line)
//   jobs, heaviest first                -->  count the first
//   append the result to --results,     <--  its result line; count the next
//   more jobs (about 20 ms ahead), or   -->  ... until 0
//   0 ("stop") once it holds none; merge; print
//
// Rank 0 waits with MPI_Iprobe and a 1 ms sleep instead of a blocking receive, which spins:
// oversubscribed on the workers' cores, a spinning coordinator slowed them by 18%
// (OpenMPI 4.1.4 on a 2-core machine: docs/scale-out.md section 5).
#include "common/cli_support.hpp"
#include "exact-cover/jobs.hpp"

#include <dlx/dlx.hpp>

#include <mpi.h>

#include <boost/program_options.hpp>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <numeric>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace po = boost::program_options;

namespace {

constexpr const char* program = "exact-cover-mpi";
constexpr const char* synopsis = "Usage: mpirun [MPI OPTIONS] exact-cover-mpi [OPTIONS] FILE\n";

struct Settings {
    std::string input;
    std::optional<std::uint64_t> split; // --split K
    std::string jobs_file;              // --jobs JOBS
    dlx::Method method = dlx::Method::links;
    std::string results; // --results FILE, or --resume FILE
    bool resume = false;
    bool stats = false;
    std::optional<dlx::MemoOptions> memo; // --memo, with --leftmost and --memory
    cli::Progress::Show progress = cli::Progress::Show::on_terminal;
};

void print_usage(std::ostream& out, const po::options_description& options)
{
    out << synopsis
        << "Counts the solutions of the exact-cover problem in FILE (Knuth's dlx format) on the\n"
        << "ranks of an MPI job: rank 0 cuts the search into jobs and hands them out, the\n"
        << "other ranks count them. Prints the number of solutions, as exact-cover does.\n\n"
        << options << "\n"
        << "Exit status: 0 success, 1 bad input, I/O error or a rank lost, 2 bad usage.\n";
}

std::optional<Settings> parse_arguments(int argc, char** argv)
{
    po::options_description visible("Options");
    cli::add_help_and_version(visible);
    // clang-format off
    visible.add_options()
        ("split", po::value<std::string>()->value_name("K"),
         "cut the search into at least K jobs (default: 64 per worker, 4 with --memo)")
        ("jobs", po::value<std::string>()->value_name("JOBS"),
         "run the jobs of job file JOBS (from exact-cover --split) instead of cutting afresh")
        ("method,m", po::value<std::string>()->value_name("M"),
         "the search method of the jobs it cuts: 'links' (dancing links, the default) or "
         "'cells' (dancing cells; no multiplicities); --jobs runs the method its file names")
        ("results", po::value<std::string>()->value_name("FILE"),
         "append each job's result line to FILE as it arrives (FILE must not hold results "
         "yet: see --resume)")
        ("resume", po::value<std::string>()->value_name("FILE"),
         "skip the jobs whose results FILE holds (from a run with the same jobs that "
         "stopped), and append the others to it")
        ("memo", "count each job with memory (Knuth's DLX6), as exact-cover --memo: exact "
         "however many; jobs of a dancing-links split")
        ("leftmost", "with --memo: branch on the leftmost item left (DLX6-noMRV)")
        ("memory", po::value<std::string>()->value_name("SIZE"),
         "with --memo: the most each rank's cache may take, as 512M or 4G (default 1G)")
        ("stats", "print solutions, nodes, updates and time on stderr")
        ("progress", "show the progress line on stderr even when it is not a terminal")
        ("no-progress", "never show the progress line");
    // clang-format on
    const auto parsed = cli::parse_command_line(
        argc, argv, visible, {"input"}, [&](std::ostream& out) { print_usage(out, visible); },
        std::string(program) + " (dlx) " + dlx::version);
    if (!parsed)
        return std::nullopt;
    const cli::Arguments& args = *parsed;
    Settings settings;
    if (!args.given("input"))
        throw cli::UsageError("no problem FILE given", cli::UsageError::Show::usage);
    settings.input = args.text("input");
    if (args.given("split") && args.given("jobs"))
        throw cli::UsageError("--split and --jobs cannot be used together");
    if (args.given("split"))
        settings.split = cli::parse_number(args.text("split"), "--split", 1, 100000000);
    if (args.given("jobs"))
        settings.jobs_file = args.text("jobs");
    if (args.given("method") && args.given("jobs"))
        throw cli::UsageError("--method goes with a split of its own: --jobs runs the method its "
                              "job file names");
    if (args.given("method"))
        settings.method = exact_cover::parse_method(args.text("method"));
    if (args.given("results") && args.given("resume"))
        throw cli::UsageError("--results and --resume cannot be used together (--resume FILE "
                              "appends to FILE)");
    if (args.given("results"))
        settings.results = args.text("results");
    if (args.given("resume")) {
        settings.results = args.text("resume");
        settings.resume = true;
    }
    settings.stats = args.given("stats");
    settings.memo = exact_cover::memo_options(args, false);
    if (settings.memo && settings.method == dlx::Method::cells)
        throw cli::UsageError("--memo dances links: it cannot be combined with --method cells");
    if (args.given("progress") && args.given("no-progress"))
        throw cli::UsageError("--progress and --no-progress cannot be used together");
    if (args.given("progress"))
        settings.progress = cli::Progress::Show::always;
    if (args.given("no-progress"))
        settings.progress = cli::Progress::Show::never;
    return settings;
}

// Messages between ranks: a job number to a worker (0: stop), and a result back as its result
// line (a count of any size travels as its digits; an empty line: "ready", before the first
// job).
constexpr int job_tag = 1, result_tag = 2;

void send_result(const dlx::JobResult* result)
{
    const std::string line = result != nullptr ? dlx::format_result(*result) : std::string();
    MPI_Send(line.data(), static_cast<int>(line.size()), MPI_CHAR, 0, result_tag, MPI_COMM_WORLD);
}

// Whether the work goes ahead (1) or not (0: --help, --version, bad usage or input): the first
// thing rank 0 broadcasts, so that the workers can leave quietly when it does not.
bool broadcast_go(bool go)
{
    int flag = go ? 1 : 0;
    MPI_Bcast(&flag, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return flag != 0;
}
bool work_shared = false; // rank 0: broadcast_go(true) has been said

// Rank 0's text, on every rank.
std::string broadcast(std::string text)
{
    unsigned long long size = text.size();
    MPI_Bcast(&size, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
    text.resize(size);
    MPI_Bcast(text.data(), static_cast<int>(size), MPI_CHAR, 0, MPI_COMM_WORLD);
    return text;
}

// The message a signal prints on rank 0 (mpirun sends SIGTERM when a rank dies, and passes
// Ctrl-C on): kept up to date after every result, in one of two buffers so that the handler
// never reads one being written.
struct StopMessage {
    std::string text[2];
    std::atomic<int> current{0};
};
StopMessage stop_message;

extern "C" void on_stop_signal(int)
{
    const std::string& text = stop_message.text[stop_message.current.load()];
    [[maybe_unused]] const auto written = ::write(STDERR_FILENO, text.data(), text.size());
    std::_Exit(1);
}

// How to run the same jobs again: "--split 128" or "--jobs FILE" (set by coordinate()).
std::string same_jobs;

void set_stop_message(const std::vector<std::uint64_t>& unfinished, const Settings& settings)
{
    std::string text = std::string(program) +
                       ": stopped before the end: " + std::to_string(unfinished.size()) +
                       (unfinished.size() == 1 ? " job unfinished (" : " jobs unfinished (") +
                       dlx::format_job_ranges(unfinished) + "); ";
    text += settings.results.empty()
                ? "no --results file kept the others\n"
                : settings.results + " holds the others: run again with " + same_jobs +
                      " --resume " + settings.results + " to finish\n";
    const int next = 1 - stop_message.current.load();
    stop_message.text[next] = std::move(text);
    stop_message.current.store(next);
}

// The results file, appended to a whole line at a time (a line written by one write() call,
// so that a run killed mid-way leaves whole lines behind).
class ResultLog {
public:
    explicit ResultLog(const std::string& path) : path_(path)
    {
        if (path.empty())
            return;
        fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        if (fd_ < 0)
            throw std::runtime_error(path + ": cannot open: " + std::strerror(errno));
    }
    ~ResultLog()
    {
        if (fd_ >= 0)
            ::close(fd_);
    }
    ResultLog(const ResultLog&) = delete;
    ResultLog& operator=(const ResultLog&) = delete;
    void add(const dlx::JobResult& result)
    {
        if (fd_ < 0)
            return;
        const std::string line = dlx::format_result(result) + '\n';
        if (::write(fd_, line.data(), line.size()) != static_cast<ssize_t>(line.size()))
            throw std::runtime_error(path_ + ": cannot write: " + std::strerror(errno));
    }

private:
    std::string path_;
    int fd_ = -1;
};

// Rank 0: the problem and the jobs, checked, then shared with the workers.
struct Work {
    dlx::Problem problem;
    dlx::Split split;
};

std::string read_text(const std::string& path)
{
    if (path == "-") {
        std::ostringstream text;
        text << std::cin.rdbuf();
        return text.str();
    }
    std::ifstream in = exact_cover::open_input(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// A results file that a run killed mid-write left with a partial last line: the line is cut
// off (it was never a whole result), so that --resume appends after whole lines only.
void keep_whole_lines(const std::string& path)
{
    const std::string text = read_text(path);
    if (text.empty() || text.back() == '\n')
        return;
    const std::size_t keep = text.rfind('\n') + 1; // 0 when there is no whole line
    std::filesystem::resize_file(path, keep);
    std::cerr << program << ": " << path << ": its last line was cut short (a run stopped while "
              << "writing it): dropped, that job runs again\n";
}

// --memo's settings as rank 0 sends them to the workers: empty without --memo, else
// "<leftmost 0/1> <memory>".
std::string memo_words(const Settings& settings)
{
    if (!settings.memo)
        return {};
    return std::string(settings.memo->leftmost ? "1 " : "0 ") +
           std::to_string(settings.memo->memory);
}

std::optional<dlx::MemoOptions> memo_options(const std::string& words)
{
    if (words.empty())
        return std::nullopt;
    dlx::MemoOptions options;
    options.leftmost = words[0] == '1';
    options.memory = static_cast<std::size_t>(std::stoull(words.substr(2)));
    return options;
}

int coordinate(const Settings& settings, int ranks)
{
    const std::string problem_text = read_text(settings.input);
    std::istringstream problem_in(problem_text);
    const dlx::Problem problem =
        dlx::read_knuth(problem_in, settings.input == "-" ? "stdin" : settings.input);
    const int workers = ranks - 1;
    dlx::Split split;
    std::uint64_t jobs_asked = 0;
    if (!settings.jobs_file.empty()) {
        split = exact_cover::read_job_file(settings.jobs_file);
        exact_cover::check_problem(split, settings.jobs_file, problem, settings.input);
    } else {
        // With --memo, each job counts its subtree with a cache of its own, and subtrees share
        // subproblems (on tilings, most): fewer jobs (dominoes 16x16 on two workers: 2.6 s in
        // 8 jobs, 38 s in 128; 0.7 s as one count).
        const std::uint64_t per_worker = settings.memo ? 4 : 64;
        jobs_asked =
            settings.split.value_or(per_worker * static_cast<std::uint64_t>(std::max(workers, 1)));
        exact_cover::check_method(problem, settings.method, settings.input);
        dlx::SplitOptions options;
        options.method = settings.method;
        split = dlx::split(problem, jobs_asked, options);
    }
    if (settings.memo)
        exact_cover::check_memo(problem, settings.input, settings.memo->engine, &split,
                                settings.jobs_file);
    same_jobs = (settings.jobs_file.empty()
                     ? "--split " + std::to_string(jobs_asked) +
                           (settings.method == dlx::Method::cells ? " --method cells" : "")
                     : "--jobs " + settings.jobs_file) +
                (settings.memo ? " --memo" : "");
    dlx::Merge merge(split);
    const std::string digest = split.digest();
    if (settings.resume) {
        if (std::filesystem::exists(settings.results)) {
            keep_whole_lines(settings.results);
            std::ifstream in = exact_cover::open_input(settings.results);
            try {
                merge.add_results(in, settings.results);
            } catch (const dlx::ParseError& error) {
                throw std::runtime_error(std::string(error.what()) + " (resume with the same " +
                                         (settings.jobs_file.empty() ? "--split K" : "--jobs") +
                                         " as the run that wrote it; this run's is " + same_jobs +
                                         ")");
            }
            const bool any = merge.missing().size() < split.jobs.size();
            if (any && merge.memo() != settings.memo.has_value())
                throw std::runtime_error(settings.results + ": its results were counted " +
                                         (merge.memo() ? "with" : "without") + " memory: resume " +
                                         (merge.memo() ? "with" : "without") + " --memo");
        }
    } else if (!settings.results.empty() && std::filesystem::exists(settings.results) &&
               std::filesystem::file_size(settings.results) > 0) {
        throw std::runtime_error(settings.results + ": holds results already: --resume " +
                                 settings.results + " finishes that run (or remove the file)");
    }
    ResultLog log(settings.results);

    // Shared with the workers only once everything above has been checked.
    std::ostringstream split_text;
    dlx::write_split(split_text, split, "the problem");
    for (const std::size_t size : {problem_text.size(), split_text.str().size()}) {
        if (size > static_cast<std::size_t>(std::numeric_limits<int>::max()))
            throw std::runtime_error("the problem or the job file is too big to broadcast (" +
                                     std::to_string(size) + " bytes): ask for fewer jobs");
    }
    work_shared = broadcast_go(true);
    broadcast(problem_text);
    broadcast(split_text.str());
    const std::string memo_text = memo_words(settings);
    broadcast(memo_text);
    const std::optional<dlx::MemoOptions> memo = memo_options(memo_text);

    const std::vector<std::uint64_t> queue = merge.missing(); // heaviest first
    set_stop_message(queue, settings);
    std::signal(SIGTERM, on_stop_signal);
    std::signal(SIGINT, on_stop_signal);

    const auto start = std::chrono::steady_clock::now();
    cli::Progress progress(program, "", 0, settings.progress);
    double weight_all = 0, weight_left = 0; // the jobs' weights: all, and this run's
    for (const dlx::Job& job : split.jobs)
        weight_all += job.weight;
    for (const std::uint64_t job : queue)
        weight_left += split.jobs[job - 1].weight;
    double weight_done = weight_all - weight_left;
    const double weight_resumed = weight_done;
    std::uint64_t done = split.jobs.size() - queue.size();
    auto report = [&] {
        if (!progress.ready())
            return;
        const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
        const double part = weight_all > 0 ? weight_done / weight_all : 1;
        const double fresh = weight_done - weight_resumed;
        const double left = fresh > 0 ? seconds.count() * (weight_all - weight_done) / fresh : 0;
        char text[160];
        std::snprintf(text, sizeof text,
                      "%.1f%% of the work, %llu of %zu jobs, %s solutions, "
                      "about %.0f s left",
                      100 * part, static_cast<unsigned long long>(done), split.jobs.size(),
                      merge.solutions().to_string().c_str(), left);
        progress.show(text);
    };

    // Each result: merged, logged, counted for progress, and for the worker's busy time. The
    // signal's message is refreshed at most every 0.1 s (listing every unfinished job is a pass
    // over all jobs); until then it may list a job just finished, which --resume skips anyway.
    std::vector<double> busy(static_cast<std::size_t>(ranks), 0.0);
    auto message_time = std::chrono::steady_clock::now();
    auto record = [&](const dlx::JobResult& result, int worker) {
        merge.add(result);
        log.add(result);
        weight_done += split.jobs[result.job - 1].weight;
        busy[static_cast<std::size_t>(worker)] += result.seconds;
        ++done;
        if (const auto now = std::chrono::steady_clock::now();
            now - message_time > std::chrono::milliseconds(100)) {
            set_stop_message(merge.missing(), settings);
            message_time = now;
        }
        report();
    };

    std::size_t next = 0;
    if (workers == 0) { // alone: count every job here
        dlx::Solver solver(problem);
        for (; next < queue.size(); ++next)
            record(
                exact_cover::run_job(solver, split, digest, queue[next], memo ? &*memo : nullptr),
                0);
    } else {
        // Each worker holds the job it counts and the next ones, so that it never waits for
        // the coordinator between jobs: at least two, and as many as take about 20 ms by the
        // mean job so far (jobs of 50 us each would otherwise leave the workers waiting for a
        // coordinator that wakes once a millisecond). The rest go to whichever worker frees
        // first.
        std::vector<int> holding(static_cast<std::size_t>(ranks), 0);
        double job_seconds = 0;
        std::uint64_t jobs_seen = 0;
        auto jobs_ahead = [&] {
            const double mean = jobs_seen > 0 ? job_seconds / static_cast<double>(jobs_seen) : 1;
            const double by_time = std::clamp(0.02 / std::max(mean, 1e-7), 2.0, 4096.0);
            // Never more than a fraction of what is left: the mean of the first jobs can be far
            // below the rest's (a job's share does not say its time), and a worker that took a
            // long queue on that word would end long after the others.
            const double left = static_cast<double>(queue.size() - next);
            return static_cast<int>(std::min(by_time, std::max(2.0, left / (4.0 * workers))));
        };
        int active = workers;
        auto send_job = [&](int worker, std::uint64_t job) {
            MPI_Send(&job, 1, MPI_UINT64_T, worker, job_tag, MPI_COMM_WORLD);
            if (job != 0)
                ++holding[static_cast<std::size_t>(worker)];
            else
                --active;
        };
        std::string line;
        while (active > 0) {
            int arrived = 0;
            MPI_Status status;
            MPI_Iprobe(MPI_ANY_SOURCE, result_tag, MPI_COMM_WORLD, &arrived, &status);
            if (!arrived) {
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
                report();
                continue;
            }
            const int worker = status.MPI_SOURCE;
            int size = 0;
            MPI_Get_count(&status, MPI_CHAR, &size);
            line.resize(static_cast<std::size_t>(size));
            MPI_Recv(line.data(), size, MPI_CHAR, worker, result_tag, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            int& held = holding[static_cast<std::size_t>(worker)];
            if (!line.empty()) { // a result; an empty line is the worker saying it is ready
                const dlx::JobResult result = dlx::parse_result(line);
                record(result, worker);
                --held;
                job_seconds += result.seconds;
                ++jobs_seen;
            }
            const int ahead = jobs_ahead();
            while (held < ahead && next < queue.size())
                send_job(worker, queue[next++]);
            if (held == 0)
                send_job(worker, 0); // nothing left: stop
        }
    }
    std::signal(SIGTERM, SIG_DFL); // every job is in: nothing left unfinished to name
    std::signal(SIGINT, SIG_DFL);
    const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
    progress.finish();
    exact_cover::require_complete(merge, settings.results.empty() ? "the run" : settings.results);
    std::cout << merge.solutions().to_string() << '\n' << std::flush;
    if (!std::cout)
        throw std::runtime_error("cannot write to standard output");
    if (settings.stats) {
        std::cerr << exact_cover::stats_line(merge.solutions().to_string(),
                                             merge.nodes().to_string(), merge.updates().to_string(),
                                             seconds.count(), dlx::Stop::none,
                                             merge.memo() ? "search nodes" : "nodes")
                  << '\n';
        // How evenly the jobs fell: each worker's time counting (this run's jobs only).
        const auto first = busy.begin() + (workers > 0 ? 1 : 0);
        const double most = *std::max_element(first, busy.end());
        const double mean =
            std::accumulate(first, busy.end(), 0.0) / static_cast<double>(std::max(workers, 1));
        char line[160];
        std::snprintf(line, sizeof line,
                      "%d %s counting: busiest %.3f s, mean %.3f s (%.3f times the mean)",
                      std::max(workers, 1), workers > 1 ? "workers" : "worker", most, mean,
                      mean > 0 ? most / mean : 1.0);
        std::cerr << line << '\n';
    }
    return 0;
}

void work()
{
    if (!broadcast_go(false))
        return;
    const std::string problem_text = broadcast({});
    const std::string split_text = broadcast({});
    std::istringstream problem_in(problem_text), split_in(split_text);
    const dlx::Problem problem = dlx::read_knuth(problem_in, "the problem");
    const dlx::Split split = dlx::read_split(split_in, "the job file");
    const std::optional<dlx::MemoOptions> memo = memo_options(broadcast({}));
    dlx::Solver solver(problem);
    const std::string digest = split.digest();
    send_result(nullptr); // ready
    for (;;) {
        std::uint64_t job = 0;
        MPI_Recv(&job, 1, MPI_UINT64_T, 0, job_tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (job == 0)
            return;
        const dlx::JobResult result =
            exact_cover::run_job(solver, split, digest, job, memo ? &*memo : nullptr);
        send_result(&result);
    }
}

} // namespace

int main(int argc, char** argv)
{
    MPI_Init(&argc, &argv);
    int rank = 0, ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    int status = 0;
    if (rank == 0) {
        std::ios::sync_with_stdio(false);
        status = cli::guarded_main(program, synopsis, [&] {
            const auto settings = parse_arguments(argc, argv);
            return settings ? coordinate(*settings, ranks) : 0;
        });
        if (!work_shared) // nothing to do, or a fault found before sharing: the workers leave
            broadcast_go(false);
        else if (status != 0) // the workers may be counting or waiting for a job
            MPI_Abort(MPI_COMM_WORLD, status);
    } else {
        try {
            work();
        } catch (const std::exception& error) {
            std::cerr << program << ": rank " << rank << ": " << error.what() << '\n';
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
    }
    MPI_Finalize();
    return status;
}
