// Exact-cover encodings of classic puzzles with known answers, for the engine's tests.
#pragma once

#include <dlx/problem.hpp>

#include <cstddef>

namespace dlx_test {

/// N queens: rows and columns primary, both diagonal directions secondary.
dlx::Problem queens(int n);

/// Langford pairs for 1..n: digit k occupies two slots k+1 apart (reversed pairs counted).
dlx::Problem langford(int n);

/// Every n^2 x n^2 Sudoku grid with n x n boxes (all blank): cell, row-digit, column-digit and
/// box-digit items.
dlx::Problem empty_sudoku(int box);

/// Which pentomino tilings to count.
enum class Symmetry { all, x_in_one_quadrant };

/// The twelve pentominoes on a `rows` x `cols` board (rows * cols == 60). With
/// x_in_one_quadrant, the X piece's centre is kept in the top-left quadrant, which leaves one
/// tiling of each class under the board's four symmetries (when rows and cols are even).
dlx::Problem pentominoes(int rows, int cols, Symmetry symmetry = Symmetry::all);

} // namespace dlx_test
