// Dancing cells (Method::cells): Knuth's ssxcc figures on the sample files, the same solutions
// as dancing links, and every mode of a search: first solution, visitor, limits, seeds, forced
// options, traces, progress, cancelling and parallel counting.
#include "support/problems.hpp"

#include <dlx/examples.hpp>
#include <dlx/knuth_format.hpp>
#include <dlx/solver.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

using dlx_test::all_solutions;
using dlx_test::parse;

namespace {

dlx::SearchOptions cells()
{
    dlx::SearchOptions options;
    options.method = dlx::Method::cells;
    return options;
}

std::vector<std::vector<dlx::OptionId>> sorted(std::vector<std::vector<dlx::OptionId>> solutions)
{
    std::sort(solutions.begin(), solutions.end());
    return solutions;
}

} // namespace

// Knuth's ssxcc (ascherer/cwebtest cf987843, ssxcc.w of 2023-12-06, built as docs/benchmarks.md
// section 10 says), run on each file with its default options: "Altogether S solutions, ...,
// U updates, ..., N nodes".
TEST_CASE("dancing cells match Knuth's ssxcc on the sample files", "[dlx][cells][knuth]")
{
    const auto [file, solutions, nodes, updates] =
        GENERATE(table<std::string, std::uint64_t, std::uint64_t, std::uint64_t>({
            {"knuth7.dlx", 1, 5, 27},
            {"taocp_abcdefg.dlx", 1, 5, 27},
            {"wikipedia_algx.dlx", 1, 4, 23},
            {"queens8.dlx", 92, 947, 20078},
            {"langford7.dlx", 52, 466, 7734},
            {"sudoku4.dlx", 288, 2157, 22545},
            {"color.dlx", 1, 3, 16},
            {"colour12.dlx", 134, 419, 5887},
        }));
    INFO(file);
    dlx::Solver solver(dlx_test::sample(file));
    const auto stats = solver.count(cells());
    CHECK(stats.solutions == solutions);
    CHECK(stats.nodes == nodes);
    CHECK(stats.updates == updates);
    CHECK(stats.complete);
    // A second search on the same solver starts afresh: the same figures again.
    CHECK(solver.count(cells()) == stats);
}

TEST_CASE("dancing cells match Knuth's ssxcc on pento6x10.dlx", "[dlx][cells][knuth]")
{
    dlx::Solver solver(dlx_test::sample("pento6x10.dlx"));
    const auto stats = solver.count(cells());
    CHECK(stats.solutions == 9356);
    CHECK(stats.nodes == 1210954);
    CHECK(stats.updates == 1040447865);
    CHECK(stats.max_level == 12);
}

TEST_CASE("dancing cells match Knuth's ssxcc on the benchmark problems", "[dlx][cells][knuth]")
{
    const auto [file, solutions, nodes, updates] =
        GENERATE(table<std::string, std::uint64_t, std::uint64_t, std::uint64_t>({
            {"matrices7x7.dlx", 3110940, 17412340, 163263808},
            {"latin7.dlx", 2426880, 25918587, 190844553},
        }));
    INFO(file);
    const auto stats = dlx::Solver(dlx_test::sample(file)).count(cells());
    CHECK(stats.solutions == solutions);
    CHECK(stats.nodes == nodes);
    CHECK(stats.updates == updates);
}

TEST_CASE("dancing cells find the solutions that dancing links find", "[dlx][cells]")
{
    const auto problem = GENERATE(dlx::examples::queens(6).problem,
                                  dlx::examples::langford(7).problem, dlx::examples::sudoku(2),
                                  dlx_test::colour_problem(3), dlx_test::colour_problem(11));
    dlx::Solver solver(problem);
    const auto by_links = sorted(all_solutions(solver));
    const auto by_cells = all_solutions(solver, cells());
    CHECK(sorted(by_cells) == by_links);
    CHECK(std::set(by_cells.begin(), by_cells.end()).size() == by_cells.size());
    // Visiting and counting agree.
    const auto counted = solver.count(cells());
    CHECK(counted.solutions == by_cells.size());
    CHECK(solver.search([](auto) { return dlx::Visit::keep_going; }, cells()) == counted);
    dlx_test::require_restored(solver, problem);
}

TEST_CASE("dancing cells: nothing to cover, and an item without options", "[dlx][cells]")
{
    SECTION("no primary item: one solution, the empty set")
    {
        dlx::ProblemBuilder builder;
        const auto s = builder.add_secondary("s");
        builder.add_option({s});
        dlx::Solver solver(std::move(builder).build());
        std::vector<std::vector<dlx::OptionId>> found;
        const auto stats = solver.search(
            [&](std::span<const dlx::OptionId> solution) {
                found.emplace_back(solution.begin(), solution.end());
                return dlx::Visit::keep_going;
            },
            cells());
        CHECK(stats.solutions == 1);
        CHECK(stats.nodes == 1);
        CHECK(found == std::vector<std::vector<dlx::OptionId>>{{}});
    }
    SECTION("a primary item without options: no solution, and no search (as ssxcc)")
    {
        const auto problem = parse("a b\na\n");
        dlx::Solver solver(problem);
        const auto stats = solver.count(cells());
        CHECK(stats.solutions == 0);
        CHECK(stats.nodes == 0);
        CHECK(stats.complete);
    }
}

TEST_CASE("dancing cells: first solution, visitor stop and limits", "[dlx][cells]")
{
    const auto problem = dlx::examples::queens(8).problem;
    dlx::Solver solver(problem);
    std::vector<std::vector<dlx::OptionId>> visited;
    solver.search(
        [&](std::span<const dlx::OptionId> solution) {
            visited.emplace_back(solution.begin(), solution.end());
            return dlx::Visit::keep_going;
        },
        cells());
    REQUIRE(visited.size() == 92);

    const auto first = solver.first_solution(cells());
    REQUIRE(first.has_value());
    CHECK(*first == visited.front());

    std::size_t seen = 0;
    const auto stopped = solver.search(
        [&](auto) { return ++seen == 5 ? dlx::Visit::stop : dlx::Visit::keep_going; }, cells());
    CHECK(seen == 5);
    CHECK(stopped.solutions == 5);
    CHECK_FALSE(stopped.complete);

    auto limited = cells();
    limited.solution_limit = 10;
    const auto ten = solver.count(limited);
    CHECK(ten.solutions == 10);
    CHECK_FALSE(ten.complete);

    auto few_nodes = cells();
    few_nodes.node_limit = 50;
    const auto fifty = solver.count(few_nodes);
    CHECK(fifty.nodes == 50);
    CHECK_FALSE(fifty.complete);
    CHECK(fifty.solutions < 92);

    // After stopped searches, a full one is as the first.
    CHECK(solver.count(cells()).solutions == 92);
    CHECK(solver.count(cells()) == solver.count(cells()));
}

TEST_CASE("dancing cells: a seeded search is reproducible and finds every solution", "[dlx][cells]")
{
    const auto problem = dlx::examples::langford(8).problem;
    dlx::Solver solver(problem);
    const auto all = sorted(all_solutions(solver));
    for (const auto randomise : {dlx::Randomise::items_and_options, dlx::Randomise::options_only}) {
        auto seeded = cells();
        seeded.randomise = randomise;
        seeded.seed = 12345;
        const auto once = all_solutions(solver, seeded);
        CHECK(all_solutions(solver, seeded) == once);
        CHECK(sorted(once) == all);
        seeded.seed = 999;
        const auto other = all_solutions(solver, seeded);
        CHECK(sorted(other) == all);
        CHECK(other != once); // another seed, another order
    }
    // Random first solutions vary with the seed.
    std::set<std::vector<dlx::OptionId>> firsts;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        auto seeded = cells();
        seeded.seed = seed;
        auto first = solver.first_solution(seeded);
        REQUIRE(first.has_value());
        std::sort(first->begin(), first->end());
        CHECK(std::binary_search(all.begin(), all.end(), *first));
        firsts.insert(*first);
    }
    CHECK(firsts.size() > 5);
}

TEST_CASE("dancing cells search below the forced options", "[dlx][cells][force]")
{
    const auto problem = dlx::examples::sudoku(2);
    dlx::Solver solver(problem);
    const auto all = sorted(all_solutions(solver));
    // Force the first option of a solution, then another from the same solution.
    const auto& chosen = all[100];
    REQUIRE(solver.force(chosen[0]));
    REQUIRE(solver.force(chosen[3]));
    const auto by_links = sorted(all_solutions(solver));
    const auto by_cells = sorted(all_solutions(solver, cells()));
    CHECK(by_cells == by_links);
    CHECK(solver.count(cells()).solutions == by_links.size());
    // reset() lays the same options out at once: the same solutions again.
    const std::vector<dlx::OptionId> forced{chosen[0], chosen[3]};
    REQUIRE(solver.reset(forced));
    CHECK(sorted(all_solutions(solver, cells())) == by_links);
    solver.unforce_all();
    CHECK(solver.count(cells()).solutions == 288);
}

TEST_CASE("dancing cells: forced options that leave an item uncoverable", "[dlx][cells][force]")
{
    // Forcing "a c" leaves b only "b c", which c, now covered, rules out.
    const auto problem = parse("a b c\na c\nb c\n");
    dlx::Solver solver(problem);
    REQUIRE(solver.force(0));
    CHECK(solver.count().solutions == 0);
    const auto stats = solver.count(cells());
    CHECK(stats.solutions == 0);
    CHECK(stats.nodes == 0);
    CHECK(stats.complete);
    CHECK_FALSE(solver.first_solution(cells()).has_value());
    solver.unforce_all();
    CHECK(solver.count(cells()).solutions == 0); // a and b need c twice: none either way
    REQUIRE(solver.force(1));
    CHECK(solver.count(cells()).solutions == 0);
}

TEST_CASE("dancing cells refuse multiplicities", "[dlx][cells]")
{
    dlx::Solver solver(dlx_test::sample("mult.dlx"));
    CHECK_THROWS_AS(solver.count(cells()), dlx::ArgumentError);
    CHECK_THROWS_AS(dlx::count_parallel(dlx_test::sample("mult3x4.dlx"), 2, cells()),
                    dlx::ArgumentError);
    CHECK_THROWS_AS(solver.count_below(std::vector<std::uint32_t>{0}, cells()), dlx::ArgumentError);
}

namespace {

class CountingTracer : public dlx::Tracer {
public:
    std::uint64_t chosen = 0, tried = 0, backtracked = 0, solutions = 0;
    std::size_t deepest_solution = 0;
    void choose(std::size_t, dlx::ItemId, std::size_t length) override
    {
        ++chosen;
        CHECK(length >= 1);
    }
    void try_option(std::size_t, std::optional<dlx::OptionId> option) override
    {
        ++tried;
        CHECK(option.has_value());
    }
    void backtrack(std::size_t, dlx::ItemId) override { ++backtracked; }
    void solution(std::span<const dlx::OptionId> options) override
    {
        ++solutions;
        deepest_solution = std::max(deepest_solution, options.size());
    }
};

} // namespace

TEST_CASE("dancing cells tell the tracer every step", "[dlx][cells][trace]")
{
    const auto problem = dlx::examples::queens(6).problem;
    dlx::Solver solver(problem);
    const auto plain = solver.count(cells());
    CountingTracer tracer;
    auto traced = cells();
    traced.tracer = &tracer;
    const auto stats = solver.count(traced);
    CHECK(stats == plain);
    CHECK(tracer.solutions == stats.solutions);
    // Every node entered either is a solution or chooses an item; every item chosen is given
    // up once all its options have been tried.
    CHECK(tracer.chosen + tracer.solutions == stats.nodes);
    CHECK(tracer.backtracked == tracer.chosen);
    CHECK(tracer.tried >= tracer.chosen);
    CHECK(tracer.deepest_solution == stats.max_level);
}

TEST_CASE("dancing cells report progress and can be cancelled", "[dlx][cells][progress]")
{
    const auto problem = dlx::examples::langford(9).problem;
    dlx::Solver solver(problem);
    const auto full = solver.count(cells());
    auto reported = cells();
    reported.progress_interval = 100;
    std::vector<dlx::SearchProgress> reports;
    reported.progress = [&](const dlx::SearchProgress& where) { reports.push_back(where); };
    CHECK(solver.count(reported) == full);
    REQUIRE(reports.size() == (full.nodes - 1) / 100);
    for (std::size_t k = 1; k < reports.size(); ++k) {
        CHECK(reports[k].nodes == reports[k - 1].nodes + 100);
        CHECK(reports[k].fraction_done >= reports[k - 1].fraction_done);
    }
    CHECK(reports.back().fraction_done <= 1.0);
    CHECK(reports.back().fraction_done > 0.5);

    std::atomic<bool> cancel{false};
    auto cancelled = cells();
    cancelled.cancel = &cancel;
    cancelled.progress_interval = 64;
    cancelled.progress = [&](const dlx::SearchProgress& where) {
        if (where.nodes >= 640)
            cancel = true;
    };
    const auto stopped = solver.count(cancelled);
    CHECK_FALSE(stopped.complete);
    CHECK(stopped.nodes == 704);
    CHECK(solver.count(cells()) == full);
}

TEST_CASE("dancing cells count in parallel: every solution, the same figures every time",
          "[dlx][cells][parallel]")
{
    const auto problem = GENERATE(dlx::examples::queens(10).problem,
                                  dlx::examples::langford(8).problem, dlx_test::colour_problem(5));
    const auto one = dlx::Solver(problem).count(cells());
    const auto two = dlx::count_parallel(problem, 2, cells());
    CHECK(two.solutions == one.solutions);
    CHECK(two.complete);
    // Each subtree is searched from the initial state with its path committed, so the
    // figures do not depend on which thread took which subtree.
    CHECK(dlx::count_parallel(problem, 2, cells()) == two);
    CHECK(dlx::count_parallel(problem, 3, cells()).solutions == one.solutions);

    auto limited = cells();
    limited.solution_limit = 7;
    const auto seven = dlx::count_parallel(problem, 2, limited);
    CHECK(seven.solutions == std::min<std::uint64_t>(7, one.solutions));
}
