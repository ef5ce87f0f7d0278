// -s FILE, --rate FILE and --count FILE: a file of puzzles in, an answer per puzzle out, in
// input order (docs/cli.md, sections 2.2-2.3 and 3.3-3.4).
#include "tasks.hpp"

#include <sudoku/rater.hpp>
#include <sudoku/solver.hpp>

#include <condition_variable>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <semaphore>
#include <thread>

namespace sudoku_cli {

namespace {

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

// What a task does with each puzzle, on a worker thread (one object per thread): appends the
// puzzle's output to `text`, and returns a problem to report, if any; `text` then holds what
// stands in the puzzle's place for --keep-going.
class PuzzleJob {
public:
    virtual ~PuzzleJob() = default;
    virtual std::optional<std::string> process(const sudoku::PuzzleRecord& record, std::string& text) = 0;
};

// -s: the first solution, in the board format; a bad puzzle stands in as it was.
class SolveJob final : public PuzzleJob {
public:
    std::optional<std::string> process(const sudoku::PuzzleRecord& record, std::string& text) override
    {
        if (record.error) {
            for (const auto& line : record.raw_lines)
                text.append(line).push_back('\n');
            return record.error;
        }
        const auto result = solver_.solve(record.grid);
        std::optional<std::string> problem;
        const sudoku::Grid* shown = &result.solution;
        if (result.status == sudoku::Status::conflict)
            problem = "the givens break the rules: " + result.conflict->describe();
        else if (result.status == sudoku::Status::no_solution)
            problem = "has no solution";
        if (problem)
            shown = &record.grid;
        char board[sudoku::board_bytes];
        text.append(board, sudoku::format_board(*shown, board));
        return problem;
    }

private:
    sudoku::Solver solver_;
};

// --rate: "LEVEL NAME technique:steps ..." and "search" when the techniques were not enough,
// "multiple-solutions" when the puzzle has more than one; a bad puzzle stands in as "- invalid".
class RateJob final : public PuzzleJob {
public:
    std::optional<std::string> process(const sudoku::PuzzleRecord& record, std::string& text) override
    {
        std::optional<std::string> problem = record.error;
        if (!problem) {
            if (const auto conflict = sudoku::find_conflict(record.grid))
                problem = "the givens break the rules: " + conflict->describe();
        }
        sudoku::Rating rating;
        if (!problem) {
            rating = rater_.rate(record.grid);
            if (rating.solutions == 0)
                problem = "has no solution";
        }
        if (problem) {
            text += "- invalid\n";
            return problem;
        }
        text += std::to_string(static_cast<int>(rating.level));
        text.append(" ").append(sudoku::name(rating.level));
        for (int t = 0; t < sudoku::technique_count; ++t) {
            const auto technique = static_cast<sudoku::Technique>(t);
            if (rating.uses(technique) > 0)
                text.append(" ").append(sudoku::name(technique)).append(":").append(
                    std::to_string(rating.uses(technique)));
        }
        if (rating.needs_search)
            text += " search";
        if (rating.solutions > 1)
            text += " multiple-solutions";
        text += '\n';
        return std::nullopt;
    }

private:
    sudoku::Rater rater_;
};

// --count: the number of solutions, "K+" when the count reached the limit K (at least K);
// givens that break the rules have 0. A malformed puzzle stands in as "-".
class CountJob final : public PuzzleJob {
public:
    explicit CountJob(std::uint64_t limit) : limit_(limit) {}
    std::optional<std::string> process(const sudoku::PuzzleRecord& record, std::string& text) override
    {
        if (record.error) {
            text += "-\n";
            return record.error;
        }
        const std::uint64_t solutions = solver_.count(record.grid, limit_);
        text += std::to_string(solutions);
        if (solutions >= limit_)
            text += '+';
        text += '\n';
        return std::nullopt;
    }

private:
    sudoku::Solver solver_;
    std::uint64_t limit_;
};

void process_batch(Batch& batch, PuzzleJob& job, const std::string& file, const char* separator,
                   bool keep_going)
{
    batch.text.clear();
    batch.problems.clear();
    batch.text.reserve(batch.records.size() * (sudoku::board_bytes + 1));
    for (const auto& record : batch.records) {
        if (!(batch.sequence == 0 && &record == &batch.records.front()))
            batch.text += separator;
        if (const auto problem = job.process(record, batch.text))
            batch.problems.push_back(describe(record, file, *problem));
        if (!keep_going && !batch.problems.empty())
            return;
    }
}

} // namespace

int process_puzzle_file(const Settings& settings)
{
    const std::string& file = settings.input;
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
    cli::Progress progress(program, settings.task == Task::solve ? "puzzles solved" : "puzzles", 0);
    // A board per puzzle (an empty line between), or a line per puzzle.
    const char* const separator = settings.task == Task::solve ? "\n" : "";
    const auto make_job = [&]() -> std::unique_ptr<PuzzleJob> {
        switch (settings.task) {
        case Task::rate: return std::make_unique<RateJob>();
        case Task::count: return std::make_unique<CountJob>(settings.limit);
        default: return std::make_unique<SolveJob>();
        }
    };
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
        const auto job = make_job();
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
            process_batch(*batch, *job, name, separator, settings.keep_going);
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

} // namespace sudoku_cli
