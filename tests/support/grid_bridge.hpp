// Between the library's sudoku::Grid and the tests' own dlx_test::Board.
#pragma once

#include "support/board_check.hpp"

#include <sudoku/grid.hpp>

namespace dlx_test {

inline Board to_board(const sudoku::Grid& grid)
{
    Board board{};
    for (int cell = 0; cell < 81; ++cell)
        board[static_cast<std::size_t>(cell)] = grid[cell];
    return board;
}

inline sudoku::Grid to_grid(const Board& board)
{
    sudoku::Grid grid;
    for (int cell = 0; cell < 81; ++cell)
        grid.set(cell, board[static_cast<std::size_t>(cell)]);
    return grid;
}

} // namespace dlx_test
