// A game of classic 9x9 Sudoku, played by VariantGame. See game.hpp.
#include "game.hpp"

#include <algorithm>

namespace sudoku_play {

Game::Game(const sudoku::Grid& puzzle, const sudoku::Grid& solution, Clock::time_point now)
    : puzzle_(puzzle), solution_(solution), grid_(puzzle),
      game_(sudoku::VariantPuzzle::classic(puzzle),
            {solution.digits().begin(), solution.digits().end()}, now)
{
}

void Game::set_cursor(int cell) { game_.set_cursor(std::clamp(cell, 0, sudoku::Grid::cells - 1)); }

std::array<bool, sudoku::Grid::cells> Game::conflicts() const
{
    const std::vector<bool> clash = game_.conflicts();
    std::array<bool, sudoku::Grid::cells> marked{};
    std::copy(clash.begin(), clash.end(), marked.begin());
    return marked;
}

} // namespace sudoku_play
