// The search: Knuth's answers and counters, the modes (first, count, visit, stop, limits,
// seeds), forcing options, colours, multiplicities, the trace hook; and after every search,
// links exactly as they were built.
#include "support/problems.hpp"

#include <dlx/examples.hpp>
#include <dlx/knuth_format.hpp>
#include <dlx/solver.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <unordered_map>

using dlx_test::all_solutions;
using dlx_test::parse;
using dlx_test::require_restored;

TEST_CASE("finds the unique cover of Knuth's seven-item example", "[dlx][search]")
{
    const auto problem = parse(dlx_test::knuth7);
    dlx::Solver solver(problem);
    const auto solutions = all_solutions(solver);
    REQUIRE(solutions.size() == 1);
    // "A D", "C E F" and "B G": options 3, 0 and 4.
    CHECK(solutions[0] == std::vector<dlx::OptionId>{0, 3, 4});
    require_restored(solver, problem);
}

TEST_CASE("counts nodes and updates as Knuth's dlx1 does", "[dlx][search]")
{
    const auto problem = parse(dlx_test::knuth7);
    dlx::Solver solver(problem);
    const auto stats = solver.count();
    CHECK(stats.solutions == 1);
    CHECK(stats.nodes == 6);
    CHECK(stats.updates == 30);
    CHECK(stats.complete);
    CHECK(stats.max_level == 3);
    require_restored(solver, problem);
}

TEST_CASE("reports the same counters in every mode", "[dlx][search]")
{
    const auto problem = dlx::examples::queens(8).problem;
    dlx::Solver solver(problem);
    const auto counted = solver.count();
    const auto visited = solver.search([](auto) { return dlx::Visit::keep_going; });
    CHECK(counted == visited);
    CHECK(counted.solutions == 92);
    CHECK(counted.nodes == 1199);
    CHECK(counted.updates == 21375);
    require_restored(solver, problem);
}

TEST_CASE("a problem with nothing to cover has one solution, the empty set", "[dlx][search]")
{
    SECTION("no items at all")
    {
        const dlx::Problem empty;
        dlx::Solver solver(empty);
        const auto first = solver.first_solution();
        REQUIRE(first);
        CHECK(first->empty());
        CHECK(solver.count().solutions == 1);
    }
    SECTION("only secondary items")
    {
        const auto problem = parse("A | X\nX\n");
        // The option "X" has no primary item: like Knuth, the engine never chooses it.
        dlx::ProblemBuilder builder;
        builder.add_secondary("X");
        builder.add_option({0});
        const auto only_secondary = std::move(builder).build();
        CHECK(dlx::count_solutions(only_secondary) == 1);
        CHECK(dlx::count_solutions(problem) == 0);
    }
}

TEST_CASE("a primary item without options means no solution", "[dlx][search]")
{
    const auto problem = parse("A B\nA\n");
    dlx::Solver solver(problem);
    const auto stats = solver.count();
    CHECK(stats.solutions == 0);
    CHECK(stats.complete);
    CHECK_FALSE(solver.first_solution());
    require_restored(solver, problem);
}

TEST_CASE("a visitor can stop the search, which still restores the links", "[dlx][search]")
{
    const auto problem = dlx::examples::queens(8).problem;
    dlx::Solver solver(problem);
    int seen = 0;
    const auto stats = solver.search([&](std::span<const dlx::OptionId> solution) {
        CHECK(solution.size() == 8);
        return ++seen == 5 ? dlx::Visit::stop : dlx::Visit::keep_going;
    });
    CHECK(seen == 5);
    CHECK(stats.solutions == 5);
    CHECK_FALSE(stats.complete);
    require_restored(solver, problem);
}

TEST_CASE("a stopped search is undone before anything else uses the links", "[dlx][search]")
{
    // A search that stops leaves its open levels to the next call (reset() lays the links out
    // afresh instead). Whatever comes next must see the links as a fresh solver has them.
    const auto queens = dlx::examples::queens(6).problem;
    const auto colored =
        parse("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\nA C\nB\n");
    const auto problem = GENERATE_COPY(queens, colored);
    const auto fresh_count = dlx::Solver(problem).count();
    const auto stop_at_first = [](dlx::Solver& solver) {
        dlx::SearchOptions options;
        options.solution_limit = 1;
        REQUIRE(solver.count(options).solutions == 1);
    };

    SECTION("another search")
    {
        dlx::Solver solver(problem);
        stop_at_first(solver);
        CHECK(solver.count() == fresh_count);
        stop_at_first(solver);
        CHECK(solver.first_solution() == dlx::Solver(problem).first_solution());
        require_restored(solver, problem);
    }
    SECTION("a copy, and the solver copied")
    {
        dlx::Solver solver(problem);
        stop_at_first(solver);
        dlx::Solver copy = solver;
        CHECK(copy.count() == fresh_count);
        require_restored(solver, problem);
        require_restored(copy, problem);
    }
    SECTION("forcing, then unforcing")
    {
        dlx::Solver solver(problem), reference(problem);
        const auto first = *reference.first_solution();
        stop_at_first(solver);
        REQUIRE(solver.force(first.front()));
        REQUIRE(reference.force(first.front()));
        CHECK(solver.count() == reference.count());
        stop_at_first(solver);
        solver.unforce_all();
        require_restored(solver, problem);
    }
    SECTION("the checks, which only read the links")
    {
        // Mid-search links are consistent as they stand, and compare equal to fresh ones as
        // the next search will find them; neither check changes what that search does.
        dlx::Solver solver(problem);
        stop_at_first(solver);
        const dlx::Solver& stopped = solver;
        CHECK(stopped.check_links().empty());
        CHECK(stopped.same_links_as(dlx::Solver(problem)));
        CHECK(dlx::Solver(problem).same_links_as(stopped));
        CHECK(solver.count() == fresh_count);
        require_restored(solver, problem);
    }
    SECTION("reset, which lays the links out afresh without undoing")
    {
        dlx::Solver solver(problem), reference(problem);
        const auto first = *reference.first_solution();
        stop_at_first(solver);
        REQUIRE(solver.reset({first.data(), 1}));
        REQUIRE(reference.reset({first.data(), 1}));
        CHECK(all_solutions(solver) == all_solutions(reference));
        stop_at_first(solver);
        REQUIRE(solver.reset({}));
        CHECK(solver.count() == fresh_count);
        require_restored(solver, problem);
    }
}

TEST_CASE("a visitor that throws leaves the solver usable", "[dlx][search]")
{
    const auto problem = dlx::examples::queens(6).problem;
    dlx::Solver solver(problem);
    int seen = 0;
    CHECK_THROWS_AS(solver.search([&](std::span<const dlx::OptionId>) -> dlx::Visit {
        if (++seen == 3)
            throw std::runtime_error("enough");
        return dlx::Visit::keep_going;
    }),
                    std::runtime_error);
    CHECK(seen == 3);
    CHECK(solver.count() == dlx::Solver(problem).count());
    require_restored(solver, problem);
}

TEST_CASE("limits stop the search after so many solutions or nodes", "[dlx][search]")
{
    const auto problem = dlx::examples::queens(8).problem;
    dlx::Solver solver(problem);
    const auto full = solver.count();

    dlx::SearchOptions options;
    options.solution_limit = 10;
    auto stats = solver.count(options);
    CHECK(stats.solutions == 10);
    CHECK_FALSE(stats.complete);
    CHECK(stats.nodes < full.nodes);
    require_restored(solver, problem);

    options = {};
    options.node_limit = 100;
    stats = solver.count(options);
    CHECK(stats.nodes == 100);
    CHECK(stats.solutions < full.solutions);
    CHECK_FALSE(stats.complete);
    require_restored(solver, problem);

    options.node_limit = full.nodes; // exactly enough: the search completes
    stats = solver.count(options);
    CHECK(stats == full);

    options = {};
    options.solution_limit = 0;
    stats = solver.count(options);
    CHECK(stats.solutions == 0);
    CHECK_FALSE(stats.complete);
    CHECK(dlx::count_solutions(problem, 3) == 3);
}

TEST_CASE("the first solution is the first that the full search visits", "[dlx][search]")
{
    const auto problem = dlx::examples::queens(6).problem;
    dlx::Solver solver(problem);
    const auto all = all_solutions(solver);
    auto first = dlx::first_solution(problem);
    REQUIRE(first);
    std::sort(first->begin(), first->end());
    CHECK(*first == all.front());
}

TEST_CASE("a seeded search is reproducible and finds the same solutions", "[dlx][search]")
{
    const auto problem = dlx::examples::queens(8).problem;
    dlx::Solver solver(problem);
    const auto plain = all_solutions(solver);

    dlx::SearchOptions seeded;
    seeded.seed = 2024;
    const auto first_run = all_solutions(solver, seeded);
    const auto second_run = all_solutions(solver, seeded);
    CHECK(first_run == second_run);
    CHECK(std::set(first_run.begin(), first_run.end()) == std::set(plain.begin(), plain.end()));
    require_restored(solver, problem);

    // Different seeds visit the solutions in different orders.
    std::set<std::vector<dlx::OptionId>> firsts;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        seeded.seed = seed;
        firsts.insert(*solver.first_solution(seeded));
    }
    CHECK(firsts.size() > 5);
    require_restored(solver, problem);
}

TEST_CASE("forced options are part of every solution until unforced", "[dlx][search][force]")
{
    const auto problem = dlx::examples::sudoku(2); // option 4 * cell + digit
    dlx::Solver solver(problem);
    REQUIRE(solver.count().solutions == 288);

    // Digit 1 in the top-left cell: a quarter of the grids.
    REQUIRE(solver.force(0));
    CHECK(solver.count().solutions == 72);
    // Digit 2 next to it.
    REQUIRE(solver.force(4 * 1 + 1));
    CHECK(solver.count().solutions == 72 / 3);
    CHECK(solver.forced().size() == 2);

    // Conflicting: digit 1 again in the same row, or another digit in a filled cell.
    const dlx::Solver before = solver;
    CHECK_FALSE(solver.force(4 * 2 + 0));
    CHECK_FALSE(solver.force(4 * 0 + 3));
    CHECK_FALSE(solver.force(0));
    CHECK(solver.same_links_as(before));
    CHECK(solver.forced().size() == 2);

    // Solutions leave the forced options out.
    for (const auto& solution : all_solutions(solver))
        CHECK(solution.size() == 14);

    solver.unforce_all();
    CHECK(solver.forced().empty());
    require_restored(solver, problem);
    CHECK(solver.count().solutions == 288);
}

TEST_CASE("forcing is refused for options without a primary item", "[dlx][search][force]")
{
    const auto problem = parse("A | X\nA X\nX\n");
    dlx::Solver solver(problem);
    CHECK_FALSE(solver.force(1));
    CHECK(solver.force(0));
    CHECK(solver.count().solutions == 1);
    solver.unforce_all();
    require_restored(solver, problem);
}

TEST_CASE("forcing refuses option ids past the last option, the largest id included",
          "[dlx][search][force]")
{
    const auto problem = dlx::examples::queens(5).problem;
    dlx::Solver solver(problem);
    const auto past = static_cast<dlx::OptionId>(problem.option_count());
    for (const dlx::OptionId option :
         {past, dlx::OptionId{0xFFFFFFFE}, dlx::OptionId{0xFFFFFFFF}}) {
        INFO("option " << option);
        CHECK_FALSE(solver.force(option));
        const std::vector<dlx::OptionId> forced{0, option};
        CHECK_FALSE(solver.reset(forced));
        CHECK(solver.forced().empty());
        CHECK(solver.count() == dlx::Solver(problem).count());
    }
    require_restored(solver, problem);
}

TEST_CASE("forcing respects colours", "[dlx][search][force]")
{
    const auto problem = parse("A B C | X\nA X:r\nB X:r\nC X:g\nC\n");
    dlx::Solver solver(problem);
    REQUIRE(solver.force(0));
    CHECK(solver.force(1));       // the same colour shares X
    CHECK_FALSE(solver.force(2)); // another colour does not
    CHECK(solver.count().solutions == 1);
    solver.unforce_all();
    require_restored(solver, problem);
}

TEST_CASE("a copied solver carries its forced options and searches independently",
          "[dlx][search][force]")
{
    const auto problem = dlx::examples::sudoku(2);
    dlx::Solver solver(problem);
    REQUIRE(solver.force(0));
    dlx::Solver copy = solver;
    CHECK(copy.count().solutions == 72);
    copy.unforce_all();
    CHECK(copy.count().solutions == 288);
    CHECK(solver.count().solutions == 72);
    dlx::Solver moved = std::move(copy);
    require_restored(moved, problem);
}

TEST_CASE("forcing is not offered for multiplicities", "[dlx][search][force]")
{
    const auto problem = parse("2|A\nA\nA\n");
    dlx::Solver solver(problem);
    CHECK_THROWS_AS(solver.force(0), dlx::ArgumentError);
}

TEST_CASE("colours let options share a secondary item", "[dlx][search][color]")
{
    // The color.dlx example: dlx2 reports 1 solution, 4 nodes, 14 updates.
    const auto problem = parse("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n");
    dlx::Solver solver(problem);
    const auto stats = solver.count();
    CHECK(stats.solutions == 1);
    CHECK(stats.nodes == 4);
    CHECK(stats.updates == 14);
    CHECK(*solver.first_solution() == std::vector<dlx::OptionId>{1, 3});
    require_restored(solver, problem);
}

TEST_CASE("multiplicities follow Knuth's Algorithm M", "[dlx][search][multiplicity]")
{
    // The mult.dlx example: dlx3 reports 1 solution, 6 nodes, 14 updates.
    const auto problem = parse("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n");
    dlx::Solver solver(problem);
    const auto stats = solver.count();
    CHECK(stats.solutions == 1);
    CHECK(stats.nodes == 6);
    CHECK(stats.updates == 14);
    auto first = solver.first_solution();
    REQUIRE(first);
    std::sort(first->begin(), first->end());
    CHECK(*first == std::vector<dlx::OptionId>{1, 3, 4});
    require_restored(solver, problem);

    // Choosing k of n interchangeable options: C(n, k) solutions, each once.
    CHECK(dlx::count_solutions(parse("2|A\nA\nA\nA\nA\n")) == 6);
    CHECK(dlx::count_solutions(parse("1:3|A\nA\nA\nA\n")) == 7);
    CHECK(dlx::count_solutions(parse("0:1|A B\nA B\nB\n")) == 2);
}

TEST_CASE("stopping early under multiplicities restores the links", "[dlx][search][multiplicity]")
{
    const auto problem = parse("2:3|A 1:2|B | X\nA B\nA X:1\nA B X:1\nB X:2\nA\nB\n");
    dlx::Solver solver(problem);
    const auto full = solver.count();
    REQUIRE(full.solutions > 2);
    for (std::uint64_t limit = 1; limit < full.solutions; ++limit) {
        dlx::SearchOptions options;
        options.solution_limit = limit;
        CHECK(solver.count(options).solutions == limit);
        require_restored(solver, problem);
    }
    for (std::uint64_t limit = 1; limit < full.nodes; ++limit) {
        dlx::SearchOptions options;
        options.node_limit = limit;
        CHECK(solver.count(options).nodes == limit);
        require_restored(solver, problem);
    }
    dlx::SearchOptions seeded;
    seeded.seed = 7;
    CHECK(solver.count(seeded).solutions == full.solutions);
    require_restored(solver, problem);
}

namespace {

// Counts the solutions of a small problem by trying every subset of its options: the
// definition of exact cover with colours and multiplicities, independent of the engine.
std::uint64_t brute_force_count(const dlx::Problem& problem)
{
    std::vector<dlx::OptionId> usable;
    for (dlx::OptionId o = 0; o < problem.option_count(); ++o) {
        const auto entries = problem.option(o);
        if (std::any_of(entries.begin(), entries.end(), [&](const dlx::Entry& e) {
                return problem.kind(e.item) == dlx::ItemKind::primary;
            }))
            usable.push_back(o);
    }
    std::uint64_t count = 0;
    for (std::uint32_t subset = 0; subset < (1u << usable.size()); ++subset) {
        std::vector<std::uint32_t> uses(problem.item_count(), 0);
        std::vector<std::int64_t> color(problem.item_count(), -1); // -1: unused, -2: exclusive
        bool ok = true;
        for (std::size_t k = 0; k < usable.size() && ok; ++k) {
            if (!(subset >> k & 1))
                continue;
            for (const dlx::Entry& e : problem.option(usable[k])) {
                ++uses[e.item];
                if (problem.kind(e.item) == dlx::ItemKind::secondary) {
                    const std::int64_t want =
                        e.color == dlx::no_color ? -2 : static_cast<std::int64_t>(e.color);
                    if (color[e.item] == -1)
                        color[e.item] = want;
                    else if (want == -2 || color[e.item] != want)
                        ok = false;
                }
            }
        }
        for (dlx::ItemId i = 0; i < problem.item_count() && ok; ++i) {
            if (problem.kind(i) == dlx::ItemKind::primary)
                ok = uses[i] >= problem.bounds(i).lower && uses[i] <= problem.bounds(i).upper;
        }
        count += ok;
    }
    return count;
}

dlx::Problem random_problem(std::mt19937& random, bool colors, bool multiplicities)
{
    auto pick = [&](int low, int high) { return std::uniform_int_distribution(low, high)(random); };
    dlx::ProblemBuilder builder;
    const int primary = pick(1, 5), secondary = pick(0, 3);
    for (int i = 0; i < primary; ++i) {
        dlx::Bounds bounds;
        if (multiplicities) {
            bounds.upper = static_cast<std::uint32_t>(pick(1, 3));
            bounds.lower = static_cast<std::uint32_t>(pick(0, static_cast<int>(bounds.upper)));
        }
        builder.add_primary("p" + std::to_string(i), bounds);
    }
    for (int i = 0; i < secondary; ++i)
        builder.add_secondary("s" + std::to_string(i));
    const auto palette = std::vector{builder.color("a"), builder.color("b")};
    const int options = pick(0, 14);
    for (int o = 0; o < options; ++o) {
        std::vector<dlx::Entry> entries;
        for (int i = 0; i < primary + secondary; ++i) {
            if (pick(0, 2) != 0)
                continue;
            dlx::Entry entry{static_cast<dlx::ItemId>(i), dlx::no_color};
            if (colors && i >= primary && pick(0, 2) != 0)
                entry.color = palette[static_cast<std::size_t>(pick(0, 1))];
            entries.push_back(entry);
        }
        if (!entries.empty())
            builder.add_option(std::span<const dlx::Entry>(entries));
    }
    return std::move(builder).build();
}

} // namespace

TEST_CASE("counts equal a brute-force count on random small problems", "[dlx][search]")
{
    const auto [colors, multiplicities] =
        GENERATE(table<bool, bool>({{false, false}, {true, false}, {false, true}, {true, true}}));
    std::mt19937 random(colors * 2 + multiplicities);
    for (int trial = 0; trial < 300; ++trial) {
        const auto problem = random_problem(random, colors, multiplicities);
        dlx::Solver solver(problem);
        const auto solutions = all_solutions(solver);
        std::ostringstream text;
        dlx::write_knuth(text, problem);
        INFO("trial " << trial << ", colours " << colors << ", multiplicities " << multiplicities
                      << ":\n"
                      << text.str());
        REQUIRE(solutions.size() == brute_force_count(problem));
        // Each solution once.
        REQUIRE(std::set(solutions.begin(), solutions.end()).size() == solutions.size());
        require_restored(solver, problem);
        if (!multiplicities) { // dancing cells find the same solutions, in their own order
            dlx::SearchOptions cells;
            cells.method = dlx::Method::cells;
            auto found = all_solutions(solver, cells);
            std::sort(found.begin(), found.end());
            const std::set expected(solutions.begin(), solutions.end());
            REQUIRE(found == std::vector(expected.begin(), expected.end()));
        }
    }
}

namespace {

struct Event {
    char kind; // c(hoose), t(ry), b(acktrack), s(olution)
    std::size_t level;
    std::int64_t value; // item, option (-1 for "none") or solution size
    friend bool operator==(const Event&, const Event&) = default;
};

class RecordingTracer : public dlx::Tracer {
public:
    std::vector<Event> events;
    void choose(std::size_t level, dlx::ItemId item, std::size_t) override
    {
        events.push_back({'c', level, item});
    }
    void try_option(std::size_t level, std::optional<dlx::OptionId> option) override
    {
        events.push_back({'t', level, option ? std::int64_t(*option) : -1});
    }
    void backtrack(std::size_t level, dlx::ItemId item) override
    {
        events.push_back({'b', level, item});
    }
    void solution(std::span<const dlx::OptionId> options) override
    {
        events.push_back({'s', options.size(), std::int64_t(options.size())});
    }
};

} // namespace

TEST_CASE("the trace tells every step of Knuth's example", "[dlx][search][trace]")
{
    const auto problem = parse(dlx_test::knuth7);
    dlx::Solver solver(problem);
    RecordingTracer tracer;
    dlx::SearchOptions options;
    options.tracer = &tracer;
    const auto stats = solver.count(options);
    CHECK(stats == solver.count()); // tracing changes nothing

    // Level 0 branches on A (length 2, leftmost) and tries "A D G": then B has one option left,
    // "B C F", after which E has none (a dead end). Next "A D": E ("C E F"), then B ("B G"),
    // and nothing is left to cover: the solution. Then every level gives up in turn.
    const std::vector<Event> expected{{'c', 0, 0}, {'t', 0, 1}, {'c', 1, 1}, {'t', 1, 2},
                                      {'c', 2, 4}, {'b', 2, 4}, {'b', 1, 1}, {'t', 0, 3},
                                      {'c', 1, 4}, {'t', 1, 0}, {'c', 2, 1}, {'t', 2, 4},
                                      {'s', 3, 3}, {'b', 2, 1}, {'b', 1, 4}, {'b', 0, 0}};
    CHECK(tracer.events == expected);
    require_restored(solver, problem);
}

TEST_CASE("the trace counts match the statistics", "[dlx][search][trace]")
{
    const auto problem = GENERATE(as<std::string>{},
                                  "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\n"
                                  "C X:0\nB X:1\nC Y:1\n",
                                  "A B C | X\nA X:r\nB X:r\nC X:g\nC\nA B\n");
    const auto parsed = parse(problem);
    dlx::Solver solver(parsed);
    RecordingTracer tracer;
    dlx::SearchOptions options;
    options.tracer = &tracer;
    const auto stats = solver.count(options);
    const auto count = [&](char kind) {
        return std::count_if(tracer.events.begin(), tracer.events.end(),
                             [&](const Event& e) { return e.kind == kind; });
    };
    CHECK(static_cast<std::uint64_t>(count('s')) == stats.solutions);
    CHECK(count('c') == count('b')); // every item chosen is given up in a complete search
    require_restored(solver, parsed);
}

TEST_CASE("bounds far beyond the number of options behave as the options allow",
          "[dlx][search][multiplicity]")
{
    CHECK(dlx::count_solutions(parse("0:4000000000|A B\nA B\nA\nA\n")) == 4);
    CHECK(dlx::count_solutions(parse("4000000000|A B\nA B\nA\nA\n")) == 0);
    CHECK(dlx::count_solutions(parse("3:4000000000|A B\nA B\nA\nA\n")) == 1);
}

TEST_CASE("branching on singles first finds the same solutions", "[dlx][search]")
{
    const auto [name, problem] = GENERATE(table<std::string, dlx::Problem>({
        {"queens 8", dlx::examples::queens(8).problem},
        {"langford 7", dlx::examples::langford(7).problem},
        {"4x4 sudoku", dlx::examples::sudoku(2)},
        {"knuth7", parse(dlx_test::knuth7)},
        {"colours", parse("A B C | X\nA X:r\nB X:r\nC X:g\nC\nA B\nA\nB X:g\n")},
    }));
    INFO(name);
    dlx::Solver solver(problem);
    const auto fewest = all_solutions(solver);
    dlx::SearchOptions options;
    options.choice = dlx::ItemChoice::singles_first;
    const auto single = all_solutions(solver, options);
    CHECK(std::set(single.begin(), single.end()) == std::set(fewest.begin(), fewest.end()));
    CHECK(single.size() == fewest.size());
    require_restored(solver, problem);
    // It must still see dead ends: a problem whose primary item without options comes last
    // is settled at the root.
    const auto dead = parse("A B C\nA\nB\n");
    dlx::Solver dead_solver(dead);
    const auto stats = dead_solver.count(options);
    CHECK(stats.solutions == 0);
    CHECK(stats.nodes == 1);
}

TEST_CASE("a problem with more than 1024 primary items walks the active list correctly",
          "[dlx][search]")
{
    // 220 disjoint copies of Knuth's example (one solution each: 1100 primary items), and one
    // small part with two solutions: two solutions in all.
    dlx::ProblemBuilder builder;
    const char* const rows[] = {"C E F", "A D G", "B C F", "A D", "B G", "D E G"};
    for (int copy = 0; copy < 220; ++copy) {
        const std::string tag = std::to_string(copy);
        std::unordered_map<char, dlx::ItemId> id;
        for (const char name : std::string("ABCDE"))
            id[name] = builder.add_primary(std::string(1, name) + tag);
        for (const char name : std::string("FG"))
            id[name] = builder.add_secondary(std::string(1, name) + tag);
        for (const std::string row : rows) {
            std::vector<dlx::ItemId> items;
            for (const char name : row)
                if (name != ' ')
                    items.push_back(id[name]);
            builder.add_option(items);
        }
    }
    const auto x = builder.add_primary("x"), y = builder.add_primary("y");
    builder.add_option({x, y});
    builder.add_option({x});
    builder.add_option({y});
    const auto problem = std::move(builder).build();
    REQUIRE(problem.primary_count() > 1024);

    dlx::Solver solver(problem);
    const auto stats = solver.count();
    CHECK(stats.solutions == 2);
    CHECK(stats == dlx::count_parallel(problem, 2));
    const auto solutions = all_solutions(solver);
    REQUIRE(solutions.size() == 2);
    CHECK(solutions[0].size() == 220 * 3 + 1);
    dlx::SearchOptions seeded;
    seeded.seed = 5;
    CHECK(solver.count(seeded).solutions == 2);
    dlx::SearchOptions singles;
    singles.choice = dlx::ItemChoice::singles_first; // falls back to `fewest` here
    CHECK(solver.count(singles) == stats);
    require_restored(solver, problem);
}

TEST_CASE("progress is reported every so many nodes, the part done growing to the end",
          "[dlx][search][progress]")
{
    const auto problem = dlx::examples::queens(9).problem;
    const auto randomised = GENERATE(false, true);
    INFO((randomised ? "randomised" : "in order"));
    dlx::SearchOptions options;
    if (randomised)
        options.seed = 5;
    const auto plain = dlx::Solver(problem).count(options);
    std::vector<dlx::SearchProgress> reports;
    options.progress = [&](const dlx::SearchProgress& progress) { reports.push_back(progress); };
    options.progress_interval = 1000;
    dlx::Solver solver(problem);
    const auto stats = solver.count(options);
    CHECK(stats == plain); // reporting changes nothing
    REQUIRE(reports.size() == (plain.nodes - 1) / 1000);
    for (std::size_t i = 0; i < reports.size(); ++i) {
        CHECK(reports[i].nodes == 1000 * (i + 1));
        CHECK(reports[i].fraction_done >= 0);
        CHECK(reports[i].fraction_done < 1);
        if (i > 0) {
            CHECK(reports[i].fraction_done >= reports[i - 1].fraction_done);
            CHECK(reports[i].solutions >= reports[i - 1].solutions);
            CHECK(reports[i].updates > reports[i - 1].updates);
        }
    }
    CHECK(reports.back().fraction_done > 0.8); // the last report comes near the end
    require_restored(solver, problem);

    // With a node limit too, the search stops at the limit, reporting on the way.
    reports.clear();
    options.node_limit = 2500;
    CHECK(solver.count(options).nodes == 2500);
    CHECK(reports.size() == 2);
}

TEST_CASE("parallel counting reports progress a subtree at a time", "[dlx][search][progress]")
{
    const auto problem = dlx::examples::queens(10).problem;
    std::vector<dlx::SearchProgress> reports;
    dlx::SearchOptions options;
    options.progress = [&](const dlx::SearchProgress& progress) { reports.push_back(progress); };
    const auto stats = dlx::count_parallel(problem, 2, options);
    CHECK(stats == dlx::Solver(problem).count());
    REQUIRE(reports.size() > 10);
    for (std::size_t i = 1; i < reports.size(); ++i) {
        CHECK(reports[i].nodes > reports[i - 1].nodes);
        CHECK(reports[i].fraction_done > reports[i - 1].fraction_done);
    }
    CHECK(reports.back().nodes == stats.nodes);
    CHECK(reports.back().solutions == stats.solutions);
    CHECK(reports.back().fraction_done == Approx(1.0));
}

TEST_CASE("under multiplicities the part done is not known", "[dlx][search][progress]")
{
    dlx::Solver solver(parse("2|A B\nA\nA B\nA\nA\nB\n"));
    std::vector<dlx::SearchProgress> reports;
    dlx::SearchOptions options;
    options.progress = [&](const dlx::SearchProgress& progress) { reports.push_back(progress); };
    options.progress_interval = 1;
    const auto stats = solver.count(options);
    REQUIRE(reports.size() == stats.nodes - 1);
    CHECK(std::isnan(reports.front().fraction_done));
}

TEST_CASE("a cancelled search ends at its next check and leaves the solver usable",
          "[dlx][search][cancel]")
{
    const auto [name, problem] = GENERATE(table<std::string, dlx::Problem>({
        {"queens 10 (Algorithm X)", dlx::examples::queens(10).problem},
        {"colour12 (Algorithm C)", dlx_test::sample("colour12.dlx")},
        {"mult3x4 (Algorithm M)", dlx_test::sample("mult3x4.dlx")},
    }));
    INFO(name);
    dlx::Solver solver(problem);
    const auto full = solver.count();
    REQUIRE(full.nodes > 200);

    std::atomic<bool> cancel{true};
    dlx::SearchOptions options;
    options.cancel = &cancel;
    options.progress_interval = 100;
    const auto cut = solver.count(options);
    CHECK_FALSE(cut.complete);
    CHECK(cut.nodes == 100); // the first check, before the 101st node
    std::uint64_t visited = 0;
    const auto searched = solver.search(
        [&](std::span<const dlx::OptionId>) {
            ++visited;
            return dlx::Visit::keep_going;
        },
        options);
    CHECK_FALSE(searched.complete);
    CHECK(visited == searched.solutions);

    cancel = false; // looked at, never set: the whole search
    CHECK(solver.count(options) == full);
    require_restored(solver, problem);
}

TEST_CASE("a count cancelled from another thread ends early", "[dlx][search][cancel]")
{
    const auto problem = dlx_test::sample("pento6x10.dlx"); // 3,637,261 nodes
    std::atomic<bool> cancel{false};
    std::atomic<int> reports{0};
    dlx::SearchOptions options;
    options.cancel = &cancel;
    options.progress_interval = 1000;
    options.progress = [&](const dlx::SearchProgress&) { ++reports; };
    dlx::Solver solver(problem);
    dlx::SearchStats stats;
    std::thread search([&] { stats = solver.count(options); });
    while (reports == 0) // the search is under way
        std::this_thread::yield();
    cancel = true;
    search.join();
    CHECK_FALSE(stats.complete);
    CHECK(stats.nodes < 3637261);
    CHECK(stats.nodes % 1000 == 0); // it ended at a check
    require_restored(solver, problem);
}

TEST_CASE("parallel counting takes no further subtree once cancelled", "[dlx][search][cancel]")
{
    const auto problem = dlx::examples::queens(11).problem;
    const auto full = dlx::Solver(problem).count();
    std::atomic<bool> cancel{true};
    dlx::SearchOptions options;
    options.cancel = &cancel;
    const auto cut = dlx::count_parallel(problem, 2, options);
    CHECK_FALSE(cut.complete);
    CHECK(cut.solutions < full.solutions);
    cancel = false;
    CHECK(dlx::count_parallel(problem, 2, options) == full);
}
