// Sudoku variants in f-puzzles JSON, the format of f-puzzles.com and SudokuPad: read from the
// JSON itself, from its compressed form (lz-string's compressToBase64, as the links carry it)
// or from a whole link; written back, and compressed into a link. A rule this library cannot
// hold (a thermometer, an arrow, a decoration that may state a rule) is refused by name, never
// dropped: a puzzle read is the puzzle that was set, or an error.
//
//   https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOAN...     the compressed JSON
//   {"size":9,"grid":[[{"value":5,"given":true},{},...],...],"diagonal-":true,
//    "killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]}
#pragma once

#include <sudoku/variant_solver.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace sudoku {

/// A text that is not a puzzle of the format read. what() says what is wrong, without a file
/// name or a line, so that a caller can print "FILE:LINE: what".
class FormatError : public std::runtime_error {
public:
    FormatError(std::size_t line, std::size_t column, const std::string& message)
        : std::runtime_error(message), line_(line), column_(column)
    {
    }
    /// The 1-based line of the text read where the fault is (0: the text as a whole).
    [[nodiscard]] std::size_t line() const noexcept { return line_; }
    /// The 1-based column on that line, in characters (0: the line as a whole).
    [[nodiscard]] std::size_t column() const noexcept { return column_; }

private:
    std::size_t line_;
    std::size_t column_;
};

/// What a link to f-puzzles starts with; the compressed JSON follows.
inline constexpr char fpuzzles_link_prefix[] = "https://www.f-puzzles.com/?load=";

/// Reads an f-puzzles puzzle from `text`, white space around it allowed, which is one of:
///   - the JSON itself (it starts with '{'; a key may not appear twice in an object);
///   - the compressed JSON (lz-string's compressToBase64, '%'-escapes allowed), with or without
///     SudokuPad's "fpuzzles" prefix;
///   - a link that holds it: f-puzzles' "?load=", SudokuPad's and the Cracking the Cryptic
///     app's "/fpuzzles..." or "?puzzleid=fpuzzles...", Sudoku Lab's "?fpuzzle=".
///
/// The rules read are `size` (4 to 16; the boxes are f-puzzles': 2x3 for 6, 2x4 for 8, 2x5 for
/// 10, 3x4 for 12, 2x7 for 14, 3x5 for 15, rows for the primes 5, 7, 11 and 13, which come back
/// as a jigsaw of rows), `grid` (each cell's given `value` when `given` is true, its jigsaw
/// `region` from 0, where it is not the f-puzzles box; its `givenPencilMarks`, the candidates of
/// the f-puzzles solver add-on), `diagonal+` (the anti-diagonal, from the bottom-left corner),
/// `diagonal-`, `antiknight`, `antiking`, `nonconsecutive`, `extraregion` and `killercage`
/// (`value`: its sum; absent or "": none). Metadata (title, author, ruleset, solution,
/// settings, a player's digits, marks and colours, SudokuPad's cage-less metadata cages) is
/// accepted and left; a key that holds a rule or a decoration is refused by name ("f-puzzles
/// key 'thermometer' (thermometers) is not supported"), and so is a key not known to be
/// harmless: nothing is dropped in silence.
///
/// Throws FormatError. For JSON given as text, line() and column() are where the fault is in
/// `text`; for a compressed puzzle, line() is the line of `text` that holds it and the message
/// ends with where the fault is in the decompressed JSON ("(decompressed JSON, line 1, column
/// 345)"); a link that only names a puzzle kept elsewhere (f-puzzles' "?id=" short links) is
/// refused, as nothing is fetched.
[[nodiscard]] VariantPuzzle read_fpuzzles(std::string_view text);

/// The puzzle as compact f-puzzles JSON that f-puzzles loads: `size`, a `grid` of size x size
/// cell objects (`value` and `given` for a given digit, `region` where a cell is not in its
/// f-puzzles box, `givenPencilMarks` for a cell with pencil-mark givens, which only the
/// f-puzzles solver add-on reads), then the rules that are on. Boxes of
/// another shape than f-puzzles' become regions; windoku's windows become extra regions.
/// Throws FormatError for what f-puzzles cannot hold: samurai, more than 16 digits; and
/// std::invalid_argument for a puzzle whose digits (or candidates) are not one per cell.
[[nodiscard]] std::string write_fpuzzles(const VariantPuzzle& puzzle);

/// lz-string's compressToBase64 of `json` (taken as UTF-8 and compressed as the UTF-16 text a
/// browser holds): fpuzzles_link_prefix + compress_fpuzzles(write_fpuzzles(p)) is a link.
/// Throws FormatError when `json` is not UTF-8.
[[nodiscard]] std::string compress_fpuzzles(std::string_view json);

/// lz-string's decompressFromBase64 of `base64`, as UTF-8. Throws FormatError (line 0) for a
/// character that is not base64, a text that ends before its end mark, a corrupt code, or
/// more than 64 MiB of output.
[[nodiscard]] std::string decompress_fpuzzles(std::string_view base64);

} // namespace sudoku
