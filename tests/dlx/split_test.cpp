// Sharing a search out (split.hpp): the jobs' counts plus the top equal the unsplit search's
// solutions, nodes and updates exactly, for every algorithm and item choice; the links are
// restored; the job file and the result lines read back what was written, and every fault in
// them is refused with its line.
#include "support/problems.hpp"

#include <dlx/examples.hpp>
#include <dlx/knuth_format.hpp>
#include <dlx/split.hpp>

#include <catch2/catch.hpp>

#include <limits>
#include <random>
#include <sstream>
#include <string>

using dlx_test::parse;
using dlx_test::require_restored;

namespace {

const char* choice_name(dlx::ItemChoice choice)
{
    return choice == dlx::ItemChoice::fewest ? "fewest" : "singles_first";
}

// The top plus every job, as one search would count them.
dlx::SearchStats count_all_jobs(const dlx::Problem& problem, const dlx::Split& split)
{
    dlx::Solver solver(problem);
    dlx::SearchStats total = split.top;
    for (std::size_t job = 1; job <= split.jobs.size(); ++job)
        total += dlx::count_job(solver, split, job);
    require_restored(solver, problem);
    return total;
}

void require_same_counts(const dlx::SearchStats& merged, const dlx::SearchStats& serial)
{
    REQUIRE(merged.solutions == serial.solutions);
    REQUIRE(merged.nodes == serial.nodes);
    REQUIRE(merged.updates == serial.updates);
    REQUIRE(merged.max_level == serial.max_level);
}

// A multiplicity problem: the cells of a 3x4 board each covered once or twice, by horizontal
// and vertical dominoes and by single cells, with at most 3 single cells in all (445,535
// solutions, 1,133,865 nodes).
dlx::Problem multiplicity_problem()
{
    std::string text;
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 4; ++c)
            text += "1:2|c" + std::to_string(r) + std::to_string(c) + " ";
    text += "0:3|single\n";
    auto cell = [](int r, int c) { return "c" + std::to_string(r) + std::to_string(c); };
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 4; ++c) {
            text += cell(r, c) + " single\n";
            if (c + 1 < 4)
                text += cell(r, c) + " " + cell(r, c + 1) + "\n";
            if (r + 1 < 3)
                text += cell(r, c) + " " + cell(r + 1, c) + "\n";
        }
    }
    return parse(text);
}

} // namespace

TEST_CASE("the jobs and the top add up to the unsplit search", "[dlx][split]")
{
    const auto [name, problem] = GENERATE(table<std::string, dlx::Problem>({
        {"queens 8", dlx::examples::queens(8).problem},
        {"queens 10", dlx::examples::queens(10).problem},
        {"langford 8", dlx::examples::langford(8).problem},
        {"colours", dlx_test::colour_problem(7)},
        {"multiplicities", multiplicity_problem()},
        {"knuth7", parse(dlx_test::knuth7)},
        {"no solution", parse("A B\nA\n")},
        {"nothing to cover", dlx::Problem()},
    }));
    const std::size_t jobs = GENERATE(1u, 7u, 1000u);
    dlx::SplitOptions options;
    options.choice = GENERATE(dlx::ItemChoice::fewest, dlx::ItemChoice::singles_first);
    options.samples = GENERATE(0u, 16u);
    INFO(name << ", " << jobs << " jobs, item choice " << choice_name(options.choice) << ", "
              << options.samples << " samples");
    dlx::SearchOptions search;
    search.choice = options.choice;
    const auto serial = dlx::Solver(problem).count(search);
    const auto split = dlx::split(problem, jobs, options);
    require_same_counts(count_all_jobs(problem, split), serial);
    // At least as many jobs as asked for, unless the tree has fewer nodes.
    CHECK((split.jobs.size() >= jobs || split.jobs.size() + split.top.nodes <= serial.nodes));
    CHECK(split.jobs.size() <= 4 * jobs);
    CHECK(split.problem_digest == dlx::problem_digest(problem));
}

TEST_CASE("queens 12 split 1000 ways adds up (Knuth's counts)", "[dlx][split]")
{
    const auto problem = dlx::examples::queens(12).problem;
    const auto serial = dlx::Solver(problem).count();
    REQUIRE(serial.solutions == 14200);
    const auto split = dlx::split(problem, 1000);
    require_same_counts(count_all_jobs(problem, split), serial);
}

TEST_CASE("pento6x10 split 7 and 1000 ways gives Knuth's figures", "[dlx][split][knuth]")
{
    const auto problem =
        dlx::read_knuth_file(std::string(DLX_DATA_DIR) + "/exact-cover/pento6x10.dlx");
    const std::size_t jobs = GENERATE(7u, 1000u);
    INFO(jobs << " jobs");
    const auto split = dlx::split(problem, jobs);
    const auto merged = count_all_jobs(problem, split);
    CHECK(merged.solutions == 9356);
    CHECK(merged.nodes == 3637261);
    CHECK(merged.updates == 1242377480);
}

namespace {

// A random problem in Knuth's format: up to `most_primary` primary items (bounds 0..3 with
// multiplicities), up to 3 secondary ones (coloured a or b at random with colours), up to
// `most_options` options.
std::string random_problem(std::mt19937& random, bool colors, bool multiplicities, int most_primary,
                           int most_options)
{
    auto pick = [&](int low, int high) { return std::uniform_int_distribution(low, high)(random); };
    std::string text;
    const int primary = pick(1, most_primary), secondary = pick(0, 3);
    for (int i = 0; i < primary; ++i) {
        const int upper = multiplicities ? pick(1, 3) : 1;
        const int lower = multiplicities ? pick(0, upper) : 1;
        text +=
            std::to_string(lower) + ":" + std::to_string(upper) + "|p" + std::to_string(i) + " ";
    }
    if (secondary > 0)
        text += "|";
    for (int i = 0; i < secondary; ++i)
        text += " s" + std::to_string(i);
    text += "\n";
    for (int o = pick(1, most_options); o > 0; --o) {
        std::string line;
        for (int i = 0; i < primary; ++i)
            if (pick(0, 2) == 0)
                line += " p" + std::to_string(i);
        for (int i = 0; i < secondary; ++i) {
            if (pick(0, 2) == 0)
                line += " s" + std::to_string(i) +
                        (colors && pick(0, 1) ? (pick(0, 1) ? ":a" : ":b") : "");
        }
        if (!line.empty())
            text += line + "\n";
    }
    return text;
}

} // namespace

TEST_CASE("random small problems split into jobs add up", "[dlx][split]")
{
    std::mt19937 random(5);
    for (int trial = 0; trial < 400; ++trial) {
        const std::string text = random_problem(random, trial % 2 == 1, trial % 4 >= 2, 6, 18);
        const dlx::Problem problem = parse(text);
        dlx::SplitOptions options;
        options.choice = trial % 8 >= 4 ? dlx::ItemChoice::singles_first : dlx::ItemChoice::fewest;
        const auto jobs = static_cast<std::size_t>(std::uniform_int_distribution(1, 12)(random));
        INFO("trial " << trial << ", " << jobs << " jobs:\n" << text);
        dlx::SearchOptions search;
        search.choice = options.choice;
        const auto serial = dlx::Solver(problem).count(search);
        require_same_counts(count_all_jobs(problem, dlx::split(problem, jobs, options)), serial);
    }
}

namespace {

// The top plus every job for dancing cells, counted twice (on two solvers, the jobs in opposite
// orders): the same figures both times.
dlx::SearchStats count_all_cells_jobs(const dlx::Problem& problem, const dlx::Split& split)
{
    REQUIRE(split.method == dlx::Method::cells);
    dlx::Solver one(problem), two(problem);
    dlx::SearchStats forward = split.top, backward = split.top;
    for (std::size_t job = 1; job <= split.jobs.size(); ++job) {
        forward += dlx::count_job(one, split, job);
        backward += dlx::count_job(two, split, split.jobs.size() + 1 - job);
    }
    CHECK(forward.nodes == backward.nodes);
    CHECK(forward.updates == backward.updates);
    return forward;
}

} // namespace

TEST_CASE("dancing cells split into jobs count every solution", "[dlx][split][cells]")
{
    const auto [name, problem] = GENERATE(table<std::string, dlx::Problem>({
        {"queens 8", dlx::examples::queens(8).problem},
        {"queens 10", dlx::examples::queens(10).problem},
        {"langford 8", dlx::examples::langford(8).problem},
        {"colours", dlx_test::colour_problem(7)},
        {"knuth7", parse(dlx_test::knuth7)},
        {"no solution", parse("A B\nA\n")},
        {"nothing to cover", dlx::Problem()},
    }));
    const std::size_t jobs = GENERATE(1u, 7u, 1000u);
    dlx::SplitOptions options;
    options.method = dlx::Method::cells;
    options.samples = GENERATE(0u, 16u);
    INFO(name << ", " << jobs << " jobs, " << options.samples << " samples");
    dlx::SearchOptions search;
    search.method = dlx::Method::cells;
    const auto serial = dlx::Solver(problem).count(search);
    const auto split = dlx::split(problem, jobs, options);
    CHECK(split == dlx::split(problem, jobs, options));
    const auto merged = count_all_cells_jobs(problem, split);
    CHECK(merged.solutions == serial.solutions);
    CHECK(merged.max_level == serial.max_level);
    if (split.jobs.size() <= 1 && split.top.nodes == 0) { // the whole tree is one job
        CHECK(merged.nodes == serial.nodes);
        CHECK(merged.updates == serial.updates);
    }
    CHECK((split.jobs.size() >= jobs || split.top.nodes + split.jobs.size() <= serial.nodes + 1));
    // The method is part of the split's name: results of the links' split are refused.
    dlx::SplitOptions links = options;
    links.method = dlx::Method::links;
    CHECK(split.digest() != dlx::split(problem, jobs, links).digest());
}

TEST_CASE("random small problems split for dancing cells count every solution",
          "[dlx][split][cells]")
{
    std::mt19937 random(11);
    for (int trial = 0; trial < 300; ++trial) {
        const std::string text = random_problem(random, trial % 2 == 1, false, 7, 22);
        const dlx::Problem problem = parse(text);
        dlx::SplitOptions options;
        options.method = dlx::Method::cells;
        options.samples = trial % 3 == 0 ? 4 : 0;
        const auto jobs = static_cast<std::size_t>(std::uniform_int_distribution(1, 12)(random));
        INFO("trial " << trial << ", " << jobs << " jobs:\n" << text);
        dlx::SearchOptions search;
        search.method = dlx::Method::cells;
        const auto serial = dlx::Solver(problem).count(search);
        const auto merged = count_all_cells_jobs(problem, dlx::split(problem, jobs, options));
        REQUIRE(merged.solutions == serial.solutions);
    }
}

TEST_CASE("pento6x10 split 1000 ways for dancing cells", "[dlx][split][cells][knuth]")
{
    const auto problem =
        dlx::read_knuth_file(std::string(DLX_DATA_DIR) + "/exact-cover/pento6x10.dlx");
    dlx::SplitOptions options;
    options.method = dlx::Method::cells;
    const auto split = dlx::split(problem, 1000, options);
    CHECK(split.jobs.size() >= 1000);
    dlx::Solver solver(problem);
    dlx::SearchStats merged = split.top;
    for (std::size_t job = 1; job <= split.jobs.size(); ++job)
        merged += dlx::count_job(solver, split, job);
    CHECK(merged.solutions == 9356);
    // Each job searched from its replayed path: a tree close to ssxcc's (1,210,954 nodes).
    CHECK(merged.nodes > 1190000);
    CHECK(merged.nodes < 1230000);
}

TEST_CASE("dancing cells refuse a path not in the tree, and multiplicities", "[dlx][split][cells]")
{
    // The root branches on B: its first option, A B, leaves C without options, so it is no
    // node of the tree; its second, B C, leads to the forced move A and the one solution.
    const auto problem = parse("A B C\nA B\nA C\nA\nB C\n");
    dlx::Solver solver(problem);
    dlx::SearchOptions options;
    options.method = dlx::Method::cells;
    using Path = std::vector<std::uint32_t>;
    CHECK(solver.count_below(Path{}, options).solutions == 1);
    CHECK(solver.count_below(Path{1}, options).solutions == 1);
    const auto leaf = solver.count_below(Path{1, 0}, options);
    CHECK(leaf.solutions == 1);
    CHECK(leaf.nodes == 1);
    CHECK(leaf.max_level == 2);
    CHECK_THROWS_AS(solver.count_below(Path{0}, options), dlx::ArgumentError);
    CHECK_THROWS_AS(solver.count_below(Path{2}, options), dlx::ArgumentError);
    CHECK_THROWS_AS(solver.count_below(Path{1, 0, 0}, options), dlx::ArgumentError);
    CHECK(solver.count(options).solutions == 1); // still usable
    dlx::SplitOptions split;
    split.method = dlx::Method::cells;
    CHECK_THROWS_AS(dlx::split(multiplicity_problem(), 4, split), dlx::ArgumentError);
}

TEST_CASE("a split is the same every time and heaviest first", "[dlx][split]")
{
    const auto problem = dlx::examples::langford(9).problem;
    dlx::SplitOptions options;
    options.seed = 3;
    options.samples = GENERATE(0u, 8u);
    const auto first = dlx::split(problem, 50, options);
    CHECK(first == dlx::split(problem, 50, options));
    REQUIRE(first.jobs.size() >= 50);
    double total = 0;
    for (std::size_t j = 0; j < first.jobs.size(); ++j) {
        total += first.jobs[j].weight;
        if (j > 0)
            CHECK(first.jobs[j - 1].weight >= first.jobs[j].weight);
    }
    CHECK(total == Approx(1.0));
    // No job estimated heavier than `balance` times the mean of 50.
    CHECK(first.jobs.front().weight <= options.balance / 50 + 1e-12);
}

TEST_CASE("a job's path that is not in the tree is refused with the links unchanged",
          "[dlx][split]")
{
    const auto problem = dlx::examples::queens(6).problem;
    dlx::Solver solver(problem);
    const std::vector<std::uint32_t> too_far{0, 99};
    CHECK_THROWS_AS(solver.count_below(too_far), dlx::ArgumentError);
    require_restored(solver, problem);
    const std::vector<std::uint32_t> too_deep(40, 0);
    CHECK_THROWS_AS(solver.count_below(too_deep), dlx::ArgumentError);
    require_restored(solver, problem);
    const auto m = multiplicity_problem();
    dlx::Solver m_solver(m);
    CHECK_THROWS_AS(m_solver.count_below(too_far), dlx::ArgumentError);
    require_restored(m_solver, m);
    // Out of the split's range.
    const auto split = dlx::split(problem, 3);
    CHECK_THROWS_AS(dlx::count_job(solver, split, 0), dlx::ArgumentError);
    CHECK_THROWS_AS(dlx::count_job(solver, split, split.jobs.size() + 1), dlx::ArgumentError);
}

TEST_CASE("a tree with fewer leaves than the jobs asked for is cut to the end", "[dlx][split]")
{
    // Knuth's example has 6 nodes: every one is cut, no job is left, the top holds the count.
    const auto problem = parse(dlx_test::knuth7);
    const auto split = dlx::split(problem, 1000);
    CHECK(split.jobs.empty());
    const auto serial = dlx::Solver(problem).count();
    CHECK(split.top.nodes == serial.nodes);
    CHECK(split.top.solutions == serial.solutions);
    CHECK(split.top.updates == serial.updates);
    // queens 8 asked for a million jobs: at most 4,000,000 cuts, and the counts still add up.
    const auto queens = dlx::examples::queens(8).problem;
    const auto many = dlx::split(queens, 1000000);
    require_same_counts(count_all_jobs(queens, many), dlx::Solver(queens).count());
}

TEST_CASE("a job is counted without the caller's seed", "[dlx][split]")
{
    const auto problem = dlx::examples::langford(8).problem;
    const auto split = dlx::split(problem, 20);
    dlx::Solver solver(problem);
    dlx::SearchOptions seeded;
    seeded.seed = 5;
    dlx::SearchStats total = split.top;
    for (std::size_t job = 1; job <= split.jobs.size(); ++job)
        total += dlx::count_job(solver, split, job, seeded);
    require_same_counts(total, dlx::Solver(problem).count());
}

TEST_CASE("a job stopped by a limit leaves the links restored", "[dlx][split]")
{
    const auto problem = dlx::examples::queens(8).problem;
    dlx::Solver solver(problem);
    const std::vector<std::uint32_t> path{1, 0};
    dlx::SearchOptions options;
    options.solution_limit = 1;
    const auto stats = solver.count_below(path, options);
    CHECK_FALSE(stats.complete);
    require_restored(solver, problem);
}

TEST_CASE("the problem's digest follows its content and not its file", "[dlx][split]")
{
    const auto a = dlx::problem_digest(parse("A B | C\nA C\nB\n"));
    CHECK(a.size() == 32);
    CHECK(a == dlx::problem_digest(parse("| a comment\nA  B |  C\n\nA C\nB\n")));
    CHECK(a != dlx::problem_digest(parse("A B | C\nA C\nA B\n")));
    CHECK(a != dlx::problem_digest(parse("A B C\nA C\nB\n")));
    CHECK(a != dlx::problem_digest(parse("A B | C\nA C:x\nB\n")));
}

namespace {

dlx::Split read_split_text(const std::string& text)
{
    std::istringstream in(text);
    return dlx::read_split(in, "jobs.txt");
}

std::string written(const dlx::Split& split)
{
    std::ostringstream out;
    dlx::write_split(out, split, "queens8.dlx");
    return out.str();
}

// `text` with the first occurrence of `from` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to)
{
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

std::string error_of(const std::string& text)
{
    try {
        (void)read_split_text(text);
    } catch (const dlx::ParseError& error) {
        return error.what();
    }
    return "no error";
}

} // namespace

TEST_CASE("a job file reads back as written", "[dlx][split][format]")
{
    const auto problem = dlx::examples::queens(8).problem;
    dlx::SplitOptions options;
    options.choice = GENERATE(dlx::ItemChoice::fewest, dlx::ItemChoice::singles_first);
    options.method = GENERATE(dlx::Method::links, dlx::Method::cells);
    const auto split = dlx::split(problem, GENERATE(1u, 20u), options);
    const std::string text = written(split);
    CHECK(read_split_text(text) == split);
    CHECK(text.rfind("# ", 0) == 0);
    // CRLF line ends read the same.
    CHECK(read_split_text(replaced(text, "\n", "\r\n")) == split);
    // A file written before the method line (links only) reads as links, digest and all.
    if (options.method == dlx::Method::links)
        CHECK(read_split_text(replaced(text, "method links\n", "")) == split);
}

TEST_CASE("a bad job file is refused with its line", "[dlx][split][format]")
{
    const auto split = dlx::split(dlx::examples::queens(8).problem, 5);
    const std::string text = written(split);
    CHECK(error_of("") == "jobs.txt: not a job file (it must start with 'dlx-jobs 1', as "
                          "exact-cover --split writes it)");
    CHECK(error_of("A B\nA\n") == "jobs.txt:1: not a job file (it must start with 'dlx-jobs 1', "
                                  "as exact-cover --split writes it)");
    CHECK(error_of(replaced(text, "dlx-jobs 1", "dlx-jobs 2")) ==
          "jobs.txt:4: job file version 2 is not known (only 1)");
    CHECK(error_of(replaced(text, "choice fewest", "choice best")) ==
          "jobs.txt:6: unknown item choice 'best'");
    CHECK(error_of(replaced(text, "choice fewest", "chose fewest")) ==
          "jobs.txt:6: expected 'choice' and 1 value");
    CHECK(error_of(replaced(text, "method links", "method dancing")) ==
          "jobs.txt:7: unknown method 'dancing' (links or cells)");
    CHECK(error_of(replaced(text, "method links", "method links cells")) ==
          "jobs.txt:7: expected 'method' and 1 value");
    CHECK(error_of(replaced(text, "\ntop ", "\ntop x")) ==
          "jobs.txt:8: 'top' needs four counts: nodes, updates, solutions, level");
    CHECK(error_of(replaced(text, "\n1 /", "\n2 /")) == "jobs.txt:11: expected job 1, found job 2");
    // Job 1's line replaced by `line`.
    auto job_1 = [&](const std::string& line) {
        const auto begin = text.find("\n1 /") + 1;
        return text.substr(0, begin) + line + text.substr(text.find('\n', begin));
    };
    CHECK(error_of(job_1("1 0/1 0.5")) == "jobs.txt:11: bad path '0/1' (branch numbers after '/')");
    CHECK(error_of(job_1("1 /0//1 0.5")) ==
          "jobs.txt:11: bad path '/0//1' (branch numbers after '/')");
    CHECK(error_of(job_1("1 /0/1 -2")) == "jobs.txt:11: bad weight '-2'");
    CHECK(error_of(job_1("1 /0/1")) == "jobs.txt:11: expected a job: its number, path and weight");
    const std::string jobs = std::to_string(split.jobs.size());
    CHECK(error_of(text.substr(0, text.find("\n3 ") + 1)) ==
          "jobs.txt:13: the file ends after 2 of its " + jobs + " jobs");
    CHECK(error_of(text + "99 /0/0 0.1\n") == "jobs.txt:" + std::to_string(11 + split.jobs.size()) +
                                                  ": more jobs than the 'jobs' line says (" + jobs +
                                                  ")");
    // Every line in place, but a path changed: the digest no longer matches.
    const auto edited = replaced(text, "\n5 /", "\n5 /1");
    CHECK(error_of(edited) == "jobs.txt: the digest does not match the jobs: the file was changed "
                              "after exact-cover --split wrote it");
}

TEST_CASE("result lines read back as written and bad ones are refused", "[dlx][split][format]")
{
    dlx::JobResult result;
    result.job = 12;
    result.solutions = 18446744073709551615ULL;
    result.nodes = 1234;
    result.updates = 56789;
    result.seconds = 0.25;
    result.digest = "0123456789abcdef0123456789abcdef";
    const std::string line = dlx::format_result(result);
    CHECK(line == "{\"job\":12,\"solutions\":\"18446744073709551615\",\"nodes\":1234,"
                  "\"updates\":56789,\"seconds\":0.25,\"digest\":"
                  "\"0123456789abcdef0123456789abcdef\"}");
    CHECK(dlx::parse_result(line) == result);
    CHECK(dlx::parse_result(" { \"digest\" : \"0123456789abcdef0123456789abcdef\", \"seconds\": "
                            "0.25, \"updates\":56789,\"nodes\":1234, \"host\":\"n1\", "
                            "\"solutions\":\"18446744073709551615\",\"job\":12 }\r") == result);
    auto error = [](const std::string& text) -> std::string {
        try {
            (void)dlx::parse_result(text);
        } catch (const dlx::ArgumentError& e) {
            return e.what();
        }
        return "no error";
    };
    CHECK(error("") == "expected '{' at column 1");
    CHECK(error("{\"job\":1}") == "no \"solutions\"");
    CHECK(error(replaced(line, "\"solutions\":\"", "\"solutions\":\"x")) ==
          "\"solutions\" must be a whole number at column 23");
    CHECK(error(replaced(line, "\"nodes\":1234", "\"nodes\":-1")) ==
          "\"nodes\" must be a whole number at column 54");
    CHECK(error(replaced(line, "{\"job\":12", "{\"job\":0")) == "job numbers start at 1");
    CHECK(error(replaced(line, "\"job\":12,", "\"job\":12,\"job\":12,")) ==
          "\"job\" given twice at column 11");
    CHECK(error(line + "x") == "unexpected text after the object at column 134");
    CHECK(error(replaced(line, "0.25", "-3")) == "\"seconds\" must be a number of seconds at "
                                                 "column 85");
}

TEST_CASE("merging refuses other splits and disagreements and lists what is missing",
          "[dlx][split][merge]")
{
    const auto problem = dlx::examples::queens(8).problem;
    const auto split = dlx::split(problem, 6);
    dlx::Merge merge(split);
    CHECK(merge.missing().size() == split.jobs.size());
    dlx::Solver solver(problem);
    auto result_of = [&](std::size_t job) {
        const auto stats = dlx::count_job(solver, split, job);
        return dlx::JobResult{job, stats.solutions, stats.nodes, stats.updates,
                              0.5, split.digest()};
    };
    merge.add(result_of(2));
    merge.add(result_of(2)); // the same job twice: fine
    CHECK(merge.missing().front() == 1);
    auto other = result_of(3);
    other.digest = dlx::split(problem, 20).digest();
    CHECK_THROWS_WITH(merge.add(other), Catch::Contains("a result of another problem or split"));
    auto stranger = result_of(3);
    stranger.job = split.jobs.size() + 1;
    CHECK_THROWS_WITH(merge.add(stranger), Catch::Contains("there is no job"));
    stranger.job = 0;
    CHECK_THROWS_WITH(merge.add(stranger), Catch::Contains("there is no job 0"));
    auto wrong = result_of(2);
    ++wrong.nodes;
    CHECK_THROWS_WITH(merge.add(wrong), Catch::Contains("job 2 has two results that disagree"));

    std::ostringstream lines;
    for (std::size_t job = 1; job <= split.jobs.size(); ++job) {
        if (job != 4)
            lines << dlx::format_result(result_of(job)) << "\n\n";
    }
    std::istringstream in(lines.str());
    merge.add_results(in, "results.txt");
    CHECK(merge.missing() == std::vector<std::uint64_t>{4});
    merge.add(result_of(4));
    CHECK(merge.missing().empty());
    const auto serial = dlx::Solver(problem).count();
    CHECK(merge.solutions().to_string() == std::to_string(serial.solutions));
    CHECK(merge.nodes().to_string() == std::to_string(serial.nodes));
    CHECK(merge.updates().to_string() == std::to_string(serial.updates));
    CHECK(merge.seconds() == Approx(0.5 * static_cast<double>(split.jobs.size())));

    std::istringstream bad("\n" + dlx::format_result(result_of(1)) + "\n{\"job\":1}\n");
    CHECK_THROWS_WITH(merge.add_results(bad, "results.txt"), "results.txt:3: no \"solutions\"");
    CHECK(dlx::format_job_ranges({1, 2, 3, 7, 9, 10}) == "1-3, 7, 9-10");
    CHECK(dlx::format_job_ranges({}).empty());
}

namespace {

// Domino tilings of an n x n board (an item per cell, an option per domino).
dlx::Problem domino_board(int n)
{
    dlx::ProblemBuilder builder;
    for (int cell = 0; cell < n * n; ++cell)
        builder.add_primary("c" + std::to_string(cell));
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            const auto at = [&](int row, int column) {
                return static_cast<dlx::ItemId>(row * n + column);
            };
            if (c + 1 < n)
                builder.add_option({at(r, c), at(r, c + 1)});
            if (r + 1 < n)
                builder.add_option({at(r, c), at(r + 1, c)});
        }
    }
    return std::move(builder).build();
}

} // namespace

TEST_CASE("jobs counted with memory add up to the count", "[dlx][split][memo]")
{
    std::mt19937 random(11);
    for (int trial = 0; trial < 200; ++trial) {
        const std::string text = random_problem(random, trial % 2 == 1, false, 6, 18);
        const dlx::Problem problem = parse(text);
        dlx::SplitOptions options;
        options.choice = trial % 4 >= 2 ? dlx::ItemChoice::singles_first : dlx::ItemChoice::fewest;
        const auto jobs = static_cast<std::size_t>(std::uniform_int_distribution(1, 12)(random));
        INFO("trial " << trial << ", " << jobs << " jobs:\n" << text);
        const dlx::Split split = dlx::split(problem, jobs, options);
        dlx::Solver solver(problem);
        dlx::MemoOptions memo;
        memo.leftmost = trial % 3 == 0;
        dlx::BigCount total = split.top.solutions;
        for (std::size_t job = 1; job <= split.jobs.size(); ++job)
            total += dlx::count_job_memo(solver, split, job, memo).solutions;
        CHECK(total == dlx::Solver(problem).count().solutions);
        require_restored(solver, problem);
    }

    // Past 2^64, through the result lines and a merge: the 14x14 board's 112,202,208,776,
    // 036,178,000,000 tilings (OEIS A004003).
    const dlx::Problem board = domino_board(14);
    const dlx::Split split = dlx::split(board, 6);
    dlx::Merge merge(split);
    dlx::Solver solver(board);
    for (std::size_t job = 1; job <= split.jobs.size(); ++job) {
        const dlx::MemoStats stats = dlx::count_job_memo(solver, split, job);
        dlx::JobResult result{job, stats.solutions, stats.nodes, stats.updates,
                              0.1, split.digest(),  true};
        const std::string line = dlx::format_result(result);
        CHECK_THAT(line, Catch::Contains(",\"memo\":true,"));
        CHECK(dlx::parse_result(line) == result);
        merge.add(dlx::parse_result(line));
    }
    CHECK(merge.missing().empty());
    CHECK(merge.memo());
    CHECK(merge.solutions().to_string() == "112202208776036178000000");
}

TEST_CASE("jobs counted with memory refuse what they cannot count", "[dlx][split][memo]")
{
    const dlx::Problem queens = dlx::examples::queens(6).problem;
    dlx::SplitOptions cells;
    cells.method = dlx::Method::cells;
    const dlx::Split for_cells = dlx::split(queens, 4, cells);
    dlx::Solver solver(queens);
    CHECK_THROWS_AS(dlx::count_job_memo(solver, for_cells, 1), dlx::ArgumentError);
    const dlx::Split split = dlx::split(queens, 4);
    CHECK_THROWS_WITH(dlx::count_job_memo(solver, split, split.jobs.size() + 1),
                      Catch::Contains("there is no job"));
    dlx::Split broken = split;
    broken.jobs[0].path = {99};
    CHECK_THROWS_WITH(dlx::count_job_memo(solver, broken, 1), Catch::Contains("no branch 99"));
    require_restored(solver, queens);

    const dlx::Problem with_multiplicities = parse(dlx_test::board2x3);
    const dlx::Split many = dlx::split(with_multiplicities, 3);
    dlx::Solver m(with_multiplicities);
    CHECK_THROWS_WITH(dlx::count_job_memo(m, many, 1), Catch::Contains("multiplicities"));

    // Results with memory and without do not mix; "memo" takes true or false.
    dlx::Merge merge(split);
    merge.add({1, 4, 10, 20, 0.1, split.digest(), true});
    CHECK_THROWS_WITH(merge.add({2, 0, 10, 20, 0.1, split.digest(), false}),
                      Catch::Contains("job 2 was counted without memory"));
    const std::string line = dlx::format_result({1, 4, 10, 20, 0.1, split.digest(), false});
    CHECK(line.find("memo") == std::string::npos);
    CHECK(dlx::parse_result(replaced(line, "\"nodes\"", "\"memo\":false,\"nodes\"")).memo == false);
    CHECK_THROWS_WITH(dlx::parse_result(replaced(line, "\"nodes\"", "\"memo\":1,\"nodes\"")),
                      "\"memo\" must be true or false at column 33");
}
