// Solver::count_memo(): counts against formulas computed here (a transfer matrix for domino
// tilings, Bell's triangle for set partitions, (2k-1)!! for perfect matchings), published
// counts (queens, Langford pairs, 4x4 Sudoku grids), the plain search as a second model on
// random colour problems; and DLX6's own figures (ZDD nodes, search nodes, signatures, hits),
// printed by Knuth's dlx6 and dlx6-noMRV built from his CWEB sources (docs/benchmarks.md says
// how) on the same files, recorded here as facts.
#include "support/problems.hpp"

#include <dlx/examples.hpp>
#include <dlx/memo.hpp>
#include <dlx/solver.hpp>
#include <dlx/zdd.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// Domino tilings of a rows x columns board: an item per cell, an option per domino.
dlx::Problem dominoes(int rows, int columns)
{
    dlx::ProblemBuilder builder;
    const auto cell = [&](int r, int c) {
        return "r" + std::to_string(r) + "c" + std::to_string(c);
    };
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c)
            builder.add_primary(cell(r, c));
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < columns; ++c) {
            if (c + 1 < columns)
                builder.add_option({cell(r, c), cell(r, c + 1)});
            if (r + 1 < rows)
                builder.add_option({cell(r, c), cell(r + 1, c)});
        }
    }
    return std::move(builder).build();
}

// The same count by a transfer matrix: column by column, the set of cells of the next column
// that dominoes from this one already fill.
dlx::BigCount tilings(int rows, int columns)
{
    const std::size_t states = std::size_t{1} << rows;
    std::vector<dlx::BigCount> ways(states), next(states);
    ways[0] = 1;
    for (int c = 0; c < columns; ++c) {
        std::fill(next.begin(), next.end(), dlx::BigCount());
        for (std::size_t filled = 0; filled < states; ++filled) {
            if (ways[filled] == dlx::BigCount())
                continue;
            // Fill the rest of this column, row by row: a horizontal domino (into the next
            // column) or a vertical one (this row and the one below).
            const auto fill = [&](const auto& self, int row, std::size_t mask, std::size_t out) {
                if (row == rows) {
                    next[out] += ways[filled];
                    return;
                }
                if (mask & (std::size_t{1} << row)) {
                    self(self, row + 1, mask, out);
                    return;
                }
                self(self, row + 1, mask, out | (std::size_t{1} << row));
                if (row + 1 < rows && !(mask & (std::size_t{1} << (row + 1))))
                    self(self, row + 2, mask, out);
            };
            fill(fill, 0, filled, 0);
        }
        std::swap(ways, next);
    }
    return ways[0];
}

// Set partitions of n elements: every nonempty subset an option.
dlx::Problem set_partitions(int n)
{
    dlx::ProblemBuilder builder;
    for (int e = 0; e < n; ++e)
        builder.add_primary("e" + std::to_string(e));
    for (std::uint32_t subset = 1; subset < (1u << n); ++subset) {
        std::vector<dlx::ItemId> items;
        for (int e = 0; e < n; ++e)
            if (subset & (1u << e))
                items.push_back(static_cast<dlx::ItemId>(e));
        builder.add_option(items);
    }
    return std::move(builder).build();
}

dlx::BigCount bell(int n) // Bell's triangle
{
    std::vector<dlx::BigCount> row = {1};
    for (int k = 1; k < n; ++k) {
        std::vector<dlx::BigCount> below = {row.back()};
        for (const dlx::BigCount& above : row)
            below.push_back(below.back() + above);
        row = std::move(below);
    }
    return row.back();
}

// Perfect matchings of the complete graph on 2k vertices: an option per edge.
dlx::Problem matchings(int k)
{
    dlx::ProblemBuilder builder;
    for (int v = 0; v < 2 * k; ++v)
        builder.add_primary("v" + std::to_string(v));
    for (int a = 0; a < 2 * k; ++a)
        for (int b = a + 1; b < 2 * k; ++b)
            builder.add_option({static_cast<dlx::ItemId>(a), static_cast<dlx::ItemId>(b)});
    return std::move(builder).build();
}

dlx::MemoStats memo(const dlx::Problem& problem, bool leftmost = false,
                    dlx::MemoEngine engine = dlx::MemoEngine::automatic)
{
    dlx::Solver solver(problem);
    dlx::MemoOptions options;
    options.leftmost = leftmost;
    options.engine = engine;
    const dlx::MemoStats stats = solver.count_memo(options);
    dlx_test::require_restored(solver, problem);
    return stats;
}

} // namespace

TEST_CASE("memoised counts equal the formulas: tilings, partitions, matchings", "[memo]")
{
    for (const auto& [rows, columns] : std::vector<std::pair<int, int>>{
             {1, 1}, {2, 2}, {2, 3}, {3, 4}, {4, 4}, {5, 6}, {6, 6}, {8, 8}, {7, 10}, {12, 12}}) {
        INFO(rows << "x" << columns);
        const dlx::MemoStats stats = memo(dominoes(rows, columns));
        CHECK(stats.solutions == tilings(rows, columns));
        CHECK(stats.complete);
    }
    CHECK(tilings(8, 8) == 12988816); // the published figure, for the formula itself
    for (int n = 1; n <= 10; ++n) {
        INFO("set partitions of " << n);
        CHECK(memo(set_partitions(n)).solutions == bell(n));
    }
    CHECK(bell(10) == 115975);
    dlx::BigCount double_factorial = 1;
    for (int k = 1; k <= 8; ++k) {
        double_factorial *= static_cast<std::uint64_t>(2 * k - 1);
        INFO("matchings of K_" << 2 * k);
        CHECK(memo(matchings(k)).solutions == double_factorial);
        CHECK(memo(matchings(k), true).solutions == double_factorial);
    }
}

TEST_CASE("a memoised count passes 2^64 exactly", "[memo]")
{
    const dlx::MemoStats stats = memo(dominoes(14, 14));
    CHECK(stats.solutions == tilings(14, 14));
    CHECK(stats.solutions.to_string() == "112202208776036178000000"); // published (A004003)
    CHECK(!stats.solutions.to_u64());
}

TEST_CASE("memoised counts equal the published ones", "[memo]")
{
    const std::uint64_t queens[] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200};
    for (int n = 1; n <= 12; ++n) {
        INFO(n << " queens");
        CHECK(memo(dlx::examples::queens(n).problem).solutions == queens[n - 1]);
    }
    const std::pair<int, std::uint64_t> langford[] = {{3, 1}, {4, 1}, {5, 0}, {7, 26}, {8, 150}};
    for (const auto& [n, pairings] : langford) {
        INFO("Langford " << n); // a pairing and its reversal are two solutions
        CHECK(memo(dlx::examples::langford(n).problem).solutions == 2 * pairings);
    }
    CHECK(memo(dlx_test::sample("sudoku4.dlx")).solutions == 288);
}

TEST_CASE("memoised counts equal the plain search's on colour problems", "[memo]")
{
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        INFO("seed " << seed);
        const dlx::Problem problem = dlx_test::colour_problem(seed);
        const std::uint64_t plain = dlx::Solver(problem).count().solutions;
        CHECK(memo(problem).solutions == plain);
        CHECK(memo(problem, true).solutions == plain);
    }
}

TEST_CASE("DLX6's figures, number for number", "[memo]")
{
    // ./dlx6 < FILE and ./dlx6-noMRV < FILE: "Altogether S solutions, ..., N search nodes,
    // Z ZDD nodes, F+G signatures, H hits." (G counts one more than the subproblems solved).
    struct Figures {
        std::uint64_t zdd, nodes, failed, solved, hits;
    };
    struct Case {
        std::string name;
        dlx::Problem problem;
        std::uint64_t solutions;
        Figures fewest, leftmost;
    };
    const std::vector<Case> cases = {
        {"knuth7.dlx", dlx_test::sample("knuth7.dlx"), 1, {5, 6, 2, 3, 1}, {5, 7, 2, 3, 2}},
        {"queens8.dlx",
         dlx_test::sample("queens8.dlx"),
         92,
         {474, 1101, 590, 381, 130},
         {426, 1395, 840, 333, 222}},
        {"langford7.dlx",
         dlx_test::sample("langford7.dlx"),
         52,
         {269, 588, 312, 216, 60},
         {222, 1713, 1241, 169, 303}},
        {"color.dlx", dlx_test::sample("color.dlx"), 1, {4, 4, 1, 2, 1}, {4, 4, 1, 2, 1}},
        {"colour12.dlx",
         dlx_test::sample("colour12.dlx"),
         134,
         {246, 395, 71, 140, 184},
         {230, 931, 442, 134, 355}},
        {"sudoku4.dlx",
         dlx_test::sample("sudoku4.dlx"),
         288,
         {1254, 1253, 0, 1049, 204},
         {658, 705, 24, 501, 180}},
        {"dominoes 8x8",
         dominoes(8, 8),
         12988816,
         {2318, 2317, 0, 1627, 690},
         {2300, 2394, 86, 1533, 775}},
        {"set partitions of 10",
         set_partitions(10),
         115975,
         {10355, 10354, 0, 512, 9842},
         {10355, 10354, 0, 512, 9842}},
        {"matchings of K_12",
         matchings(6),
         10395,
         {1078, 1077, 0, 232, 845},
         {1078, 1077, 0, 232, 845}},
    };
    // Both engines where the problem has primary items only (the dance, and the sets).
    for (const Case& c : cases) {
        const bool primary_only = c.problem.primary_count() == c.problem.item_count();
        for (const auto engine : {dlx::MemoEngine::links, dlx::MemoEngine::sets}) {
            if (engine == dlx::MemoEngine::sets && !primary_only)
                continue;
            for (const bool leftmost : {false, true}) {
                INFO(c.name << (leftmost ? ", leftmost (dlx6-noMRV)" : ", fewest (dlx6)")
                            << (engine == dlx::MemoEngine::sets ? ", over sets" : ", dancing"));
                const Figures& expected = leftmost ? c.leftmost : c.fewest;
                const dlx::MemoStats stats = memo(c.problem, leftmost, engine);
                CHECK(stats.engine == engine);
                CHECK(stats.solutions == c.solutions);
                CHECK(stats.zdd_nodes == expected.zdd);
                CHECK(stats.nodes == expected.nodes);
                CHECK(stats.failed_signatures == expected.failed);
                CHECK(stats.solved_signatures == expected.solved);
                CHECK(stats.hits == expected.hits);
            }
        }
    }
    // No solution: one ZDD node, as DLX6 says.
    CHECK(memo(dlx_test::parse("a b\na\n")).zdd_nodes == 1);
}

TEST_CASE("a cache too small to hold much still counts exactly", "[memo]")
{
    // No room at all: nothing is remembered, every subproblem is searched (dominoes 6x6: 6728);
    // then room for a part of what dominoes 8x8 remembers (144 KB).
    const std::pair<int, std::size_t> cases[] = {{6, 0}, {8, 60000}, {8, 100000}};
    for (const auto& [size, memory] : cases) {
        INFO(size << "x" << size << ", memory " << memory);
        dlx::Solver solver(dominoes(size, size));
        dlx::MemoOptions options;
        options.memory = memory;
        const dlx::MemoStats stats = solver.count_memo(options);
        CHECK(stats.solutions == tilings(size, size));
        CHECK(stats.clears > 0);
        CHECK(stats.peak_bytes <= std::max<std::size_t>(memory, 40000));
        dlx_test::require_restored(solver, dominoes(size, size));
    }
}

TEST_CASE("a memoised count from forced options, with limits, and refusals", "[memo]")
{
    const dlx::Problem problem = dlx::examples::queens(8).problem;
    dlx::Solver solver(problem);
    REQUIRE(solver.force(3));
    const std::uint64_t plain = solver.count().solutions;
    CHECK(solver.count_memo({}).solutions == plain);
    solver.unforce_all();

    dlx::MemoOptions options;
    options.node_limit = 100;
    const dlx::MemoStats cut = solver.count_memo(options);
    CHECK(!cut.complete);
    CHECK(cut.stopped == dlx::Stop::node_limit);
    CHECK(cut.nodes == 100);
    dlx_test::require_restored(solver, problem);
    options = {};
    options.time_limit = std::chrono::nanoseconds(0);
    CHECK(solver.count_memo(options).stopped == dlx::Stop::time_limit);
    std::atomic<bool> cancel{true};
    options = {};
    options.cancel = &cancel;
    CHECK(solver.count_memo(options).stopped == dlx::Stop::cancelled);
    dlx_test::require_restored(solver, problem);
    CHECK(solver.count_memo({}).solutions == 92);

    dlx::Solver with_multiplicities(dlx_test::parse(dlx_test::board2x3));
    CHECK_THROWS_AS(with_multiplicities.count_memo({}), dlx::ArgumentError);
}

namespace {

dlx::MemoStats memo_threads(const dlx::Problem& problem, unsigned threads, bool leftmost = false,
                            dlx::Zdd* zdd = nullptr,
                            dlx::MemoEngine engine = dlx::MemoEngine::automatic)
{
    dlx::Solver solver(problem);
    dlx::MemoOptions options;
    options.leftmost = leftmost;
    options.threads = threads;
    options.engine = engine;
    const dlx::MemoStats stats = solver.count_memo(options, zdd);
    dlx_test::require_restored(solver, problem);
    return stats;
}

// The solutions of a ZDD, each sorted, in order: a set to compare.
std::vector<std::vector<dlx::OptionId>> solutions_of(const dlx::Zdd& zdd)
{
    std::vector<std::vector<dlx::OptionId>> all;
    zdd.for_each([&](std::span<const dlx::OptionId> solution) {
        all.emplace_back(solution.begin(), solution.end());
        std::sort(all.back().begin(), all.back().end());
        return dlx::Visit::keep_going;
    });
    std::sort(all.begin(), all.end());
    return all;
}

} // namespace

TEST_CASE("memoised counts on several threads equal the formulas", "[memo][threads]")
{
    for (const unsigned threads : {2u, 3u}) {
        INFO(threads << " threads");
        for (const auto& [rows, columns] : std::vector<std::pair<int, int>>{
                 {1, 1}, {1, 2}, {2, 2}, {3, 4}, {5, 6}, {8, 8}, {7, 10}, {12, 12}}) {
            INFO(rows << "x" << columns);
            const dlx::MemoStats stats = memo_threads(dominoes(rows, columns), threads);
            CHECK(stats.solutions == tilings(rows, columns));
            CHECK(stats.complete);
            CHECK(memo_threads(dominoes(rows, columns), threads, true).solutions ==
                  tilings(rows, columns));
        }
        for (int n = 1; n <= 10; ++n) {
            INFO("set partitions of " << n);
            CHECK(memo_threads(set_partitions(n), threads).solutions == bell(n));
        }
        const std::uint64_t queens[] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724};
        for (int n = 1; n <= 10; ++n) {
            INFO(n << " queens");
            CHECK(memo_threads(dlx::examples::queens(n).problem, threads).solutions ==
                  queens[n - 1]);
        }
        for (std::uint64_t seed = 1; seed <= 30; ++seed) {
            INFO("colour problem, seed " << seed);
            const dlx::Problem problem = dlx_test::colour_problem(seed);
            const std::uint64_t plain = dlx::Solver(problem).count().solutions;
            CHECK(memo_threads(problem, threads).solutions == plain);
            CHECK(memo_threads(problem, threads, true).solutions == plain);
        }
    }
    CHECK(memo_threads(dominoes(14, 14), 2).solutions.to_string() == "112202208776036178000000");

    dlx::Solver solver(dlx::examples::queens(8).problem);
    REQUIRE(solver.force(3));
    const std::uint64_t plain = solver.count().solutions;
    dlx::MemoOptions options;
    options.threads = 2;
    CHECK(solver.count_memo(options).solutions == plain);
}

TEST_CASE("the ZDD made on several threads has the same solutions", "[memo][threads][zdd]")
{
    std::vector<std::pair<std::string, dlx::Problem>> problems = {
        {"queens 8", dlx::examples::queens(8).problem},
        {"dominoes 4x5", dominoes(4, 5)},
        {"set partitions of 7", set_partitions(7)},
        {"no solution", dlx::examples::queens(3).problem}};
    for (std::uint64_t seed = 1; seed <= 10; ++seed)
        problems.emplace_back("colour problem " + std::to_string(seed),
                              dlx_test::colour_problem(seed));
    for (const auto& [name, problem] : problems) {
        const bool primary_only = problem.primary_count() == problem.item_count();
        for (const auto engine : {dlx::MemoEngine::links, dlx::MemoEngine::sets}) {
            if (engine == dlx::MemoEngine::sets && !primary_only)
                continue;
            for (const bool leftmost : {false, true}) {
                INFO(name << (leftmost ? ", leftmost" : "")
                          << (engine == dlx::MemoEngine::sets ? ", over sets" : ", dancing"));
                dlx::Zdd one, two;
                const dlx::MemoStats alone = memo_threads(problem, 1, leftmost, &one, engine);
                const dlx::MemoStats shared = memo_threads(problem, 2, leftmost, &two, engine);
                CHECK(shared.engine == engine);
                CHECK(shared.solutions == alone.solutions);
                CHECK(two.count() == alone.solutions);
                CHECK(shared.zdd_nodes == two.size());
                CHECK(two.size() <= one.size()); // equal nodes merged
                CHECK(solutions_of(two) == solutions_of(one));
                CHECK(memo_threads(problem, 3, leftmost, nullptr, engine).solutions ==
                      alone.solutions);
            }
        }
    }
}

TEST_CASE("memoised counts on several threads stop, fail and fit as one does", "[memo][threads]")
{
    const dlx::Problem problem = dominoes(8, 8);
    dlx::Solver solver(problem);
    dlx::MemoOptions options;
    options.threads = 2;
    std::atomic<bool> cancel{true};
    options.cancel = &cancel;
    const dlx::MemoStats cancelled = solver.count_memo(options);
    CHECK(!cancelled.complete);
    CHECK(cancelled.stopped == dlx::Stop::cancelled);
    CHECK(cancelled.solutions < tilings(8, 8));
    dlx_test::require_restored(solver, problem);
    dlx::Solver partitions(set_partitions(10)); // over sets
    const dlx::MemoStats stopped = partitions.count_memo(options);
    CHECK(stopped.engine == dlx::MemoEngine::sets);
    CHECK(stopped.stopped == dlx::Stop::cancelled);

    options.cancel = nullptr;
    options.time_limit = std::chrono::nanoseconds(0);
    CHECK(solver.count_memo(options).stopped == dlx::Stop::time_limit);
    dlx_test::require_restored(solver, problem);

    options.time_limit = dlx::no_time_limit;
    {
        // 4 MiB where dominoes 12x12 remembers 5.4 MB: 8 shards of 512 KiB, each emptied
        // apart, and the count stays quick and exact (in 64 shards of 64 KiB each, every insert
        // emptied one: centuries).
        dlx::Solver tiles(dominoes(12, 12));
        dlx::MemoOptions cramped;
        cramped.threads = 2;
        cramped.memory = std::size_t{4} << 20;
        const dlx::MemoStats tight = tiles.count_memo(cramped);
        CHECK(tight.solutions == tilings(12, 12));
        CHECK(tight.clears > 0);
        CHECK(tight.peak_bytes <= cramped.memory);
    }
    options.memory = 60000; // far less than the count remembers: shards emptied, count exact
    const dlx::MemoStats small = solver.count_memo(options);
    CHECK(small.solutions == tilings(8, 8));
    CHECK(small.clears > 0);
    dlx::Zdd zdd;
    CHECK_THROWS_AS(solver.count_memo(options, &zdd), dlx::ArgumentError); // a ZDD never forgets
    dlx_test::require_restored(solver, problem);

    options.memory = dlx::default_memo_memory;
    options.progress = [](const dlx::MemoProgress&) { throw std::runtime_error("stop"); };
    const dlx::Problem bigger = dominoes(12, 12);
    dlx::Solver long_count(bigger);
    CHECK_THROWS_WITH(long_count.count_memo(options), "stop");
    dlx_test::require_restored(long_count, bigger);
    options.progress = nullptr;
    CHECK(long_count.count_memo(options).solutions == tilings(12, 12));
}

TEST_CASE("the count over sets equals the dance's, ZDD and all", "[memo][sets]")
{
    // Random problems of primary items only, up to 200 items (4 words), from forced options too.
    std::mt19937_64 random(7);
    for (int trial = 0; trial < 200; ++trial) {
        const auto items =
            static_cast<int>(std::uniform_int_distribution(1, trial < 150 ? 12 : 200)(random));
        dlx::ProblemBuilder builder;
        for (int i = 0; i < items; ++i)
            builder.add_primary("i" + std::to_string(i));
        const int options = std::uniform_int_distribution(1, 3 * items)(random);
        for (int o = 0; o < options; ++o) {
            std::vector<dlx::ItemId> option;
            const int size = std::uniform_int_distribution(1, std::min(items, 5))(random);
            for (int k = 0; k < size; ++k) {
                const auto item =
                    static_cast<dlx::ItemId>(std::uniform_int_distribution(0, items - 1)(random));
                if (std::find(option.begin(), option.end(), item) == option.end())
                    option.push_back(item);
            }
            builder.add_option(option);
        }
        const dlx::Problem problem = std::move(builder).build();
        INFO("trial " << trial << ": " << items << " items, " << options << " options");
        const bool leftmost = trial % 2 == 1;
        dlx::Zdd dance, sets;
        dlx::Solver solver(problem);
        if (trial % 3 == 0)
            (void)solver.force(static_cast<dlx::OptionId>(trial % options));
        dlx::MemoOptions options_of;
        options_of.leftmost = leftmost;
        options_of.engine = dlx::MemoEngine::links;
        const dlx::MemoStats by_links = solver.count_memo(options_of, &dance);
        options_of.engine = dlx::MemoEngine::sets;
        const dlx::MemoStats by_sets = solver.count_memo(options_of, &sets);
        CHECK(by_sets.engine == dlx::MemoEngine::sets);
        CHECK(by_sets.solutions == by_links.solutions);
        CHECK(by_sets.solutions == solver.count().solutions);
        CHECK(by_sets.nodes == by_links.nodes);
        CHECK(by_sets.hits == by_links.hits);
        CHECK(by_sets.zdd_nodes == by_links.zdd_nodes);
        CHECK(sets == dance); // node for node
        solver.unforce_all();
        dlx_test::require_restored(solver, problem);
    }
}

TEST_CASE("the count over sets stops, and refuses what it cannot count", "[memo][sets]")
{
    dlx::MemoOptions options;
    options.engine = dlx::MemoEngine::sets;
    dlx::Solver queens(dlx::examples::queens(6).problem); // secondary items: the diagonals
    CHECK_THROWS_WITH(queens.count_memo(options), Catch::Contains("primary items only"));
    dlx::Solver wide(dominoes(1, 258)); // 258 items: more than 256
    CHECK_THROWS_AS(wide.count_memo(options), dlx::ArgumentError);
    options.engine = dlx::MemoEngine::automatic;
    CHECK(wide.count_memo(options).engine == dlx::MemoEngine::links);
    CHECK(wide.count_memo(options).solutions == 1);

    // The automatic choice: sets where options are long (set partitions), the dance on tilings.
    CHECK(memo(set_partitions(8)).engine == dlx::MemoEngine::sets);
    CHECK(memo(dominoes(8, 8)).engine == dlx::MemoEngine::links);

    options.engine = dlx::MemoEngine::sets;
    options.node_limit = 100;
    dlx::Solver solver(set_partitions(9));
    const dlx::MemoStats cut = solver.count_memo(options);
    CHECK(!cut.complete);
    CHECK(cut.stopped == dlx::Stop::node_limit);
    CHECK(cut.nodes == 100);
    CHECK(cut.solutions < bell(9));
    options.node_limit = dlx::no_limit;
    std::atomic<bool> cancel{true};
    options.cancel = &cancel;
    CHECK(solver.count_memo(options).stopped == dlx::Stop::cancelled);
    options.cancel = nullptr;
    std::vector<double> done;
    options.progress = [&](const dlx::MemoProgress& where) { done.push_back(where.fraction_done); };
    CHECK(solver.count_memo(options).solutions == bell(9));
    CHECK(!done.empty());
    CHECK(std::is_sorted(done.begin(), done.end()));
    options.memory = 65536; // the cache emptied again and again: still exact
    options.progress = nullptr;
    const dlx::MemoStats small = solver.count_memo(options);
    CHECK(small.solutions == bell(9));
    dlx_test::require_restored(solver, set_partitions(9));
}

TEST_CASE("pento6x10 with memory gives Knuth's count", "[memo][knuth]")
{
    // 2,339 packings of the twelve pentominoes in a 6x10 box, each four times over (the box's
    // symmetries): 9,356, as Knuth's dlx1 and every search here count them.
    const dlx::MemoStats stats = memo(dlx_test::sample("pento6x10.dlx"));
    CHECK(stats.solutions == 9356);
    CHECK(stats.engine == dlx::MemoEngine::sets);
}
