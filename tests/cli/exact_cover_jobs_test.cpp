// exact-cover --split, --jobs and --merge, run as a user runs them: the merged totals equal
// one unsplit search's, whatever the number of jobs and however they are run; every bad input
// is refused with its file and line, and a missing job is named.
#include "cli/exact_cover_run.hpp"

#include <catch2/catch.hpp>

#include <regex>
#include <sstream>
#include <string>
#include <vector>

using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using dlx_test::run;
using dlx_test::TempDir;

using namespace dlx_test::exact_cover;

namespace {

// The "jobs N" line of a job file.
std::size_t job_count(const std::string& jobs)
{
    std::smatch match;
    REQUIRE(std::regex_search(jobs, match, std::regex("\njobs ([0-9]+)\n")));
    return std::stoul(match[1]);
}

// The unsplit search's count and --stats line, without the time.
std::pair<std::string, std::string> serial(const std::string& file)
{
    const auto result = run({bin, "--stats", file});
    REQUIRE(result.exit_code == 0);
    return {result.out, result.err.substr(0, result.err.find(" updates, ") + 9)};
}

} // namespace

TEST_CASE("exact-cover --split, --jobs and --merge give the unsplit totals", "[cli][jobs]")
{
    const TempDir dir;
    // Each run of the test has a new directory: the generator holds names only.
    const std::string name = GENERATE("queens8.dlx", "langford7.dlx", "sudoku4.dlx", "color.dlx",
                                      "mult.dlx", "colour12.dlx", "mult3x4.dlx", "queens10.dlx");
    const std::string file = name == "queens10.dlx"
                                 ? dir.write("queens10.dlx", dlx_test::queens(10)).string()
                                 : data + name;
    const std::string k = GENERATE("1", "7", "1000");
    INFO(name << " in " << k << " jobs");
    const auto split = run({bin, "--split", k, file});
    REQUIRE(split.exit_code == 0);
    REQUIRE(split.err.empty());
    const auto jobs = dir.write("jobs.txt", split.out);
    const std::size_t count = job_count(split.out);

    // The jobs in two ranges (or one), as two machines would run them.
    std::vector<std::string> merge_args{bin, "--merge", jobs.string()};
    const std::size_t half = count / 2;
    std::vector<std::pair<std::size_t, std::size_t>> ranges;
    if (half >= 1)
        ranges.emplace_back(1, half);
    if (count > half)
        ranges.emplace_back(half + 1, count);
    for (const auto& [first, last] : ranges) {
        const auto result = run({bin, "--jobs", jobs.string(), "--job",
                                 std::to_string(first) + "-" + std::to_string(last), file});
        REQUIRE(result.exit_code == 0);
        // One result line per job, in order.
        std::istringstream lines(result.out);
        std::string line;
        for (std::size_t job = first; job <= last; ++job) {
            REQUIRE(std::getline(lines, line));
            CHECK_THAT(line, StartsWith("{\"job\":" + std::to_string(job) + ",\"solutions\":\""));
        }
        CHECK_FALSE(std::getline(lines, line));
        const auto results = dir.write("results" + std::to_string(first) + ".txt", result.out);
        merge_args.push_back(results.string());
    }
    const auto merged = run(merge_args);
    REQUIRE(merged.exit_code == 0);
    const auto [out, stats] = serial(file);
    CHECK(merged.out == out);
    CHECK_THAT(merged.err, StartsWith(stats));
    CHECK(std::regex_search(merged.err, std::regex(" updates, [0-9]+\\.[0-9]{3} s\n$")));
}

TEST_CASE("exact-cover --split --method cells: jobs for dancing cells, every solution counted",
          "[cli][jobs][cells]")
{
    const TempDir dir;
    const std::string name = GENERATE("queens8.dlx", "langford7.dlx", "color.dlx", "latin7.dlx");
    const std::string k = GENERATE("1", "50");
    INFO(name << " in " << k << " jobs");
    const std::string file = data + name;
    const auto split = run({bin, "--split", k, "--method", "cells", file});
    REQUIRE(split.exit_code == 0);
    CHECK_THAT(split.out, Contains("\nmethod cells\n"));
    const auto jobs = dir.write("jobs.txt", split.out).string();
    const auto ran = run({bin, "--jobs", jobs, file}); // the method comes from the job file
    REQUIRE(ran.exit_code == 0);
    const auto results = dir.write("results.txt", ran.out).string();
    const auto merged = run({bin, "--merge", jobs, results});
    REQUIRE(merged.exit_code == 0);
    const auto search = run({bin, "--method", "cells", "--stats", file});
    CHECK(merged.out == search.out);
    if (k == "1") // one job, the whole tree: the very figures of one search
        CHECK_THAT(merged.err, StartsWith(search.err.substr(0, search.err.find(" updates, ") + 9)));
    // Cells' jobs are no links' jobs: --method with --jobs is refused.
    const auto both = run({bin, "--jobs", jobs, "--method", "cells", file});
    CHECK(both.exit_code == 2);
    CHECK_THAT(both.err, Contains("--jobs runs the method its job file names"));
}

TEST_CASE("exact-cover --jobs --memo counts each job with memory", "[cli][jobs][memo]")
{
    const TempDir dir;
    const std::string name = GENERATE("queens8.dlx", "langford7.dlx", "colour12.dlx");
    const std::string k = GENERATE("1", "50");
    INFO(name << " in " << k << " jobs");
    const std::string file = data + name;
    const auto jobs = dir.write("jobs.txt", run({bin, "--split", k, file}).out).string();
    const auto ran = run({bin, "--jobs", jobs, "--memo", "--leftmost", "--memory", "1M", file});
    REQUIRE(ran.exit_code == 0);
    CHECK_THAT(ran.out, Contains(",\"memo\":true,"));
    const auto results = dir.write("results.txt", ran.out).string();
    const auto merged = run({bin, "--merge", jobs, results});
    REQUIRE(merged.exit_code == 0);
    CHECK(merged.out == run({bin, file}).out);
    CHECK_THAT(merged.err, Contains(" search nodes, "));
    // A result without memory among them is refused, naming the file and line.
    const auto plain = run({bin, "--jobs", jobs, "--job", "1", file});
    const auto mixed = dir.write("mixed.txt", ran.out + plain.out).string();
    const auto refused = run({bin, "--merge", jobs, mixed});
    CHECK(refused.exit_code == 1);
    CHECK_THAT(refused.err, Contains("mixed.txt:") && Contains("without memory"));
}

TEST_CASE("exact-cover --jobs --memo refuses cells' jobs, multiplicities, and what it cannot write",
          "[cli][jobs][memo]")
{
    const TempDir dir;
    const std::string file = data + "langford7.dlx";
    const auto cells =
        dir.write("cells.txt", run({bin, "--split", "5", "--method", "cells", file}).out).string();
    const auto refused = run({bin, "--jobs", cells, "--memo", file});
    CHECK(refused.exit_code == 1);
    CHECK_THAT(refused.err, Contains("cells.txt: its jobs are for --method cells"));
    const std::string mult = data + "mult.dlx";
    const auto jobs = dir.write("jobs.txt", run({bin, "--split", "5", mult}).out).string();
    const auto many = run({bin, "--jobs", jobs, "--memo", mult});
    CHECK(many.exit_code == 1);
    CHECK_THAT(many.err, Contains("mult.dlx: --memo does not take multiplicities"));
    for (const char* option : {"--zdd", "--random"}) {
        const auto usage = run({bin, "--jobs", jobs, "--memo", option, "3", mult});
        CHECK(usage.exit_code == 2);
        CHECK_THAT(usage.err, Contains("--jobs --memo counts each job"));
    }
}

TEST_CASE("exact-cover --merge names the missing jobs, and their rerun completes the count",
          "[cli][jobs]")
{
    const TempDir dir;
    const std::string problem = data + "langford7.dlx";
    const auto split = run({bin, "--split", "20", problem});
    REQUIRE(split.exit_code == 0);
    const auto jobs = dir.write("jobs.txt", split.out).string();
    const std::size_t count = job_count(split.out);
    REQUIRE(count >= 20);

    const auto part =
        run({bin, "--jobs", jobs, "--job", "3-" + std::to_string(count - 1), problem});
    const auto results = dir.write("part.txt", part.out).string();
    const auto missing = run({bin, "--merge", jobs, results});
    CHECK(missing.exit_code == 1);
    CHECK(missing.out.empty());
    CHECK(missing.err == "exact-cover: " + jobs + ": no result for 3 jobs: 1-2, " +
                             std::to_string(count) +
                             " (run them with --job, then merge again with their results)\n");

    const auto first = run({bin, "--jobs", jobs, "--job", "1-2", problem});
    const auto last = run({bin, "--jobs", jobs, "--job", std::to_string(count), problem});
    const auto rest = dir.write("rest.txt", first.out + last.out).string();
    // A job run twice agrees with itself: merged once.
    const auto again = dir.write("again.txt", first.out).string();
    const auto merged = run({bin, "--merge", jobs, results, rest, again, "--stats"});
    CHECK(merged.exit_code == 0);
    CHECK(merged.out == "52\n");
    CHECK_THAT(merged.err, StartsWith("52 solutions, 607 nodes, 8339 updates, "));
    // The results from standard input.
    CHECK(run({bin, "--merge", jobs, results, "-"}, first.out + last.out).out == "52\n");
}

TEST_CASE("exact-cover --jobs refuses another problem, and --merge another split", "[cli][jobs]")
{
    const TempDir dir;
    const auto split = run({bin, "--split", "5", data + "queens8.dlx"});
    const auto jobs = dir.write("jobs.txt", split.out).string();
    const auto other = run({bin, "--jobs", jobs, data + "langford7.dlx"});
    CHECK(other.exit_code == 1);
    CHECK(other.out.empty());
    CHECK_THAT(other.err, StartsWith("exact-cover: " + jobs +
                                     ": its jobs are not of the problem "
                                     "in " +
                                     data + "langford7.dlx (digest "));

    const auto split_8 = run({bin, "--split", "30", data + "queens8.dlx"});
    const auto jobs_8 = dir.write("jobs8.txt", split_8.out).string();
    const auto results_8 =
        dir.write("r8.txt", run({bin, "--jobs", jobs_8, "--job", "1", data + "queens8.dlx"}).out)
            .string();
    const auto mixed = run({bin, "--merge", jobs, results_8});
    CHECK(mixed.exit_code == 1);
    CHECK_THAT(mixed.err, StartsWith("exact-cover: " + results_8 + ":1: digest ") &&
                              Contains("a result of another problem or split"));
}

TEST_CASE("exact-cover --merge refuses bad result lines with file and line", "[cli][jobs]")
{
    const TempDir dir;
    const auto split = run({bin, "--split", "5", data + "queens8.dlx"});
    const auto jobs = dir.write("jobs.txt", split.out).string();
    const auto good = run({bin, "--jobs", jobs, "--job", "1-2", data + "queens8.dlx"}).out;
    const std::string first = good.substr(0, good.find('\n') + 1);
    const auto [text, message] = GENERATE_REF(table<std::string, std::string>({
        {good + "not json\n", ":3: expected '{' at column 1"},
        {good + "{\"job\":1}\n", ":3: no \"solutions\""},
        {std::regex_replace(first, std::regex("\"nodes\":[0-9]+"), "\"nodes\":1") + good,
         ":2: job 1 has two results that disagree"},
        {std::regex_replace(first, std::regex("\"job\":1,"), "\"job\":99,"),
         ":1: there is no job 99"},
    }));
    const auto results = dir.write("results.txt", text).string();
    const auto merged = run({bin, "--merge", jobs, results});
    CHECK(merged.exit_code == 1);
    CHECK(merged.out.empty());
    CHECK_THAT(merged.err, StartsWith("exact-cover: " + results + message));
}

TEST_CASE("exact-cover refuses a bad job file with its line", "[cli][jobs]")
{
    const TempDir dir;
    const auto split = run({bin, "--split", "5", data + "queens8.dlx"});
    std::string edited = split.out;
    edited.replace(edited.find("choice fewest"), 13, "choice first");
    const auto jobs = dir.write("jobs.txt", edited).string();
    const auto result = run({bin, "--jobs", jobs, data + "queens8.dlx"});
    CHECK(result.exit_code == 1);
    CHECK(result.err == "exact-cover: " + jobs + ":6: unknown item choice 'first'\n");
    const auto not_jobs = run({bin, "--merge", data + "queens8.dlx"});
    CHECK(not_jobs.exit_code == 1);
    CHECK_THAT(not_jobs.err, StartsWith("exact-cover: " + data + "queens8.dlx:1: not a job file"));
    const auto missing = run({bin, "--merge", (dir.path() / "none.txt").string()});
    CHECK(missing.exit_code == 1);
    CHECK_THAT(missing.err, Contains("none.txt: cannot open: No such file or directory"));
}

TEST_CASE("exact-cover's job options refuse bad usage with exit code 2", "[cli][jobs]")
{
    const TempDir dir;
    const auto split = run({bin, "--split", "5", data + "queens8.dlx"});
    const auto jobs = dir.write("jobs.txt", split.out).string();
    const auto count = std::to_string(job_count(split.out));
    // JOBS stands for the job file, {N} for its number of jobs (each run has a new directory).
    const auto [words, message] = GENERATE(table<std::vector<std::string>, std::string>({
        {{"--split", "0"}, "--split wants a whole number from 1 to 100000000, not '0'"},
        {{"--split", "5", "--stats"}, "--split does not search: it cannot be combined with"},
        {{"--split", "5", "--estimate"}, "--split cannot be combined with another of --estimate"},
        {{"--jobs", "JOBS", "--threads", "2"}, "--jobs does not search"},
        {{"--jobs", "JOBS", "--seed", "3"}, "--jobs takes no --seed"},
        {{"--jobs", "JOBS", "--samples", "3"}, "--samples goes with --estimate or --split"},
        {{"--job", "1"}, "--job goes with --jobs"},
        {{"--jobs", "JOBS", "--job", "0"}, "--job wants a whole number from 1 to {N}"},
        {{"--jobs", "JOBS", "--job", "2-1"}, "--job wants a whole number from 2 to {N}"},
        {{"--jobs", "JOBS", "--job", "1-{N}9"}, "--job wants a whole number from 1 to {N}"},
        {{"--merge", "JOBS", "--limit", "3"}, "--merge does not search"},
        {{"--merge", "JOBS", "--progress"}, "--progress goes with a search or --jobs"},
        {{"--split", "5", "--seed", "3"}, "--split takes --seed only with --samples"},
        {{"--merge", "-", "-"}, "standard input ('-') can be read once"},
    }));
    auto fill = [&](std::string text) {
        if (const auto at = text.find("JOBS"); at != std::string::npos)
            text.replace(at, 4, jobs);
        if (const auto at = text.find("{N}"); at != std::string::npos)
            text.replace(at, 3, count);
        return text;
    };
    std::vector<std::string> args;
    for (const std::string& word : words)
        args.push_back(fill(word));
    std::vector<std::string> argv{bin};
    argv.insert(argv.end(), args.begin(), args.end());
    if (args.front() != "--merge")
        argv.push_back(data + "queens8.dlx");
    const auto result = run(argv);
    INFO(result.err);
    CHECK(result.exit_code == 2);
    CHECK(result.out.empty());
    CHECK_THAT(result.err, StartsWith("exact-cover: " + fill(message)));
}

TEST_CASE("exact-cover --jobs - wants the problem from a file, and --split --samples weighs "
          "multiplicities",
          "[cli][jobs]")
{
    const auto split = run({bin, "--split", "5", data + "queens8.dlx"});
    const auto both = run({bin, "--jobs", "-"}, split.out);
    CHECK(both.exit_code == 2);
    CHECK_THAT(both.err,
               StartsWith("exact-cover: --jobs - reads the job file from standard input"));
    // The job file from standard input, the problem from its file: fine.
    CHECK(run({bin, "--jobs", "-", data + "queens8.dlx"}, split.out).exit_code == 0);
    // Algorithm M's subtrees weighed by estimates: jobs that add up to the whole count.
    const TempDir dir;
    const auto samples = run({bin, "--split", "8", "--samples", "8", data + "mult3x4.dlx"});
    REQUIRE(samples.exit_code == 0);
    const auto jobs = dir.write("jobs.txt", samples.out).string();
    const auto results = run({bin, "--jobs", jobs, data + "mult3x4.dlx"});
    REQUIRE(results.exit_code == 0);
    const auto merged = run({bin, "--merge", jobs, dir.write("results.txt", results.out).string()});
    CHECK(merged.exit_code == 0);
    CHECK(merged.out == run({bin, data + "mult3x4.dlx"}).out);
    CHECK(run({bin, "--split", "5", data + "mult.dlx"}).exit_code == 0);
}
