// What the streaming puzzle reader's two sources share (text_format.cpp: lines, rows and
// grids; puzzle_reader_formats.cpp: the formats of other programs).
#pragma once

#include <sudoku/text_format.hpp>

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace sudoku::detail {

/// No valid line is longer than an f-puzzles document on one line (a few kilobytes, a large
/// killer a few tens); a longer one is kept only up to here (it is reported as malformed all
/// the same), so a 100 MB line costs no 100 MB.
inline constexpr std::size_t longest_kept_line = std::size_t{1} << 20;
/// A document (f-puzzles JSON spread over lines, OpenSudoku XML, a .sdk file with sections)
/// stops being read here.
inline constexpr std::size_t longest_document = std::size_t{16} << 20;

[[nodiscard]] constexpr bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/// The characters of a line of pencil marks (formats.hpp, read_pencil_marks()).
inline constexpr std::size_t pencil_mark_cells = 729;

/// True when `line`, the first of a file that is neither blank nor a comment, starts a
/// document that is read whole: OpenSudoku's XML ("<?xml", "<opensudoku", "<!--"), or a .sdk
/// section ("[Puzzle]", "[State]", "[PencilMarks]", "[Colours]", any case).
[[nodiscard]] bool starts_document(std::string_view line);

/// True when `line` is part of a drawn grid: a frame line, or a row with '|' separators.
[[nodiscard]] bool is_drawing(std::string_view line);

/// True when `rows` (a block of rows between empty lines) are a grid for read_pm_grid(): some
/// row a drawing, or 9 rows most of which are candidate rows (is_candidate_row(); a 9-line
/// board with a typing mistake in one row stays a board).
[[nodiscard]] bool is_drawn_grid(std::span<const std::string> rows);

/// True when `line` (trimmed) holds an f-puzzles puzzle on its own: a link, or the compressed
/// JSON (whose base64 starts "N4Ig" for the '{"' that every document starts with).
[[nodiscard]] bool is_fpuzzles_line(std::string_view line);

/// `puzzle` into `record`: a classic 9x9 puzzle as its Grid when its pencil marks (if any) rule
/// out only digits of the givens each cell sees (they say nothing more), any other as its
/// variant.
void store_puzzle(PuzzleRecord& record, VariantPuzzle&& puzzle);

} // namespace sudoku::detail
