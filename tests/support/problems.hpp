// Small helpers shared by the engine's tests.
#pragma once

#include <dlx/knuth_format.hpp>
#include <dlx/random.hpp>
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

/// A sample problem of data/exact-cover, by file name ("pento6x10.dlx").
inline dlx::Problem sample(const std::string& file)
{
    return dlx::read_knuth_file(std::string(DLX_DATA_DIR) + "/exact-cover/" + file);
}

/// A problem to search with a given method, named for test messages.
struct MethodCase {
    std::string name;
    dlx::Problem problem;
    dlx::Method method;
};

/// The options of a search of `problem` with its method, and the defaults otherwise.
inline dlx::SearchOptions options_for(const MethodCase& problem)
{
    dlx::SearchOptions options;
    options.method = problem.method;
    return options;
}

/// A small problem with multiplicities (Algorithm M): the cells of a 2x3 board each covered
/// once or twice, by dominoes and single cells, with at most two single cells (409 solutions,
/// 1099 nodes).
inline const char* const board2x3 =
    "1:2|c00 1:2|c01 1:2|c02 1:2|c10 1:2|c11 1:2|c12 0:2|single\n"
    "c00 single\nc00 c01\nc00 c10\nc01 single\nc01 c02\nc01 c11\n"
    "c02 single\nc02 c12\nc10 single\nc10 c11\nc11 single\nc11 c12\n"
    "c12 single\n";

/// Knuth's seven-item example from "Dancing Links" (items F and G secondary).
inline const char* const knuth7 = "A B C D E | F G\n"
                                  "C E F\n"
                                  "A D G\n"
                                  "B C F\n"
                                  "A D\n"
                                  "B G\n"
                                  "D E G\n";

/// A colour problem with a tree of some size: 12 primary items, 4 secondary ones, and 60
/// options of 2 or 3 primary items, some with a coloured secondary item, drawn from `seed`.
inline dlx::Problem colour_problem(std::uint64_t seed)
{
    std::string text = "p0 p1 p2 p3 p4 p5 p6 p7 p8 p9 p10 p11 | s0 s1 s2 s3\n";
    dlx::Random random(seed);
    for (int option = 0; option < 60; ++option) {
        const int size = 2 + static_cast<int>(random.below(2));
        std::string line;
        int used = 0;
        for (int k = 0; k < size; ++k) {
            int item = static_cast<int>(random.below(12));
            while (used & (1 << item))
                item = (item + 1) % 12;
            used |= 1 << item;
            line += "p" + std::to_string(item) + " ";
        }
        if (random.below(3) != 0)
            line += "s" + std::to_string(random.below(4)) + ":" + (random.below(2) ? "a" : "b");
        text += line + "\n";
    }
    return parse(text);
}

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
