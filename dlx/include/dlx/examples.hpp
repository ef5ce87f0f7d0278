// Classic exact-cover puzzles, encoded for the engine: Knuth's seven-item example, N queens,
// Langford pairs and n^2 x n^2 Sudoku (pentomino tilings, and every other packing of shapes,
// are dlx::polyform's: <polyform/model.hpp>). Each encoder returns the problem
// together with what each option means, and draws a solution; the tests and the dlx-demo
// program use these same encoders.
#pragma once

#include <dlx/problem.hpp>

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dlx::examples {

/// Knuth's example from "Dancing Links" (2000): primary items A..G and the six options
/// {C E F}, {A D G}, {B C F}, {A D}, {B G}, {D E G}. Its one solution is {A D}, {B G}, {C E F}.
[[nodiscard]] Problem knuth_example();

/// N queens on an n x n board: a primary item per row (r0..) and column (c0..), a secondary
/// item per diagonal in each direction (a0.., b0..), and an option per square.
struct Queens {
    int n = 0;
    Problem problem;
    std::vector<std::pair<int, int>> square; ///< per option: (row, column)
    /// The board with a 'Q' on each square of `solution` and '.' elsewhere, a line per row.
    [[nodiscard]] std::string draw(std::span<const OptionId> solution) const;
};
[[nodiscard]] Queens queens(int n);

/// Langford pairs: the numbers 1, 1, 2, 2, ..., n, n in a row of 2n slots, with k numbers
/// between the two k's. Items: v1..vn (the numbers), s1..s2n (the slots); an option per place
/// of a pair. A solution and its reversal count as two.
struct Langford {
    int n = 0;
    Problem problem;
    struct Pair {
        int number, first, second; ///< the slots from 0
    };
    std::vector<Pair> pair; ///< per option
    /// The row of numbers, e.g. "4 1 3 1 2 4 3 2".
    [[nodiscard]] std::string draw(std::span<const OptionId> solution) const;
};
[[nodiscard]] Langford langford(int n);

/// Every complete n^2 x n^2 Sudoku grid with n x n boxes: items p<r>_<c> (cell), r<r>_<d>,
/// c<c>_<d>, x<b>_<d> (row, column, box has digit d), counted from 0; an option per (cell,
/// digit), option (r * n^2 + c) * n^2 + d.
[[nodiscard]] Problem sudoku(int box);

} // namespace dlx::examples
