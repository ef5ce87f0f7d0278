// What the format readers and writers (formats.hpp) share: the classic 9x9 grid's peers, the
// checks a writer makes, and the one way every reader builds its puzzle.
#pragma once

#include <sudoku/formats.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku::detail {

inline constexpr int nine = 9;
inline constexpr int cell_count = 81;
inline constexpr std::uint32_t every_digit = 0x1FF; // digits 1..9, digit d as bit d - 1

/// The 20 cells that share a row, column or box with each of the 81 cells.
[[nodiscard]] const std::array<std::array<int, 20>, cell_count>& peers();

/// A classic 9x9 puzzle from `digits` (the givens) and `marks` (each cell's candidates), in the
/// form every reader gives: a given's cell allows every digit, and `candidates` is empty when
/// no blank cell has fewer.
[[nodiscard]] VariantPuzzle classic_puzzle(const std::vector<std::uint8_t>& digits,
                                           std::vector<std::uint32_t> marks);

/// The givens of a grid of candidates: a cell with one candidate is a given when no peer
/// allows that digit (SukakuExplainer's and HoDoKu's rule); 0 elsewhere.
[[nodiscard]] std::vector<std::uint8_t> lone_givens(const std::vector<std::uint32_t>& marks);

/// Throws std::invalid_argument unless `puzzle` has rules and one digit (and, if any, one
/// candidate mask) per canvas cell.
void check_shape(const VariantPuzzle& puzzle);
/// True when the puzzle's rules are the classic 9x9 ones.
[[nodiscard]] bool is_classic_9x9(const VariantPuzzle& puzzle);
/// Throws FormatError "the <label> format holds classic 9x9 puzzles only" unless it is one.
void require_classic_9x9(const VariantPuzzle& puzzle, std::string_view label);
/// The digits the blank cell `cell` of a classic 9x9 puzzle allows, less those of the givens
/// it sees: what a pencil-mark grid shows.
[[nodiscard]] std::uint32_t shown_candidates(const VariantPuzzle& puzzle, int cell);
/// The first blank cell of the classic 9x9 `puzzle` whose candidates rule out a digit that no
/// given it sees holds (pencil marks that say more than the givens), or -1.
[[nodiscard]] int first_marked_cell(const VariantPuzzle& puzzle);
/// Throws FormatError "the <label> format holds no pencil marks<why>" when some blank cell of
/// the classic 9x9 `puzzle` rules out a digit that no given it sees holds.
void refuse_pencil_marks(const VariantPuzzle& puzzle, std::string_view label,
                         std::string_view why = {});

/// The parts of an OpenSudoku document (version 1) of games: its beginning (the prolog, the
/// root and the folder's `name`), a game's element (after write_opensudoku()'s checks), its end.
[[nodiscard]] std::string opensudoku_begin(std::string_view name);
[[nodiscard]] std::string opensudoku_game(const VariantPuzzle& puzzle);
inline constexpr std::string_view opensudoku_end = "</opensudoku>\n";

/// True when `line` is a frame line of a grid drawn in text (".---.---.", "|---+---|",
/// "-----------", "*-----*"): frame characters (-+*|:.'=) and blanks only, a '-' among them.
[[nodiscard]] bool is_frame_line(std::string_view line);
/// True when `line` is a row of a PM grid: 9 groups separated by blanks or '|', some of more
/// than one symbol (a cell's candidates).
[[nodiscard]] bool is_candidate_row(std::string_view line);

/// The writers of formats_marks.cpp (write_puzzle() has checked the puzzle's shape).
[[nodiscard]] std::string write_pencil_marks(const VariantPuzzle& puzzle);
[[nodiscard]] std::string write_hodoku(const VariantPuzzle& puzzle);

/// `text` without the spaces, tabs and line-end characters around it.
[[nodiscard]] std::string_view trim(std::string_view text);
/// The offset of `part` (a view into `whole`) in `whole`.
[[nodiscard]] inline std::size_t offset_in(std::string_view whole, std::string_view part)
{
    return static_cast<std::size_t>(part.data() - whole.data());
}
/// A character as a message shows it: 'x', or "byte 0xC3" for one that is not printable.
[[nodiscard]] std::string describe_char(char c);
/// The name of a classic cell: "r3c7".
[[nodiscard]] std::string cell_label(int cell);

} // namespace sudoku::detail
