// The rules of the Sudoku variants read straight from their definitions, apart from the
// library's Rules and encoder: a checker of complete grids and a plain backtracking counter,
// so that the tests check the exact-cover model against a second, independent model.
#pragma once

#include <sudoku/variant.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace dlx_test {

/// One digit per canvas cell (0: blank), as sudoku::VariantPuzzle holds them.
using Digits = std::vector<std::uint8_t>;

/// What rule `grid` breaks, or "" when it is a complete grid that keeps every rule of `variant`
/// (only the fields of sudoku::Variant are read; samurai's five grids are checked one by one).
std::string broken_rule(const sudoku::Variant& variant, const Digits& grid);

/// The solutions of `variant` that keep `givens` (empty: none), counted up to `limit` by
/// trying the digits cell by cell in canvas order and checking each cell's rules as it is
/// filled. Slow, and meant to be: small grids only.
std::uint64_t backtrack_count(const sudoku::Variant& variant, Digits givens = {},
                              std::uint64_t limit = UINT64_MAX);

} // namespace dlx_test
