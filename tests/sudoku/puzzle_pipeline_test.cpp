// The puzzle pipeline behind sudoku-cli -s, --rate and --count: every answer in input order on
// any number of threads, the first bad puzzle ending the run, --keep-going keeping each bad
// puzzle in its slot, failures passed on, and the input read at most a few batches ahead.
#include <sudoku/puzzle_pipeline.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <set>
#include <sstream>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <thread>
#include <vector>

namespace {

const std::string puzzle =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

// `count` one-line puzzles, one per line; those numbered in `malformed` (1-based) are cut short.
std::string puzzle_file(std::size_t count, const std::set<std::size_t>& malformed = {})
{
    std::string text;
    for (std::size_t number = 1; number <= count; ++number)
        text += (malformed.count(number) ? puzzle.substr(0, 40) : puzzle) + "\n";
    return text;
}

// Writes each puzzle's number; those in `bad` are reported, and stand in as "X". Some puzzles
// take longer, so that the threads overtake each other.
class NumberJob final : public sudoku::PuzzleJob {
public:
    NumberJob(std::set<std::size_t> bad, std::atomic<std::size_t>& furthest)
        : bad_(std::move(bad)), furthest_(furthest)
    {
    }
    std::optional<std::string> process(const sudoku::PuzzleRecord& record,
                                       std::string& text) override
    {
        std::size_t seen = furthest_.load();
        while (seen < record.number && !furthest_.compare_exchange_weak(seen, record.number)) {
        }
        if (record.number % 13 == 5)
            std::this_thread::sleep_for(std::chrono::microseconds(300));
        if (record.error) {
            text += "X\n";
            return record.error;
        }
        if (bad_.count(record.number)) {
            text += "X\n";
            return std::string("bad");
        }
        text += std::to_string(record.number) + "\n";
        return std::nullopt;
    }

private:
    std::set<std::size_t> bad_;
    std::atomic<std::size_t>& furthest_;
};

struct Run {
    std::string text;
    std::vector<std::string> reports;
    std::vector<std::uint64_t> counts; // the running count at each write
    sudoku::PipelineResult result;
    std::size_t most_ahead = 0; // puzzles processed beyond those written, at most
};

Run run(const std::string& file, const sudoku::PipelineOptions& options,
        const std::set<std::size_t>& bad = {})
{
    std::istringstream in(file);
    sudoku::PuzzleReader reader(in, "test.txt");
    Run run;
    std::atomic<std::size_t> furthest{0};
    run.result = sudoku::process_puzzles(
        reader, [&] { return std::make_unique<NumberJob>(bad, furthest); },
        [&](std::string_view text, std::uint64_t puzzles) {
            run.text += text;
            run.counts.push_back(puzzles);
            run.most_ahead = std::max(run.most_ahead, furthest.load() - puzzles);
        },
        [&](const std::string& problem) { run.reports.push_back(problem); }, options);
    return run;
}

std::string numbers(std::size_t first, std::size_t last, const std::set<std::size_t>& bad = {})
{
    std::string text;
    for (std::size_t number = first; number <= last; ++number)
        text += bad.count(number) ? "X\n" : std::to_string(number) + "\n";
    return text;
}

} // namespace

TEST_CASE("the pipeline writes every answer in input order on 1 to 4 threads", "[sudoku][pipeline]")
{
    sudoku::PipelineOptions options;
    options.threads = GENERATE(1u, 2u, 3u, 4u);
    options.batch_size = GENERATE(std::size_t{1}, std::size_t{7}, std::size_t{2048});
    INFO(options.threads << " threads, batches of " << options.batch_size);
    const Run result = run(puzzle_file(300), options);
    CHECK(result.text == numbers(1, 300));
    CHECK(result.result.puzzles == 300);
    CHECK(result.result.problems == 0);
    CHECK_FALSE(result.result.failure);
    CHECK(result.reports.empty());
    REQUIRE_FALSE(result.counts.empty());
    CHECK(std::is_sorted(result.counts.begin(), result.counts.end()));
    CHECK(result.counts.back() == 300);
    // The input is read at most 2 * threads + 2 batches ahead of what is written.
    CHECK(result.most_ahead <= (2 * options.threads + 2) * options.batch_size);
}

TEST_CASE("the pipeline puts the separator between answers only", "[sudoku][pipeline]")
{
    sudoku::PipelineOptions options;
    options.threads = GENERATE(1u, 3u);
    options.batch_size = 4;
    options.separator = "|";
    CHECK(run(puzzle_file(10), options).text == "1\n|2\n|3\n|4\n|5\n|6\n|7\n|8\n|9\n|10\n");
}

TEST_CASE("the first bad puzzle ends the run, and nothing from its batch on is written",
          "[sudoku][pipeline]")
{
    sudoku::PipelineOptions options;
    options.threads = GENERATE(1u, 2u, 3u, 4u);
    options.batch_size = 7;
    SECTION("a puzzle the job finds bad")
    {
        const Run result = run(puzzle_file(300), options, {50, 120});
        REQUIRE(result.result.failure);
        CHECK(*result.result.failure == "test.txt:50: puzzle 50: bad");
        CHECK(result.text == numbers(1, 49)); // puzzle 50 is in the batch of 50 to 56
        CHECK(result.result.puzzles == 49);
        CHECK(result.reports.empty());
    }
    SECTION("a puzzle the reader finds malformed")
    {
        const Run result = run(puzzle_file(300, {30}), options);
        REQUIRE(result.result.failure);
        CHECK_THAT(*result.result.failure, Catch::StartsWith("test.txt:30: puzzle 30: "));
        CHECK(result.text == numbers(1, 28));
    }
}

TEST_CASE("with keep_going every bad puzzle is reported and keeps its slot", "[sudoku][pipeline]")
{
    sudoku::PipelineOptions options;
    options.threads = GENERATE(1u, 2u, 3u, 4u);
    options.batch_size = GENERATE(std::size_t{1}, std::size_t{16});
    options.keep_going = true;
    const Run result = run(puzzle_file(200, {77}), options, {1, 100, 200});
    CHECK(result.text == numbers(1, 200, {1, 77, 100, 200}));
    CHECK(result.result.puzzles == 200);
    CHECK(result.result.problems == 4);
    CHECK_FALSE(result.result.failure);
    REQUIRE(result.reports.size() == 4);
    CHECK(result.reports[0] == "test.txt:1: puzzle 1: bad");
    CHECK_THAT(result.reports[1], Catch::StartsWith("test.txt:77: puzzle 77: "));
    CHECK(result.reports[2] == "test.txt:100: puzzle 100: bad");
    CHECK(result.reports[3] == "test.txt:200: puzzle 200: bad");
}

TEST_CASE("the pipeline passes on a failure and stops every thread", "[sudoku][pipeline]")
{
    sudoku::PipelineOptions options;
    options.threads = GENERATE(1u, 2u, 4u);
    options.batch_size = 5;
    std::istringstream in(puzzle_file(500));
    sudoku::PuzzleReader reader(in, "test.txt");
    const auto no_report = [](const std::string&) {};
    SECTION("from a job")
    {
        class Throwing final : public sudoku::PuzzleJob {
            std::optional<std::string> process(const sudoku::PuzzleRecord& record,
                                               std::string&) override
            {
                if (record.number == 123)
                    throw std::runtime_error("job failed");
                return std::nullopt;
            }
        };
        CHECK_THROWS_WITH(sudoku::process_puzzles(
                              reader, [] { return std::make_unique<Throwing>(); },
                              [](std::string_view, std::uint64_t) {}, no_report, options),
                          "job failed");
    }
    SECTION("from the writer")
    {
        class Quiet final : public sudoku::PuzzleJob {
            std::optional<std::string> process(const sudoku::PuzzleRecord&, std::string&) override
            {
                return std::nullopt;
            }
        };
        CHECK_THROWS_WITH(sudoku::process_puzzles(
                              reader, [] { return std::make_unique<Quiet>(); },
                              [](std::string_view, std::uint64_t puzzles) {
                                  if (puzzles >= 100)
                                      throw std::runtime_error("disk full");
                              },
                              no_report, options),
                          "disk full");
    }
}

namespace {

// A stream that gives `good` bytes of `text`, then fails as a disk read would.
class FailingBuffer final : public std::streambuf {
public:
    FailingBuffer(std::string text, std::size_t good) : text_(std::move(text))
    {
        setg(text_.data(), text_.data(), text_.data() + std::min(good, text_.size()));
    }

protected:
    int_type underflow() override { throw std::runtime_error("the disk failed"); }

private:
    std::string text_;
};

} // namespace

TEST_CASE("a reader that fails in the middle of the input ends the run with its error",
          "[sudoku][pipeline]")
{
    sudoku::PipelineOptions options;
    options.threads = GENERATE(1u, 2u, 3u, 4u);
    options.batch_size = 10;
    FailingBuffer buffer(puzzle_file(500), 82 * 240 + 17); // fails inside puzzle 241
    std::istream in(&buffer);
    sudoku::PuzzleReader reader(in, "test.txt");
    std::atomic<std::size_t> furthest{0};
    std::uint64_t written = 0;
    const auto new_job = [&] {
        return std::make_unique<NumberJob>(std::set<std::size_t>{}, furthest);
    };
    CHECK_THROWS_WITH(sudoku::process_puzzles(
                          reader, new_job,
                          [&](std::string_view, std::uint64_t puzzles) { written = puzzles; },
                          [](const std::string&) {}, options),
                      "the disk failed");
    CHECK(written <= 240);
    CHECK(written % 10 == 0);
}

TEST_CASE("an empty input gives no puzzles and no failure", "[sudoku][pipeline]")
{
    sudoku::PipelineOptions options;
    options.threads = GENERATE(1u, 3u);
    const Run result = run("# only a comment\n\n", options);
    CHECK(result.result.puzzles == 0);
    CHECK(result.text.empty());
    CHECK_FALSE(result.result.failure);
}
