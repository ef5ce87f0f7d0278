// An independent, deliberately plain implementation of the human techniques and of solution
// counting, for checking the library's rater and puzzle maker without trusting their code.
#pragma once

#include "support/board_check.hpp"

#include <cstdint>
#include <optional>

namespace dlx_test {

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
