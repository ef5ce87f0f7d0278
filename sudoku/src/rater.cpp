// Rating puzzles by the techniques they need. See rater.hpp.
#include <sudoku/rater.hpp>

namespace sudoku {

std::string_view name(Level level)
{
    switch (level) {
    case Level::easy: return "easy";
    case Level::medium: return "medium";
    case Level::hard: return "hard";
    }
    return "?";
}

Rating Rater::rate(const Grid& puzzle)
{
    Rating rating;
    LogicSolver logic(puzzle);
    while (const auto step = logic.next_step()) {
        ++rating.steps[static_cast<std::size_t>(step->technique)];
        logic.apply(*step);
    }
    if (logic.solved() && !logic.broken()) { // (a full grid of givens may break the rules)
        // Every step was forced by the givens, so the full grid is the only solution. Singles
        // are always tried first, so a harder step means singles alone were stuck there.
        rating.needs_search = false;
        rating.solutions = 1;
        bool singles_only = true;
        for (int t = static_cast<int>(Technique::pointing); t < technique_count; ++t)
            singles_only = singles_only && rating.steps[static_cast<std::size_t>(t)] == 0;
        rating.level = singles_only ? Level::easy : Level::medium;
        return rating;
    }
    rating.level = Level::hard;
    rating.solutions = logic.broken() ? 0 : solver_.count(puzzle, 2);
    return rating;
}

bool solvable_with(const Grid& puzzle, Technique hardest)
{
    LogicSolver logic(puzzle);
    return logic.solve(hardest);
}

} // namespace sudoku
