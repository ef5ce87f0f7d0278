// Sudoku text formats (docs/cli.md, sections 2.1-2.3): reading puzzle files in either layout,
// one puzzle at a time, and writing grids in the graded 9-line board format.
//
//   9-line layout (the board format)        one-line layout (the public benchmark sets)
//   5 3 0 0 7 0 0 0 0                       53..7....6..195....98....6.8...6...34..8.3..17...
//   6 0 0 1 9 5 0 0 0                       (81 characters, '0' or '.' for a blank)
//   ... (7 more rows)
//   <empty line between puzzles>
#pragma once

#include <sudoku/grid.hpp>
#include <sudoku/variant_solver.hpp>

#include <cstddef>
#include <deque>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace sudoku {

/// One puzzle as read from a file: where it was, and either its grid or what is wrong with it.
struct PuzzleRecord {
    std::size_t number = 0;     ///< 1 for the first puzzle of the input, 2 for the next, ...
    std::size_t first_line = 0; ///< the line (1-based) where the puzzle starts
    Grid grid; ///< a classic 9x9 puzzle's givens (0 for a blank); meaningful when !error
    /// Any other puzzle (another size; later formats add rules and pencil marks): its rules
    /// and givens, when !error. `grid` is then blank.
    std::optional<VariantPuzzle> variant;
    std::optional<std::string> error; ///< set when the text is not a puzzle: what is wrong
    /// The puzzle's lines as they were (without line ends); kept only for a malformed puzzle,
    /// so that it can be written back unchanged.
    std::vector<std::string> raw_lines;
};

/// Reads puzzles one at a time, in either layout, with memory independent of the input size.
///
/// Accepted: the 9-line layout (9 rows of 9 cells; cells may be separated by spaces or not;
/// `0` or `.` for a blank) with puzzles separated by empty lines; 81-character lines (one puzzle
/// per line, consecutive lines allowed); CRLF line ends; a UTF-8 byte-order mark; extra empty
/// lines; lines starting with `#` (comments, skipped anywhere). A text that is not a puzzle (a
/// wrong number of cells or rows, a character that is not a digit or `.`) becomes a record
/// with `error` set; reading goes on with the next puzzle.
///
/// Other sizes the same way, with symbols 1-9 then A-P for 10 to 25 (variant.hpp): N rows of
/// N cells, or one line of 16, 36, 64, 100, 144, 256 or 625 cells, for N = 4, 6, 8, 10, 12, 16
/// or 25 (boxes as Variant::classic gives them). Lines of 16 cells that come together are 4x4
/// puzzles, one a line, when more of them are 4x4 puzzles (digits 1 to 4 and blanks, at least
/// one digit) than hold symbols above 4; otherwise they are the rows of a 16x16 grid.
///
/// f-puzzles puzzles (fpuzzles.hpp): a JSON document from the line that starts with its '{'
/// to the line that closes it (one per line, or spread over lines), or a link or compressed
/// text alone on a line. Its faults are reported at their line of the file.
///
/// Other programs' formats (formats.hpp), found by their content: a file whose first line
/// that is neither blank nor a comment starts with '<' is an OpenSudoku document, one that
/// starts with '[' a .sdk file with sections (read whole, up to 16 MiB); a line of 729
/// characters is pencil marks, a line that is_hodoku_line() a HoDoKu library line; a block of
/// rows with frame lines or '|' (.ss) or 9 rows of candidates is a PM grid (read_pm_grid()).
/// .sdk headers are comments, .sdk rows and .sdm lines the layouts above. A classic 9x9
/// puzzle whose pencil marks rule out only digits of the givens each cell sees is a Grid.
class PuzzleReader {
public:
    /// Reads from `in`, which must outlive the reader; `file_name` is for messages.
    PuzzleReader(std::istream& in, std::string file_name);
    ~PuzzleReader();
    PuzzleReader(const PuzzleReader&) = delete;
    PuzzleReader& operator=(const PuzzleReader&) = delete;

    /// Reads the next puzzle into `record`; false at the end of the input. Throws
    /// std::runtime_error naming the file when the input cannot be read.
    bool next(PuzzleRecord& record);

    [[nodiscard]] const std::string& file_name() const noexcept { return file_name_; }

private:
    bool next_line(std::string_view& line);
    void begin_record(PuzzleRecord& record, std::size_t first_line);
    bool finish_block(PuzzleRecord& record);
    bool read_line_record(std::string_view line, PuzzleRecord& record);
    bool read_fpuzzles_record(std::string_view line, PuzzleRecord& record);
    bool read_marks_record(std::string_view line, PuzzleRecord& record);
    bool read_drawn_grid(std::size_t rows, PuzzleRecord& record);
    bool read_document(std::string_view line, PuzzleRecord& record);

    std::istream& in_;
    std::string file_name_;
    std::unique_ptr<char[]> buffer_;
    std::size_t begin_ = 0, end_ = 0;
    bool eof_ = false;
    std::size_t line_number_ = 0;
    std::size_t puzzles_ = 0;
    bool started_ = false; // past the first line that is neither blank nor a comment
    std::string carry_;    // a line that spans buffer fills, as collected so far
    std::string line_;     // the last such line, delivered
    bool carrying_ = false;
    bool carry_truncated_ = false, line_truncated_ = false;
    // The block of rows being collected.
    int rows_ = 0;
    std::vector<std::string> block_raw_;     // the first rows_ entries are this block's rows,
    std::vector<std::size_t> block_cells_;   // the cells on each,
    std::vector<std::size_t> block_numbers_; // and their line numbers
    // Puzzles read ahead (a one-line puzzle right after a block, a block of 4x4 lines), kept
    // for the following calls.
    std::deque<PuzzleRecord> pending_;
};

/// How a message about a puzzle begins: "FILE:LINE: puzzle N: " (its first line; docs/cli.md,
/// section 1.1), followed by `what` is wrong.
[[nodiscard]] std::string describe(const PuzzleRecord& record, const std::string& file_name,
                                   const std::string& what);

/// Bytes of one grid in the board format: 9 lines of 17 characters and a line end.
inline constexpr std::size_t board_bytes = 9 * 18;

/// Writes `grid` in the board format ("9 1 2 3 4 5 6 7 8\n" x 9; blanks as 0) at `out`, which
/// must have room for board_bytes characters. Returns the end of what was written.
char* format_board(const Grid& grid, char* out) noexcept;

/// Text of a whole board, for tests and small outputs.
[[nodiscard]] std::string to_board(const Grid& grid);

/// A grid of any size in the board format's layout: a line per canvas row, its symbols (1-9,
/// then A-P; '.' for a blank) separated by single spaces; samurai's gaps are blank too (two
/// spaces), and a row ends at its last cell. `digits` holds one per canvas cell.
[[nodiscard]] std::string to_board(const Rules& rules, std::span<const std::uint8_t> digits);

/// The same grid on one line, row by row ('.' for a blank; samurai's gaps left out).
[[nodiscard]] std::string to_line(const Rules& rules, std::span<const std::uint8_t> digits);

} // namespace sudoku
