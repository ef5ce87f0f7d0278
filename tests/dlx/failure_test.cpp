// Failures that leave nothing broken: a visitor, a progress report or a tracer that throws, at
// every point where it can be called, in Algorithms X, C and M and with dancing cells, on one
// thread or two. The exception reaches the caller, and the Solver then counts as a fresh one.
#include "support/problems.hpp"

#include <dlx/examples.hpp>
#include <dlx/knuth_format.hpp>
#include <dlx/solver.hpp>

#include <catch2/catch.hpp>

#include <atomic>
#include <stdexcept>
#include <string>

namespace {

struct Thrown : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// One problem per algorithm and method, each with a tree of a few hundred nodes, so that a
// throw at every point of it can be tried.
std::vector<dlx_test::MethodCase> cases()
{
    return {
        {"queens 6 (Algorithm X)", dlx::examples::queens(6).problem, dlx::Method::links},
        {"colour12 (Algorithm C)", dlx_test::sample("colour12.dlx"), dlx::Method::links},
        {"a 2x3 board (Algorithm M)", dlx_test::parse(dlx_test::board2x3), dlx::Method::links},
        {"queens 6 (dancing cells)", dlx::examples::queens(6).problem, dlx::Method::cells},
        {"colour12 (dancing cells)", dlx_test::sample("colour12.dlx"), dlx::Method::cells},
    };
}

// Throws at the `at`-th call of the hook called `which` ("choose", "try", "backtrack",
// "solution"), and counts the calls of that hook.
class ThrowingTracer : public dlx::Tracer {
public:
    ThrowingTracer(std::string which, int at) : which_(std::move(which)), at_(at) {}
    void choose(std::size_t, dlx::ItemId, std::size_t) override { step("choose"); }
    void try_option(std::size_t, std::optional<dlx::OptionId>) override { step("try"); }
    void backtrack(std::size_t, dlx::ItemId) override { step("backtrack"); }
    void solution(std::span<const dlx::OptionId>) override { step("solution"); }
    [[nodiscard]] int calls() const { return calls_; }

private:
    void step(const std::string& hook)
    {
        if (hook == which_ && ++calls_ == at_)
            throw Thrown(hook + " " + std::to_string(at_));
    }
    std::string which_;
    int at_;
    int calls_ = 0;
};

// After the failure, the Solver searches as a fresh one does: the same figures and the same
// solutions, in the same order, and links identical to a fresh Solver's.
void require_as_fresh(dlx::Solver& solver, const dlx_test::MethodCase& problem)
{
    const dlx::SearchOptions options = dlx_test::options_for(problem);
    dlx::Solver fresh(problem.problem);
    REQUIRE(solver.check_links().empty());
    REQUIRE(solver.count(options) == fresh.count(options));
    REQUIRE(dlx_test::all_solutions(solver, options) == dlx_test::all_solutions(fresh, options));
    REQUIRE(solver.same_links_as(fresh));
}

// Runs a search whose hook throws at its 1st, 2nd, ... call, until a search ends without
// reaching the throw; after each throw the Solver must search as a fresh one. `search(solver,
// at, calls)` runs the search with its hook set to throw at its `at`-th call, counting the
// calls in `calls`.
template <typename Search>
void throw_everywhere(const dlx_test::MethodCase& problem, const Search& search)
{
    dlx::Solver solver(problem.problem);
    for (int at = 1;; ++at) {
        INFO("the hook throws at its call " << at);
        int calls = 0;
        bool thrown = false;
        try {
            search(solver, at, calls);
        } catch (const Thrown&) {
            thrown = true;
        }
        REQUIRE(thrown == (calls == at));
        require_as_fresh(solver, problem);
        if (!thrown) { // every call made: the search ran to its end
            REQUIRE(calls == at - 1);
            REQUIRE(calls > 0);
            break;
        }
    }
}

// A progress report at every node but the first, which throws at its `at`-th call.
void throwing_progress(dlx::SearchOptions& options, int at, int& calls)
{
    options.progress_interval = 1;
    options.progress = [at, &calls](const dlx::SearchProgress&) {
        if (++calls == at)
            throw Thrown("progress");
    };
}

} // namespace

TEST_CASE("a visitor that throws at any solution leaves the solver as a fresh one",
          "[dlx][failure]")
{
    for (const dlx_test::MethodCase& problem : cases()) {
        INFO(problem.name);
        throw_everywhere(problem, [&](dlx::Solver& solver, int at, int& calls) {
            solver.search(
                [&](std::span<const dlx::OptionId>) {
                    if (++calls == at)
                        throw Thrown("visitor");
                    return dlx::Visit::keep_going;
                },
                dlx_test::options_for(problem));
        });
    }
}

TEST_CASE("a progress report that throws at any node leaves the solver as a fresh one",
          "[dlx][failure]")
{
    for (const dlx_test::MethodCase& problem : cases()) {
        INFO(problem.name);
        throw_everywhere(problem, [&](dlx::Solver& solver, int at, int& calls) {
            dlx::SearchOptions options = dlx_test::options_for(problem);
            throwing_progress(options, at, calls);
            solver.count(options);
        });
        // The same with a visitor (the search keeps its solution level by level then).
        throw_everywhere(problem, [&](dlx::Solver& solver, int at, int& calls) {
            dlx::SearchOptions options = dlx_test::options_for(problem);
            throwing_progress(options, at, calls);
            dlx_test::all_solutions(solver, options);
        });
    }
}

TEST_CASE("a tracer that throws at any step leaves the solver as a fresh one", "[dlx][failure]")
{
    const std::string hook = GENERATE("choose", "try", "backtrack", "solution");
    for (const dlx_test::MethodCase& problem : cases()) {
        INFO(problem.name << ", the tracer's " << hook);
        throw_everywhere(problem, [&](dlx::Solver& solver, int at, int& calls) {
            ThrowingTracer tracer(hook, at);
            dlx::SearchOptions options = dlx_test::options_for(problem);
            options.tracer = &tracer;
            try {
                solver.count(options);
            } catch (const Thrown&) {
                calls = tracer.calls();
                throw;
            }
            calls = tracer.calls();
        });
    }
}

TEST_CASE("a progress report that throws below a path leaves the solver as a fresh one",
          "[dlx][failure][split]")
{
    for (const dlx_test::MethodCase& problem : cases()) {
        INFO(problem.name);
        const std::vector<std::uint32_t> path{1};
        throw_everywhere(problem, [&](dlx::Solver& solver, int at, int& calls) {
            dlx::SearchOptions options = dlx_test::options_for(problem);
            throwing_progress(options, at, calls);
            solver.count_below(path, options);
        });
    }
}

TEST_CASE("a solver that failed can still force options and search with them", "[dlx][failure]")
{
    const auto queens = dlx::examples::queens(8);
    dlx::Solver solver(queens.problem);
    dlx::SearchOptions options;
    int calls = 0;
    throwing_progress(options, 5, calls);
    CHECK_THROWS_AS(solver.count(options), Thrown);
    REQUIRE(solver.force(0));
    dlx::Solver fresh(queens.problem);
    REQUIRE(fresh.force(0));
    CHECK(solver.count() == fresh.count());
    solver.unforce_all();
    CHECK(solver.same_links_as(dlx::Solver(queens.problem)));
}

TEST_CASE("a parallel count whose progress report throws stops every thread and rethrows",
          "[dlx][failure][parallel]")
{
    const auto [name, problem, method] = GENERATE(table<std::string, dlx::Problem, dlx::Method>({
        {"queens 10, links", dlx::examples::queens(10).problem, dlx::Method::links},
        {"queens 10, cells", dlx::examples::queens(10).problem, dlx::Method::cells},
        {"a colour problem, links", dlx_test::colour_problem(5), dlx::Method::links},
    }));
    const unsigned threads = GENERATE(1u, 2u);
    const int at = GENERATE(1, 2, 7);
    INFO(name << " on " << threads << " threads, the report throws at its call " << at);
    dlx::SearchOptions options;
    options.method = method;
    const auto whole = dlx::count_parallel(problem, threads, options);
    REQUIRE(whole.complete);
    std::atomic<int> calls{0};
    options.progress_interval = 10;
    options.progress = [&](const dlx::SearchProgress&) {
        if (++calls == at)
            throw Thrown("progress");
    };
    CHECK_THROWS_AS(dlx::count_parallel(problem, threads, options), Thrown);
    // Once one report has thrown, no thread reports again (nor takes a further subtree).
    CHECK(calls == at);
    options.progress = nullptr;
    CHECK(dlx::count_parallel(problem, threads, options) == whole);
}

TEST_CASE("a parallel count is still cancelled from its caller's flag", "[dlx][parallel][cancel]")
{
    const auto problem = dlx::examples::queens(10).problem;
    const auto method = GENERATE(dlx::Method::links, dlx::Method::cells);
    dlx::SearchOptions options;
    options.method = method;
    const auto whole = dlx::count_parallel(problem, 2, options);
    std::atomic<bool> cancel{false};
    std::atomic<int> reports{0};
    options.cancel = &cancel;
    options.progress_interval = 100;
    options.progress = [&](const dlx::SearchProgress&) {
        if (++reports == 3)
            cancel = true;
    };
    const auto cut = dlx::count_parallel(problem, 2, options);
    CHECK_FALSE(cut.complete);
    CHECK(cut.solutions < whole.solutions);
}
