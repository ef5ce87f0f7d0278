// Sudoku as exact cover: 324 primary items, 729 options, each option one placement.
//
//   items   0.. 80  cell r,c is filled          (81 cell items)
//          81..161  row r holds digit d         (81 row-digit items)
//         162..242  column c holds digit d      (81 column-digit items)
//         243..323  box b holds digit d         (81 box-digit items)
//
//   option 9 * cell + (d - 1), "digit d in that cell", covers four items:
//          {cell(r,c), row(r,d), column(c,d), box(b,d)}
//
// A completed grid is exactly a choice of 81 options that covers every item once.
#pragma once

#include <sudoku/grid.hpp>

#include <dlx/problem.hpp>

#include <span>
#include <vector>

namespace sudoku {

/// What an option means: `digit` (1..9) in cell `cell` (0..80).
struct Placement {
    int cell;
    int digit;
    friend bool operator==(const Placement&, const Placement&) = default;
};

/// The exact-cover problem of the blank 9x9 grid, and the meaning of each option.
struct Encoding {
    dlx::Problem problem;
    std::vector<Placement> placement_of; ///< indexed by option id
};

/// The encoding of the blank grid, built once and shared (thread-safe).
[[nodiscard]] const Encoding& standard_encoding();

/// The option that places `digit` (1..9) in `cell` (0..80).
[[nodiscard]] constexpr dlx::OptionId option_of(int cell, int digit)
{
    return static_cast<dlx::OptionId>(9 * cell + digit - 1);
}

/// Writes each option's placement into `grid` (other cells are left as they are).
void decode(const Encoding& encoding, std::span<const dlx::OptionId> options, Grid& grid);

} // namespace sudoku
