// The ZDD that a memoised count builds: its paths are exactly the solutions that the plain search
// finds, its count the memoised one, its text DLX6's (recorded from Knuth's dlx6, `m1`), read
// back unchanged; its samples uniform (a chi-square test); bad text refused with its place.
#include "support/problems.hpp"

#include <dlx/examples.hpp>
#include <dlx/memo.hpp>
#include <dlx/solver.hpp>
#include <dlx/zdd.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

using Solution = std::vector<dlx::OptionId>;

std::pair<dlx::MemoStats, dlx::Zdd> built(const dlx::Problem& problem, bool leftmost = false)
{
    dlx::Solver solver(problem);
    dlx::MemoOptions options;
    options.leftmost = leftmost;
    dlx::Zdd zdd;
    const dlx::MemoStats stats = solver.count_memo(options, &zdd);
    dlx_test::require_restored(solver, problem);
    return {stats, zdd};
}

std::set<Solution> paths(const dlx::Zdd& zdd)
{
    std::set<Solution> all;
    std::uint64_t visits = 0;
    zdd.for_each([&](std::span<const dlx::OptionId> solution) {
        Solution sorted(solution.begin(), solution.end());
        std::sort(sorted.begin(), sorted.end());
        all.insert(sorted);
        ++visits;
        return dlx::Visit::keep_going;
    });
    REQUIRE(visits == all.size()); // no solution twice
    return all;
}

std::set<Solution> searched(const dlx::Problem& problem)
{
    dlx::Solver solver(problem);
    const auto all = dlx_test::all_solutions(solver);
    return {all.begin(), all.end()};
}

std::string text_of(const dlx::Zdd& zdd, const dlx::Problem& problem)
{
    std::ostringstream out;
    zdd.write(out, problem);
    return out.str();
}

dlx::Zdd read_text(const std::string& text, const dlx::Problem& problem)
{
    std::istringstream in(text);
    return dlx::Zdd::read(in, problem, "test.zdd");
}

} // namespace

TEST_CASE("a ZDD's paths are the solutions, and it counts them", "[zdd]")
{
    const std::vector<std::pair<std::string, dlx::Problem>> problems = {
        {"knuth7", dlx_test::parse(dlx_test::knuth7)},
        {"queens 8", dlx::examples::queens(8).problem},
        {"colour12", dlx_test::sample("colour12.dlx")},
        {"sudoku4", dlx_test::sample("sudoku4.dlx")},
        {"langford7", dlx_test::sample("langford7.dlx")},
        {"no solution", dlx_test::parse("a b\na\n")},
        {"a colour problem", dlx_test::colour_problem(5)},
    };
    for (const auto& [name, problem] : problems) {
        for (const bool leftmost : {false, true}) {
            INFO(name << (leftmost ? ", leftmost" : ""));
            const auto [stats, zdd] = built(problem, leftmost);
            CHECK(zdd.count() == stats.solutions);
            CHECK(zdd.size() == stats.zdd_nodes);
            CHECK(paths(zdd) == searched(problem));
            CHECK(read_text(text_of(zdd, problem), problem) == zdd);
        }
    }
}

TEST_CASE("a ZDD is written as DLX6 writes it", "[zdd]")
{
    // ./dlx6 m1 v0 < knuth7.dlx, and the same for "A B / A / B / A B".
    const dlx::Problem knuth7 = dlx_test::sample("knuth7.dlx");
    CHECK(text_of(built(knuth7).second, knuth7) ==
          "2: (~5?0:1)\n3: (~1?0:2)\n4: (~4?0:3)\n5: (~0?0:4)\n");
    const dlx::Problem two = dlx_test::parse("A B\nA\nB\nA B\n");
    CHECK(text_of(built(two).second, two) ==
          "2: (~2?0:1)\n3: (~1?0:2)\n4: (~3?3:1)\n5: (~0?0:4)\n");
    const dlx::Problem none = dlx_test::parse("a b\na\n");
    CHECK(text_of(built(none).second, none) == "2: (~0?0:0)\n");
    // Options without a primary item are not numbered (DLX6 drops them).
    const dlx::Problem colour = dlx_test::sample("color.dlx");
    const auto [stats, zdd] = built(colour);
    CHECK(read_text(text_of(zdd, colour), colour) == zdd);
}

TEST_CASE("a ZDD past 2^64 counts and samples exactly", "[zdd]")
{
    dlx::ProblemBuilder builder; // dominoes on 12x14: 1.1 x 10^20 tilings (A004003's table)
    const auto cell = [](int r, int c) {
        return "r" + std::to_string(r) + "c" + std::to_string(c);
    };
    for (int r = 0; r < 12; ++r)
        for (int c = 0; c < 14; ++c)
            builder.add_primary(cell(r, c));
    for (int r = 0; r < 12; ++r) {
        for (int c = 0; c < 14; ++c) {
            if (c + 1 < 14)
                builder.add_option({cell(r, c), cell(r, c + 1)});
            if (r + 1 < 12)
                builder.add_option({cell(r, c), cell(r + 1, c)});
        }
    }
    const dlx::Problem problem = std::move(builder).build();
    const auto [stats, zdd] = built(problem);
    CHECK(!stats.solutions.to_u64());
    CHECK(zdd.count() == stats.solutions);
    dlx::Random random(3);
    for (int k = 0; k < 5; ++k) {
        const auto solution = zdd.sample(random);
        REQUIRE(solution);
        std::vector<int> covered(problem.item_count(), 0);
        for (const dlx::OptionId option : *solution)
            for (const dlx::Entry& entry : problem.option(option))
                ++covered[entry.item];
        CHECK(std::all_of(covered.begin(), covered.end(), [](int n) { return n == 1; }));
    }
}

TEST_CASE("a ZDD's samples are uniform", "[zdd]")
{
    // 288 solutions, 28,800 draws: a chi-square with 287 degrees of freedom, expected 287 with
    // a standard deviation of 24; a draw that favoured some solutions would be far above 400.
    const dlx::Problem problem = dlx_test::sample("sudoku4.dlx");
    const auto [stats, zdd] = built(problem);
    REQUIRE(stats.solutions == 288);
    std::map<Solution, int> seen;
    dlx::Random random(2026);
    const int draws = 28800;
    for (int k = 0; k < draws; ++k) {
        auto solution = zdd.sample(random);
        REQUIRE(solution);
        std::sort(solution->begin(), solution->end());
        ++seen[*solution];
    }
    CHECK(seen.size() == 288);
    double chi_square = 0;
    for (const auto& [solution, times] : seen) {
        const double expected = draws / 288.0;
        chi_square += (times - expected) * (times - expected) / expected;
    }
    CHECK(chi_square < 400);
    dlx::Random other(1);
    CHECK(!built(dlx_test::parse("a b\na\n")).second.sample(other));
}

TEST_CASE("a ZDD that does not fit, or a count cut short, gives none", "[zdd]")
{
    const dlx::Problem problem = dlx_test::sample("langford7.dlx");
    dlx::Solver solver(problem);
    dlx::MemoOptions options;
    options.memory = 40000; // the cache's first table and a few hundred nodes
    dlx::Zdd zdd;
    CHECK_THROWS_AS(solver.count_memo(options, &zdd), dlx::ArgumentError);
    dlx_test::require_restored(solver, problem);
    options = {};
    options.node_limit = 50;
    const dlx::MemoStats cut = solver.count_memo(options, &zdd);
    CHECK(!cut.complete);
    CHECK(zdd.root() == dlx::Zdd::none);
    CHECK(zdd.nodes().empty());
}

TEST_CASE("text that is not a ZDD is refused with its place", "[zdd]")
{
    const dlx::Problem problem = dlx_test::parse("A B\nA\nB\nA B\n");
    const std::vector<std::pair<std::string, std::string>> bad = {
        {"", "test.zdd: empty: not a ZDD"},
        {"2: (~2?0:1)\n", "test.zdd:1: no root line 'id: (~0?0:root)' at the end"},
        {"2: (~2?0:1)\nx\n", "test.zdd:2:1: expected a node id in hexadecimal"},
        {"2 (~2?0:1)\n", "test.zdd:1:2: expected ': (~'"},
        {"2: (~2?0:1) \n", "test.zdd:1:12: unexpected text after the node"},
        {"3: (~2?0:1)\n", "test.zdd:1:1: node 3 out of sequence (expected 2)"},
        {"2: (~2?0:2)\n", "test.zdd:1:1: node 2 points to a node not yet defined"},
        {"2: (~4?0:1)\n", "test.zdd:1:1: option 4 is not an option of the problem (it has 3 "
                          "with a primary item)"},
        {"2: (~0?1:0)\n", "test.zdd:1:1: the root line must read 'id: (~0?0:root)'"},
        {"2: (~0?0:0)\n\n3: (~1?0:1)\n", "test.zdd:3:1: a line after the root line (1), which "
                                         "ends a ZDD"},
    };
    for (const auto& [text, message] : bad) {
        INFO(text);
        try {
            (void)read_text(text, problem);
            FAIL("accepted");
        } catch (const dlx::ParseError& error) {
            CHECK(std::string(error.what()) == message);
        }
    }
    // Blank lines after the root line are the end of the file as editors leave it.
    CHECK(read_text("2: (~2?0:1)\n3: (~0?0:2)\n\n \n", problem).count() == 1);
}
