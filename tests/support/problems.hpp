// Small helpers shared by the engine's tests.
#pragma once

#include <dlx/knuth_format.hpp>
#include <dlx/solver.hpp>

#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

namespace dlx_test {

/// A problem written in Knuth's format, inline.
inline dlx::Problem parse(const std::string& text)
{
    std::istringstream in(text);
    return dlx::read_knuth(in, "test");
}

/// Knuth's seven-item example from "Dancing Links" (items F and G secondary).
inline const char* const knuth7 = "A B C D E | F G\n"
                                  "C E F\n"
                                  "A D G\n"
                                  "B C F\n"
                                  "A D\n"
                                  "B G\n"
                                  "D E G\n";

/// Requires that `solver`'s links are consistent and identical to freshly built ones.
inline void require_restored(const dlx::Solver& solver, const dlx::Problem& problem)
{
    REQUIRE(solver.check_links().empty());
    REQUIRE(solver.same_links_as(dlx::Solver(problem)));
}

/// Every solution, each sorted, in the order the search visits them.
inline std::vector<std::vector<dlx::OptionId>> all_solutions(dlx::Solver& solver,
                                                             const dlx::SearchOptions& options = {})
{
    std::vector<std::vector<dlx::OptionId>> solutions;
    solver.search(
        [&](std::span<const dlx::OptionId> solution) {
            solutions.emplace_back(solution.begin(), solution.end());
            std::sort(solutions.back().begin(), solutions.back().end());
            return dlx::Visit::keep_going;
        },
        options);
    return solutions;
}

} // namespace dlx_test
