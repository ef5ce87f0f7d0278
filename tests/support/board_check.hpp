// An independent reading of the board format and of the Sudoku rules, written apart from the
// library so that the tests do not check the library against itself.
#pragma once

#include <array>
#include <string>
#include <vector>

namespace dlx_test {

using Board = std::array<int, 81>;

/// Parses `text` as boards in the exact format of docs/cli.md, section 2.1: 9 lines of 9 digits
/// separated by single spaces, each line ending in "\n", boards separated by exactly one empty
/// line, no empty line at the end. Returns the boards, or throws std::runtime_error saying where
/// the format is broken. `blanks` allows 0 (puzzles written back unchanged).
std::vector<Board> parse_boards(const std::string& text, bool blanks = false);

/// True when `board` is complete and every row, column and box holds 1..9 once.
bool valid_solution(const Board& board);

/// True when `solution` is a valid solution that keeps every given of `puzzle` (0 = blank).
bool solves_puzzle(const Board& solution, const Board& puzzle);

/// Puzzles of a one-line file (81 characters per line, '.' or '0' for a blank).
std::vector<Board> read_one_line_puzzles(const std::string& path);

} // namespace dlx_test
