// An independent, deliberately plain implementation of the human techniques and of solution
// counting, for checking the library's rater and puzzle maker without trusting their code.
#pragma once

#include "support/board_check.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace dlx_test {

using Units = std::vector<std::vector<int>>;

/// The 27 units of a 9x9 grid, each as its 9 cells: for i = 0..8, row i, column i, box i.
const Units& units();

enum class Techniques {
    singles,   ///< naked and hidden singles
    all_listed ///< singles, pointing, box-line, naked and hidden pairs and triples
};

/// True when repeatedly applying `techniques` (singles whenever one applies) fills `puzzle`.
bool logic_solves(const Board& puzzle, Techniques techniques);

/// Number of solutions of `puzzle` (0 = blank), counting at most `limit`, by plain backtracking.
std::uint64_t count_solutions(const Board& puzzle, std::uint64_t limit = 2);

/// The first solution of `puzzle` found by the same backtracking, if there is one.
std::optional<Board> first_solution(const Board& puzzle);

} // namespace dlx_test
