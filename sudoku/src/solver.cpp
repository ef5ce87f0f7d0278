// Solving Sudoku puzzles with the exact-cover engine.
#include <sudoku/solver.hpp>

namespace sudoku {

Solver::Solver() : engine_(standard_encoding().problem) {}

// The givens are forced all at once (Solver::reset): laying out only the options they leave
// costs far less than dancing 17 to 35 givens in and out (measured: forcing one by one took
// 70% of the time on easy puzzles).
bool Solver::force_givens(const Grid& puzzle)
{
    givens_.clear();
    for (int cell = 0; cell < Grid::cells; ++cell) {
        if (puzzle[cell] != 0)
            givens_.push_back(option_of(cell, puzzle[cell]));
    }
    return engine_.reset(givens_);
}

SolveResult Solver::solve(const Grid& puzzle)
{
    SolveResult result;
    stats_ = {};
    if (!force_givens(puzzle)) {
        result.status = Status::conflict;
        result.conflict = find_conflict(puzzle);
        return result;
    }
    result.solution = puzzle;
    dlx::SearchOptions options;
    options.choice = dlx::ItemChoice::singles_first;
    stats_ = engine_.search(
        [&](std::span<const dlx::OptionId> solution) {
            decode(standard_encoding(), solution, result.solution);
            return dlx::Visit::stop;
        },
        options);
    result.status = stats_.solutions > 0 ? Status::solved : Status::no_solution;
    return result;
}

std::uint64_t Solver::count(const Grid& puzzle, std::uint64_t limit,
                            const std::atomic<bool>* cancel)
{
    stats_ = {};
    if (!force_givens(puzzle))
        return 0;
    dlx::SearchOptions options;
    options.solution_limit = limit;
    options.choice = dlx::ItemChoice::singles_first;
    if (cancel != nullptr) { // a check every 4096 nodes: nothing measurable
        options.cancel = cancel;
        options.progress_interval = 4096;
    }
    stats_ = engine_.count(options);
    return stats_.solutions;
}

} // namespace sudoku
