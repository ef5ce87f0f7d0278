// The Sudoku file formats players exchange, read and written for classic 9x9 puzzles (some with
// pencil marks): Simple Sudoku's .ss, SadMan's .sdk, .sdm collections, OpenSudoku's XML, 729
// characters of pencil marks (sukaku), HoDoKu's library lines and PM grids, and, through one
// writer, the board, line and f-puzzles formats of text_format.hpp and fpuzzles.hpp. Pure
// functions: text in, puzzles out, and back; no I/O.
//
// A puzzle is its givens, and the candidates where a format states them as part of the puzzle
// (729 characters, HoDoKu's deleted candidates, PM grids). A player's progress is not the
// puzzle and is left where it is read:
//   OpenSudoku   a digit is given when its cell is not editable; notes are a player's
//   SadMan .sdk  [Puzzle] holds the givens; [State], [PencilMarks], [Colours] are a player's
//   HoDoKu       a digit after '+' was placed, not given
// so a format that holds only a player's notes cannot hold a puzzle's pencil marks, and says so.
#pragma once

#include <sudoku/fpuzzles.hpp>
#include <sudoku/variant_solver.hpp>

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku {

/// The formats puzzles are written in (sudoku-cli --format NAME).
enum class Format {
    board,        ///< "board": a row per line, cells separated by spaces, '.' for a blank
    line,         ///< "line": the cells on one line, '.' for a blank
    ss,           ///< "ss": Simple Sudoku, 11 lines: "..3|.1.|...", "-----------" between boxes
    sdk,          ///< "sdk": SadMan Sudoku, 9 lines of 9 cells, '.' for a blank
    sdm,          ///< "sdm": one puzzle per line, 81 digits, '0' for a blank
    opensudoku,   ///< "opensudoku": OpenSudoku's XML
    pencil_marks, ///< "pm": 729 characters, for each cell the place of each digit
    hodoku,       ///< "hodoku": a HoDoKu library line
    fpuzzles,     ///< "fpuzzles": f-puzzles JSON
};

/// Every Format, in the order of the enumeration.
inline constexpr Format all_formats[] = {
    Format::board,      Format::line,         Format::ss,     Format::sdk,      Format::sdm,
    Format::opensudoku, Format::pencil_marks, Format::hodoku, Format::fpuzzles,
};

/// The format called `name` ("board", "line", "ss", "sdk", "sdm", "opensudoku", "pm",
/// "hodoku", "fpuzzles"; exactly so), or nothing.
[[nodiscard]] std::optional<Format> format_named(std::string_view name);
/// The name of `format`, as format_named() takes it.
[[nodiscard]] const char* format_name(Format format);
/// Every format's name, in the order of all_formats, separated by ", " (for messages).
[[nodiscard]] std::string format_names();

/// One puzzle of a whole text: where it is, and the puzzle or what is wrong with it.
struct ReadPuzzle {
    /// The 1-based line of the text where the puzzle starts; for a puzzle with an error, the
    /// line of the fault.
    std::size_t line = 0;
    std::optional<VariantPuzzle> puzzle; ///< the puzzle, when !error
    /// What is wrong, a sentence without a file name or line ("column 4: ..." where the column
    /// is known), when the text there is not a puzzle.
    std::optional<std::string> error;
    /// The puzzle's name where the format gives one (OpenSudoku: its folder's name; SadMan: the
    /// description, #D), else empty.
    std::string title;
};

/// Reads an OpenSudoku file (XML, UTF-8): `<opensudoku>` with `<name>` and `<game data=...>`
/// elements (version 1), or `<opensudoku version="2">` with `<folder name=...>` elements that
/// hold the games (a game may also stand outside a folder). A game's data is 81 digits ('0' for
/// a blank; every digit given), or "version: N" (1, 2 or 3), a line end (or, as XML turns a
/// line end in an attribute into a space, any white space) and 81 cells "value|note|editable|":
/// a digit is given when its cell is not editable (0); the player's digits (editable 1) and
/// notes (N = 1: "-" or "1,5,9,"; 2 and 3: a bit mask, 2 with one or two '|' after it) are left.
///
/// One ReadPuzzle per game, in document order, titled with its folder's name (version 1: the
/// document's `<name>`); a game whose data is wrong becomes an entry with `error` (its line:
/// the data attribute's) and reading goes on. A text that is not an OpenSudoku document (not
/// well-formed XML -- elements, attributes in single or double quotes, the five named entities,
/// character references, comments, CDATA, the prolog; a DOCTYPE without declarations only --,
/// another root, an unknown version) gives a single entry with `error` at the fault's line, and
/// nothing else. Never throws FormatError. Lines are counted from `first_line` (the line of a
/// file where `text` starts).
[[nodiscard]] std::vector<ReadPuzzle> read_opensudoku(std::string_view text,
                                                      std::size_t first_line = 1);

/// Reads a SadMan Sudoku (.sdk) file, one puzzle: headers "#X value" (#A author, #D
/// description, #C comment, #B date, #S source, #U URL, #L level, #N, #H, #T; any letter is
/// taken), then either 9 rows of 9 cells ('1'-'9', '.' or '0'; spaces between cells allowed)
/// or sections, each a "[Name]" line and 9 rows: [Puzzle] (the givens), [State] (the player's
/// digits: each given must be there), [PencilMarks] (9 comma-separated groups of digits per
/// row: the player's notes) and [Colours] (9 symbols per row). [State], [PencilMarks] and
/// [Colours] are checked and left. Blank lines are skipped outside a section.
///
/// A vector of one entry: the puzzle (its line: the text's first line that is not blank;
/// titled with #D), or what is wrong at which line. Never throws FormatError.
[[nodiscard]] std::vector<ReadPuzzle> read_sdk(std::string_view text);

/// Reads 729 characters of pencil marks (a "sukaku", as SukakuExplainer reads and writes it):
/// cell by cell, row by row, 9 places per cell; place k (1 to 9) holds the digit k when the
/// cell allows it, else the absent mark: one of '.', '0', '*' and '_', the same throughout the
/// line. White space around the line is allowed.
///
/// A cell that allows one digit is a given when no cell in its row, column or box allows that
/// digit (SukakuExplainer's and HoDoKu's rule); otherwise it keeps the one candidate, a naked
/// single to be found. A given's cell gets every candidate, as for the other readers.
/// Throws FormatError (line 1, the column) for a wrong length, a mark out of its place, a
/// second absent mark, a cell that allows no digit.
[[nodiscard]] VariantPuzzle read_pencil_marks(std::string_view line);

/// True when `line` (white space around it allowed) is a HoDoKu library line: it starts with
/// ':' and holds 6 or 7 of them.
[[nodiscard]] bool is_hodoku_line(std::string_view line);

/// Reads a HoDoKu library line ":technique:candidates:cells:deleted:eliminations:placements:"
/// with an optional ":extra" (white space around it allowed): `cells` are 81 of '1'-'9' (a
/// given), '.' or '0' (a blank) and '+' before a digit (placed, not given: the cell is read as
/// a blank); `deleted` is a list of "drc" separated by spaces, digit d deleted from row r,
/// column c, which become the puzzle's pencil marks. The technique, its candidates,
/// eliminations, placements and extra describe a solving step, not the puzzle, and are left.
/// Throws FormatError (line 1, the column) for a malformed line, a deleted given digit, a cell
/// whose every candidate is deleted.
[[nodiscard]] VariantPuzzle read_hodoku(std::string_view line);

/// Reads a 9x9 grid written over lines, framed or not, as HoDoKu, SukakuExplainer and Simple
/// Sudoku print it: lines of frame characters (".---.---.", ":---+---:", "'---'---'",
/// "*-----*", "|---+---|", "+-----+", "-----------"; any line of "-+*|:.'=" and spaces that
/// holds a '-') are skipped, and so are blank lines; '|' separates. Each of the 9 other lines
/// is a row: 9 groups separated by spaces or '|', each a cell's candidates ("19", "578") or a
/// single symbol; or, when it does not split into 9 groups, 9 single symbols ("8..|4..|...").
///
/// A grid where some cell has two candidates or more is a PM grid: each cell lists its
/// candidates, and a cell of one digit is a given by read_pencil_marks()'s rule ('.' or '0'
/// there: a cell with no candidate, an error). Otherwise it is a plain grid: digits are givens,
/// '.' and '0' blanks, no pencil marks.
/// Throws FormatError whose line() is the 1-based position in `lines` of the fault (of the last
/// line for a grid with too few rows), and column() its column.
[[nodiscard]] VariantPuzzle read_pm_grid(std::span<const std::string> lines);

/// The puzzle in `format`, as text that ends with a line end. Every format holds classic 9x9
/// puzzles, except that board and line also hold the classic rules of any size (with
/// Variant::classic's boxes; samurai's canvas too), and fpuzzles what write_fpuzzles() holds.
/// Pencil marks are held by pencil_marks, hodoku and fpuzzles only (candidates that leave out
/// only digits of the givens a cell sees say nothing more than the givens: the other formats
/// write such a puzzle).
///   board        to_board(): "5 3 . . 7 . . . ." x 9
///   line         to_line(): 81 characters, '.' for a blank
///   ss           "53.|.7.|..." x 3, "-----------", ... (11 lines)
///   sdk          "53..7...." x 9
///   sdm          81 digits, '0' for a blank
///   opensudoku   write_opensudoku() of this one puzzle
///   pencil_marks 729 characters; each blank cell's candidates less the digits of the givens
///                it sees, as SukakuExplainer writes them (so that a given reads back as one)
///   hodoku       ":0000:x:<cells>:<every candidate missing from a blank cell>::"
///   fpuzzles     write_fpuzzles()
/// Reading the text back (board, line and sdm with PuzzleReader, ss with read_pm_grid()) gives
/// the same puzzle. For pencil_marks it gives the same givens, and each blank cell's candidates
/// less the digits of the givens it sees (the same puzzle when its candidates leave them out
/// already), except that a blank cell left with one candidate that no cell it sees allows
/// reads back as a given: the format cannot tell the two apart.
/// Throws FormatError (line 0) when the format cannot hold the puzzle ("the .ss format holds
/// classic 9x9 puzzles only, not 16x16", "... holds no pencil marks"; a blank cell that the
/// pencil-mark formats would show without a candidate), and std::invalid_argument for a puzzle
/// without rules or whose digits (or candidates) are not one per canvas cell.
[[nodiscard]] std::string write_puzzle(Format format, const VariantPuzzle& puzzle);

/// How a file of several puzzles in `format` is laid out: `begin` before the first puzzle,
/// `between` two of them, `end` after the last, each puzzle write_entry()'s text. OpenSudoku:
/// the document (its folder called `name`) around its games; board, ss and sdk: an empty line
/// between two puzzles (as PuzzleReader reads them); the formats of a puzzle a line: nothing.
struct Layout {
    std::string begin, between, end;
};
[[nodiscard]] Layout layout_of(Format format, std::string_view name = "Puzzles");

/// One puzzle of a file in `format` laid out by layout_of(): write_puzzle()'s text, except that
/// an OpenSudoku puzzle is its `<game data="..."/>` line. Throws as write_puzzle() does.
[[nodiscard]] std::string write_entry(Format format, const VariantPuzzle& puzzle);

/// An OpenSudoku document (version 1, which OpenSudoku imports into a folder called `name`)
/// of `puzzles`: a `<game data="...">` each, 81 digits with '0' for a blank. Throws as
/// write_puzzle() does, naming the puzzle ("puzzle 3: ...") when there are several.
[[nodiscard]] std::string write_opensudoku(std::span<const VariantPuzzle> puzzles,
                                           std::string_view name = "Puzzles");

/// A classic 9x9 puzzle as a PM grid, framed as HoDoKu frames it (".---.", ":---+", "'---'"):
/// a given as its digit, a blank cell as its candidates less the digits of the givens it sees.
/// read_pm_grid() reads it back as write_puzzle(Format::pencil_marks) describes. Throws as
/// write_puzzle() does.
[[nodiscard]] std::string write_pm_grid(const VariantPuzzle& puzzle);

} // namespace sudoku
