// sudoku-cli: writes distinct complete boards (-c N) or solves a file of puzzles (-s FILE), by
// the rules of shared/SPEC.md sections 1, 2 and 5.
#include "common/cli_support.hpp"

#include <sudoku/generator.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/text_format.hpp>

#include <dlx/version.hpp>

#include <boost/program_options.hpp>

#include <condition_variable>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <cstring>
#include <random>
#include <semaphore>
#include <thread>

namespace po = boost::program_options;

namespace {

constexpr const char* program = "sudoku-cli";
constexpr std::uint64_t most_boards = 10'000'000;

struct Settings {
    std::optional<std::uint64_t> boards;   // -c N
    std::optional<std::string> puzzles;    // -s FILE
    std::string output = "sudoku.txt";
    int first_digit = 9;
    std::optional<std::uint64_t> seed;
    bool keep_going = false;
    unsigned jobs = 0;
};

constexpr const char* synopsis =
    "Usage: sudoku-cli -c N [OPTIONS]     write N distinct complete boards\n"
    "       sudoku-cli -s FILE [OPTIONS]  solve every puzzle in FILE ('-': stdin)\n";

void print_usage(std::ostream& out, const po::options_description& options)
{
    out << synopsis << "\n"
        << "Output goes to sudoku.txt (or -o PATH; '-' for standard output), replacing it only\n"
        << "when the run succeeds.\n\n"
        << options << "\n"
        << "Exit status: 0 success, 1 bad data or I/O error, 2 bad usage.\n";
}

std::optional<Settings> parse_arguments(int argc, char** argv)
{
    po::options_description visible("Options");
    visible.add_options()
        ("count,c", po::value<std::string>()->value_name("N"),
         "write N distinct complete boards (1 to 10,000,000)")
        ("solve,s", po::value<std::string>()->value_name("FILE"), "solve the puzzles in FILE")
        ("output,o", po::value<std::string>()->value_name("PATH"), "write to PATH (default sudoku.txt)")
        ("first-digit", po::value<std::string>()->value_name("D"),
         "the top-left digit of every board (1-9, default 9)")
        ("seed", po::value<std::string>()->value_name("S"), "make the boards reproducible")
        ("keep-going", "with -s: write every solvable puzzle's solution, and the others back "
                       "unchanged; still exit 1")
        ("jobs,j", po::value<std::string>()->value_name("J"), "threads to use (default: every core)")
        ("help,h", "print this help and exit")
        ("version", "print the version and exit");
    const auto parsed = cli::parse_command_line(
        argc, argv, visible, po::positional_options_description(),
        [&](std::ostream& out) { print_usage(out, visible); },
        std::string(program) + " (dlx) " + dlx::version);
    if (!parsed)
        return std::nullopt;
    const auto& vm = *parsed;
    Settings settings;
    if (vm.count("count") && vm.count("solve"))
        throw cli::UsageError("-c and -s cannot be used together", cli::UsageError::Show::usage);
    if (!vm.count("count") && !vm.count("solve"))
        throw cli::UsageError("say what to do: -c N or -s FILE", cli::UsageError::Show::usage);
    if (vm.count("count"))
        settings.boards = cli::parse_number(vm["count"].as<std::string>(), "-c", 1, most_boards);
    if (vm.count("solve"))
        settings.puzzles = vm["solve"].as<std::string>();
    if (vm.count("output"))
        settings.output = vm["output"].as<std::string>();
    if (settings.output.empty())
        throw cli::UsageError("-o wants a path");
    if (vm.count("first-digit"))
        settings.first_digit = static_cast<int>(
            cli::parse_number(vm["first-digit"].as<std::string>(), "--first-digit", 1, 9));
    if (vm.count("seed"))
        settings.seed = cli::parse_number(vm["seed"].as<std::string>(), "--seed", 0,
                                          std::numeric_limits<std::uint64_t>::max());
    if (vm.count("jobs"))
        settings.jobs = static_cast<unsigned>(
            cli::parse_number(vm["jobs"].as<std::string>(), "--jobs", 1, 1024));
    settings.keep_going = vm.count("keep-going") > 0;
    if (settings.keep_going && !settings.puzzles)
        throw cli::UsageError("--keep-going goes with -s");
    if ((vm.count("first-digit") || vm.count("seed")) && !settings.boards)
        throw cli::UsageError("--first-digit and --seed go with -c");
    if (settings.jobs == 0)
        settings.jobs = std::max(1u, std::thread::hardware_concurrency());
    return settings;
}

// ---- -c N ------------------------------------------------------------------------------------

int write_boards(const Settings& settings)
{
    sudoku::GeneratorSettings generator_settings;
    generator_settings.first_digit = settings.first_digit;
    generator_settings.seed = settings.seed ? *settings.seed : std::random_device{}() * 0x100000001ULL ^
                                                                  std::random_device{}();
    generator_settings.threads = settings.jobs;
    sudoku::BoardGenerator generator(generator_settings);

    cli::OutputFile out(settings.output);
    cli::Progress progress(program, "boards", *settings.boards);
    std::vector<char> text;
    bool first = true;
    std::uint64_t written = 0;
    generator.generate(*settings.boards, [&](std::span<const sudoku::Grid> boards) {
        text.resize(boards.size() * (sudoku::board_bytes + 1));
        char* end = text.data();
        for (const auto& board : boards) {
            if (!first)
                *end++ = '\n';
            first = false;
            end = sudoku::format_board(board, end);
        }
        out.write(text.data(), static_cast<std::size_t>(end - text.data()));
        progress.update(written += boards.size());
    });
    progress.finish();
    out.commit();
    return 0;
}

// ---- -s FILE ---------------------------------------------------------------------------------

// Puzzles travel in batches: the main thread reads them, workers solve them and format the
// output, and the main thread writes the batches in input order. A semaphore bounds the
// batches in flight, so memory stays the same whatever the input size.
struct Batch {
    std::uint64_t sequence = 0;
    std::vector<sudoku::PuzzleRecord> records;
    std::string text;                   // the formatted output of the batch
    std::vector<std::string> problems;  // one message per bad puzzle, in order
    bool done = false;
};

constexpr std::size_t batch_size = 2048;

std::string describe(const sudoku::PuzzleRecord& record, const std::string& file,
                     const std::string& what)
{
    return file + ":" + std::to_string(record.first_line) + ": puzzle " +
           std::to_string(record.number) + ": " + what;
}

void solve_batch(Batch& batch, sudoku::Solver& solver, const std::string& file, bool keep_going)
{
    batch.text.clear();
    batch.problems.clear();
    batch.text.reserve(batch.records.size() * (sudoku::board_bytes + 1));
    char board[sudoku::board_bytes];
    for (const auto& record : batch.records) {
        if (!(batch.sequence == 0 && &record == &batch.records.front()))
            batch.text.push_back('\n');
        if (record.error) {
            batch.problems.push_back(describe(record, file, *record.error));
            for (const auto& line : record.raw_lines)
                batch.text.append(line).push_back('\n');
        } else {
            const auto result = solver.solve(record.grid);
            const sudoku::Grid* shown = &result.solution;
            if (result.status != sudoku::Status::solved) {
                batch.problems.push_back(describe(
                    record, file,
                    result.status == sudoku::Status::conflict ? "the givens break the rules: " +
                                                                    result.conflict->describe()
                                                              : std::string("has no solution")));
                shown = &record.grid;
            }
            batch.text.append(board, sudoku::format_board(*shown, board));
        }
        if (!keep_going && !batch.problems.empty())
            return;
    }
}

int solve_puzzles(const Settings& settings)
{
    const std::string& file = *settings.puzzles;
    std::ifstream file_stream;
    std::istream* in = &std::cin;
    const std::string name = file == "-" ? "stdin" : file;
    if (file != "-") {
        std::error_code error;
        if (std::filesystem::is_directory(file, error))
            throw std::runtime_error(file + ": cannot read: it is a directory");
        file_stream.open(file, std::ios::binary);
        if (!file_stream)
            throw std::runtime_error(file + ": cannot open: " + std::strerror(errno));
        in = &file_stream;
    }
    sudoku::PuzzleReader reader(*in, name);
    cli::OutputFile out(settings.output);
    cli::Progress progress(program, "puzzles solved", 0);
    std::uint64_t written = 0;

    const unsigned workers = settings.jobs;
    const std::ptrdiff_t in_flight = 2 * static_cast<std::ptrdiff_t>(workers) + 2;
    std::counting_semaphore<1024> slots(in_flight);
    std::mutex mutex;
    std::condition_variable changed;
    std::deque<Batch*> todo;
    std::vector<std::unique_ptr<Batch>> pool; // reused batches
    std::vector<Batch*> free_batches;
    bool stop = false; // guarded by `mutex` when workers may be running
    bool reading_done = false;

    for (std::ptrdiff_t i = 0; i < in_flight; ++i) {
        pool.push_back(std::make_unique<Batch>());
        free_batches.push_back(pool.back().get());
    }

    auto work = [&] {
        sudoku::Solver solver;
        for (;;) {
            Batch* batch = nullptr;
            {
                std::unique_lock lock(mutex);
                changed.wait(lock, [&] { return !todo.empty() || reading_done || stop; });
                if (todo.empty() || stop)
                    return;
                batch = todo.front();
                todo.pop_front();
            }
            solve_batch(*batch, solver, name, settings.keep_going);
            {
                std::lock_guard lock(mutex);
                batch->done = true;
            }
            changed.notify_all();
        }
    };

    // The writer: takes finished batches in input order. With Wait::one it blocks until the
    // oldest batch is done (there is always one when no batch is free).
    enum class Wait { none, one, all };
    std::deque<Batch*> order;
    std::uint64_t puzzles = 0, problems = 0;
    std::optional<std::string> fatal;
    auto write_done = [&](Wait wait) {
        bool waited = false;
        while (!order.empty() && !stop) {
            Batch* batch = order.front();
            {
                std::unique_lock lock(mutex);
                if (!batch->done) {
                    if (wait == Wait::none || (wait == Wait::one && waited))
                        return;
                    changed.wait(lock, [&] { return batch->done; });
                }
            }
            waited = true;
            order.pop_front();
            for (const auto& problem : batch->problems) {
                ++problems;
                if (!settings.keep_going) {
                    fatal = problem;
                    std::lock_guard lock(mutex);
                    stop = true;
                    changed.notify_all();
                    return;
                }
                progress.clear();
                std::cerr << program << ": " << problem << '\n';
            }
            out.write(batch->text.data(), batch->text.size());
            progress.update(written += batch->records.size());
            {
                std::lock_guard lock(mutex);
                free_batches.push_back(batch);
            }
            slots.release();
        }
    };

    std::vector<std::jthread> threads;
    for (unsigned t = 0; t < workers; ++t)
        threads.emplace_back(work);

    std::uint64_t sequence = 0;
    bool more = true;
    while (more && !stop) {
        if (!slots.try_acquire()) {
            write_done(Wait::one);
            continue;
        }
        Batch* batch = nullptr;
        {
            std::lock_guard lock(mutex);
            batch = free_batches.back();
            free_batches.pop_back();
        }
        batch->sequence = sequence;
        batch->done = false;
        batch->records.resize(batch_size);
        std::size_t filled = 0;
        while (filled < batch_size && (more = reader.next(batch->records[filled])))
            ++filled;
        batch->records.resize(filled);
        if (filled == 0) {
            std::lock_guard lock(mutex);
            free_batches.push_back(batch);
            slots.release();
            break;
        }
        ++sequence;
        puzzles += filled;
        {
            std::lock_guard lock(mutex);
            todo.push_back(batch);
        }
        order.push_back(batch);
        changed.notify_all();
        write_done(Wait::none);
    }
    {
        std::lock_guard lock(mutex);
        reading_done = true;
    }
    changed.notify_all();
    write_done(Wait::all);
    {
        std::lock_guard lock(mutex);
        stop = true;
    }
    changed.notify_all();
    threads.clear();

    progress.finish();
    if (fatal)
        throw std::runtime_error(*fatal);
    if (puzzles == 0)
        throw std::runtime_error(name + ": no puzzles found");
    out.commit();
    return problems == 0 ? 0 : 1;
}

int run(int argc, char** argv)
{
    const auto settings = parse_arguments(argc, argv);
    if (!settings)
        return 0;
    return settings->boards ? write_boards(*settings) : solve_puzzles(*settings);
}

} // namespace

int main(int argc, char** argv)
{
    std::ios::sync_with_stdio(false);
    try {
        if (argc <= 1)
            throw cli::UsageError("say what to do: -c N or -s FILE", cli::UsageError::Show::usage);
        return run(argc, argv);
    } catch (const cli::UsageError& error) {
        return cli::report_usage_error(program, error, synopsis);
    } catch (const std::exception& error) {
        std::cerr << program << ": " << error.what() << '\n';
        return 1;
    }
}
