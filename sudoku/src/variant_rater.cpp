// Rating variants by the techniques they need. See rater.hpp.
#include <sudoku/rater.hpp>

namespace sudoku {

VariantRating rate_variant(const VariantPuzzle& puzzle, VariantSolver& solver)
{
    VariantRating rating;
    VariantLogic logic(puzzle);
    while (const auto step = logic.next_step()) {
        ++rating.steps[static_cast<std::size_t>(step->technique)];
        logic.apply(*step);
    }
    if (logic.solved() && !logic.broken()) {
        // Every step was forced by the givens: the full grid is the only solution.
        rating.needs_search = false;
        rating.solutions = 1;
        bool basic = true; // the singles and the cage combinations
        for (int t = static_cast<int>(VariantTechnique::pointing); t < variant_technique_count; ++t)
            basic = basic && rating.steps[static_cast<std::size_t>(t)] == 0;
        rating.level = basic ? Level::easy : Level::medium;
        return rating;
    }
    rating.level = Level::hard;
    rating.solutions = logic.broken() ? 0 : solver.count(puzzle, 2);
    return rating;
}

} // namespace sudoku
