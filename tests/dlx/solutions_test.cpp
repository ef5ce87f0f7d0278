// Solver::solutions(): the search that pauses at each solution. Its solutions, in their order,
// and its counters equal those of one search() with the same options, with every algorithm and
// method; it stops and resumes at will, honours the limits across its pauses, and refuses to go
// on once something else has used the Solver.
#include "support/problems.hpp"

#include <dlx/examples.hpp>
#include <dlx/solver.hpp>

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <functional>
#include <iterator>
#include <ranges>
#include <string>
#include <thread>
#include <vector>

namespace {

static_assert(std::ranges::input_range<dlx::Solutions>);
static_assert(std::input_iterator<dlx::Solutions::iterator>);

using Solution = std::vector<dlx::OptionId>;

std::vector<dlx_test::MethodCase> cases()
{
    return {
        {"queens 8 (Algorithm X)", dlx::examples::queens(8).problem, dlx::Method::links},
        {"knuth7 (secondary items)", dlx_test::parse(dlx_test::knuth7), dlx::Method::links},
        {"colour12 (Algorithm C)", dlx_test::sample("colour12.dlx"), dlx::Method::links},
        {"a 2x3 board (Algorithm M)", dlx_test::parse(dlx_test::board2x3), dlx::Method::links},
        {"mult3x4 (Algorithm M)", dlx_test::sample("mult3x4.dlx"), dlx::Method::links},
        {"queens 8 (dancing cells)", dlx::examples::queens(8).problem, dlx::Method::cells},
        {"colour12 (dancing cells)", dlx_test::sample("colour12.dlx"), dlx::Method::cells},
    };
}

// The solutions as search() visits them, in order, and its counters.
std::pair<std::vector<Solution>, dlx::SearchStats> searched(dlx::Solver& solver,
                                                            const dlx::SearchOptions& options)
{
    std::vector<Solution> solutions;
    const dlx::SearchStats stats = solver.search(
        [&](std::span<const dlx::OptionId> solution) {
            solutions.emplace_back(solution.begin(), solution.end());
            return dlx::Visit::keep_going;
        },
        options);
    return {solutions, stats};
}

// The solutions as an iteration gives them, in order.
std::vector<Solution> iterated(dlx::Solutions& solutions)
{
    std::vector<Solution> found;
    for (const std::span<const dlx::OptionId> solution : solutions)
        found.emplace_back(solution.begin(), solution.end());
    return found;
}

// The option choices a test runs each problem with.
std::vector<dlx::SearchOptions> variants(dlx::Method method)
{
    std::vector<dlx::SearchOptions> all(4);
    all[1].seed = 7;
    all[2].seed = 11;
    all[2].randomise = dlx::Randomise::options_only;
    all[3].choice = dlx::ItemChoice::singles_first;
    for (auto& options : all)
        options.method = method;
    return all;
}

// Every step of the search, as a line of text.
class Log : public dlx::Tracer {
public:
    void choose(std::size_t level, dlx::ItemId item, std::size_t length) override
    {
        add("choose " + std::to_string(level) + " " + std::to_string(item) + " " +
            std::to_string(length));
    }
    void try_option(std::size_t level, std::optional<dlx::OptionId> option) override
    {
        add("try " + std::to_string(level) + " " + (option ? std::to_string(*option) : "-"));
    }
    void backtrack(std::size_t level, dlx::ItemId item) override
    {
        add("backtrack " + std::to_string(level) + " " + std::to_string(item));
    }
    void solution(std::span<const dlx::OptionId> options) override
    {
        add("solution of " + std::to_string(options.size()));
    }
    std::vector<std::string> lines;

private:
    void add(std::string line) { lines.push_back(std::move(line)); }
};

} // namespace

TEST_CASE("a default iterator is at the end", "[solutions]")
{
    CHECK(dlx::Solutions::iterator() == std::default_sentinel);
}

TEST_CASE("an iteration gives search()'s solutions in its order, with its counters", "[solutions]")
{
    for (const auto& problem : cases()) {
        for (const dlx::SearchOptions& options : variants(problem.method)) {
            INFO(problem.name << ", seed " << options.seed.value_or(0));
            dlx::Solver solver(problem.problem);
            const auto [expected, stats] = searched(solver, options);
            REQUIRE(!expected.empty());
            dlx::Solutions solutions = solver.solutions(options);
            CHECK(solutions.stats().nodes == 0);
            CHECK(solutions.stats().stopped == dlx::Stop::visitor); // not asked yet
            REQUIRE(iterated(solutions) == expected);
            CHECK(solutions.done());
            CHECK(solutions.stats() == stats);
            CHECK(solutions.stats().complete);
            CHECK(!solutions.next());
            // The Solver counts as a fresh one after it.
            dlx::Solver fresh(problem.problem);
            REQUIRE(solver.count(options) == fresh.count(options));
            dlx_test::require_restored(solver, problem.problem);
        }
    }
}

TEST_CASE("an iteration stops and resumes where it paused, without a thread", "[solutions]")
{
    for (const auto& problem : cases()) {
        INFO(problem.name);
        const dlx::SearchOptions options = dlx_test::options_for(problem);
        dlx::Solver solver(problem.problem);
        const auto [expected, stats] = searched(solver, options);

        // next() one at a time, the counters growing between pauses.
        dlx::Solutions solutions = solver.solutions(options);
        std::vector<Solution> found;
        std::uint64_t nodes = 0;
        while (const auto solution = solutions.next()) {
            found.emplace_back(solution->begin(), solution->end());
            CHECK(solutions.stats().solutions == found.size());
            CHECK(solutions.stats().nodes >= nodes);
            CHECK(!solutions.stats().complete);
            nodes = solutions.stats().nodes;
            REQUIRE(solver.check_links().empty()); // consistent while paused
        }
        REQUIRE(found == expected);
        CHECK(solutions.stats() == stats);

        // A loop left with break and begun again goes on after the last solution it saw.
        dlx::Solutions again = solver.solutions(options);
        found.clear();
        while (!again.done()) {
            for (const std::span<const dlx::OptionId> solution : again) {
                found.emplace_back(solution.begin(), solution.end());
                break;
            }
        }
        REQUIRE(found == expected);
        CHECK(again.stats() == stats);
    }
}

TEST_CASE("limits hold across the pauses of an iteration", "[solutions]")
{
    for (const auto& problem : cases()) {
        INFO(problem.name);
        for (const std::uint64_t limit : {1, 3, 5}) {
            dlx::SearchOptions options;
            options.method = problem.method;
            options.solution_limit = limit;
            dlx::Solver solver(problem.problem);
            const auto [expected, stats] = searched(solver, options);
            dlx::Solutions solutions = solver.solutions(options);
            REQUIRE(iterated(solutions) == expected);
            CHECK(solutions.stats() == stats);
            CHECK(solutions.stats().stopped ==
                  (expected.size() == limit ? dlx::Stop::solution_limit : dlx::Stop::none));
        }
        for (const std::uint64_t limit : {0, 1, 37, 200}) {
            dlx::SearchOptions options;
            options.method = problem.method;
            options.node_limit = limit;
            options.progress_interval = 16; // checkpoints often, as a limit needs none
            dlx::Solver solver(problem.problem);
            const auto [expected, stats] = searched(solver, options);
            dlx::Solutions solutions = solver.solutions(options);
            REQUIRE(iterated(solutions) == expected);
            CHECK(solutions.stats() == stats);
            dlx_test::require_restored(solver, problem.problem);
            CHECK(solver.count(options) == stats);
        }
    }
}

TEST_CASE("a tracer sees an iteration as it sees one search", "[solutions]")
{
    for (const auto& problem : cases()) {
        INFO(problem.name);
        for (dlx::SearchOptions options : variants(problem.method)) {
            dlx::Solver solver(problem.problem);
            Log searched_log, iterated_log;
            options.tracer = &searched_log;
            const auto [expected, stats] = searched(solver, options);
            options.tracer = &iterated_log;
            dlx::Solutions solutions = solver.solutions(options);
            REQUIRE(iterated(solutions) == expected);
            CHECK(iterated_log.lines == searched_log.lines);
            CHECK(solutions.stats() == stats);
        }
    }
}

TEST_CASE("the time a caller spends between two solutions is not the search's", "[solutions]")
{
    dlx::SearchOptions options;
    options.time_limit = std::chrono::milliseconds(200);
    options.progress_interval = 1; // the clock read at every node
    dlx::Solver solver(dlx::examples::queens(8).problem);
    dlx::Solutions solutions = solver.solutions(options);
    int found = 0;
    for ([[maybe_unused]] const auto solution : solutions) {
        if (++found == 3)
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(250)); // past the limit in all
    }
    CHECK(found == 3); // the search itself took far less than 200 ms
    options.time_limit = std::chrono::nanoseconds(0);
    dlx::Solutions none = solver.solutions(options);
    CHECK(!none.next());
    CHECK(none.stats().stopped == dlx::Stop::time_limit);
}

TEST_CASE("a cancel flag ends an iteration at its next checkpoint", "[solutions]")
{
    std::atomic<bool> cancel{false};
    dlx::SearchOptions options;
    options.cancel = &cancel;
    options.progress_interval = 1;
    dlx::Solver solver(dlx::examples::queens(8).problem);
    dlx::Solutions solutions = solver.solutions(options);
    REQUIRE(solutions.next());
    cancel = true;
    CHECK(!solutions.next());
    CHECK(solutions.stats().stopped == dlx::Stop::cancelled);
    CHECK(solutions.stats().solutions == 1);
    CHECK(solver.count().solutions == 92);
    dlx_test::require_restored(solver, dlx::examples::queens(8).problem);
}

TEST_CASE("another use of the Solver ends a paused iteration, which then says so", "[solutions]")
{
    for (const auto& problem : cases()) {
        INFO(problem.name);
        const dlx::SearchOptions options = dlx_test::options_for(problem);
        dlx::Solver solver(problem.problem);
        const dlx::SearchStats whole = solver.count(options);
        const std::vector<std::function<void()>> uses = {
            [&] { CHECK(solver.count(options) == whole); },
            [&] { (void)solver.first_solution(options); },
            [&] { (void)solver.estimate(10, 1); },
            [&] { solver.unforce_all(); },
            [&] { (void)solver.count_parallel(2, options); },
            [&] { (void)solver.solutions(options); }, // even one not started yet
            [&] {
                dlx::Solver moved = std::move(solver);
                solver = std::move(moved);
            },
        };
        for (const auto& use : uses) {
            dlx::Solutions solutions = solver.solutions(options);
            REQUIRE(solutions.next());
            use();
            CHECK_THROWS_AS(solutions.next(), dlx::ArgumentError);
            CHECK(solutions.done());
            CHECK(!solutions.next());
            CHECK(solver.count(options) == whole);
            dlx_test::require_restored(solver, problem.problem);
        }
        // Reading the Solver is no use of it: the iteration goes on.
        dlx::Solutions solutions = solver.solutions(options);
        REQUIRE(solutions.next());
        CHECK(solver.check_links().empty());
        CHECK(solver.forced().empty());
        CHECK(dlx::Solver(solver).count(options) == whole); // a copy searches itself
        std::uint64_t found = 1;
        while (solutions.next())
            ++found;
        CHECK(found == whole.solutions);
    }
}

TEST_CASE("an iteration abandoned, closed or moved leaves the Solver as usable as ever",
          "[solutions]")
{
    for (const auto& problem : cases()) {
        INFO(problem.name);
        const dlx::SearchOptions options = dlx_test::options_for(problem);
        dlx::Solver solver(problem.problem);
        const auto [expected, stats] = searched(solver, options);
        {
            dlx::Solutions solutions = solver.solutions(options);
            REQUIRE(solutions.next());
        } // destroyed while paused
        CHECK(searched(solver, options).first == expected);
        dlx::Solutions closed = solver.solutions(options);
        REQUIRE(closed.next());
        closed.close();
        CHECK(closed.done());
        CHECK(!closed.next());
        CHECK(closed.stats().solutions == 1);
        CHECK(closed.stats().stopped == dlx::Stop::visitor);
        CHECK(searched(solver, options).first == expected);
        dlx_test::require_restored(solver, problem.problem);

        dlx::Solutions first = solver.solutions(options);
        REQUIRE(first.next());
        dlx::Solutions moved = std::move(first);
        CHECK(first.done()); // NOLINT(bugprone-use-after-move): a moved-from iteration is done
        std::vector<Solution> found = {expected.front()};
        while (const auto solution = moved.next())
            found.emplace_back(solution->begin(), solution->end());
        CHECK(found == expected);
    }
}

TEST_CASE("an iteration from forced options, and refusals", "[solutions]")
{
    // Queens 8 with its first option forced: the solutions of search() from there.
    const dlx::Problem problem = dlx::examples::queens(8).problem;
    for (const dlx::Method method : {dlx::Method::links, dlx::Method::cells}) {
        dlx::SearchOptions options;
        options.method = method;
        dlx::Solver solver(problem);
        REQUIRE(solver.force(0));
        const auto [expected, stats] = searched(solver, options);
        REQUIRE(!expected.empty());
        REQUIRE(expected.size() < 92);
        dlx::Solutions solutions = solver.solutions(options);
        CHECK(iterated(solutions) == expected);
        CHECK(solutions.stats() == stats);
    }
    dlx::SearchOptions cells;
    cells.method = dlx::Method::cells;
    dlx::Solver with_multiplicities(dlx_test::parse(dlx_test::board2x3));
    CHECK_THROWS_AS(with_multiplicities.solutions(cells), dlx::ArgumentError);
}

TEST_CASE("a hook that throws ends the iteration, and the Solver counts as a fresh one",
          "[solutions]")
{
    struct Thrown {};
    for (const auto& problem : cases()) {
        INFO(problem.name);
        dlx::SearchOptions plain;
        plain.method = problem.method;
        if (dlx::Solver(problem.problem).count(plain).nodes <= 15)
            continue; // too small a tree for three reports
        dlx::SearchOptions options = plain;
        options.progress_interval = 5;
        int reports = 0;
        options.progress = [&](const dlx::SearchProgress&) {
            if (++reports == 3)
                throw Thrown{};
        };
        dlx::Solver solver(problem.problem);
        dlx::Solutions solutions = solver.solutions(options);
        CHECK_THROWS_AS(iterated(solutions), Thrown);
        CHECK(solutions.done());
        CHECK(!solutions.next());
        CHECK(solver.count(plain) == dlx::Solver(problem.problem).count(plain));
        dlx_test::require_restored(solver, problem.problem);
    }
}
