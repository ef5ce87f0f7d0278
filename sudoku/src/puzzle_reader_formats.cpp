// The streaming reader's puzzles in other programs' formats (text_format.hpp), each handed to
// its reader of fpuzzles.hpp or formats.hpp: f-puzzles documents, links and compressed text;
// OpenSudoku XML and .sdk files with sections (whole documents); HoDoKu library lines and
// 729-character pencil marks (a line each); grids drawn with frames, '|' separators or
// candidates (.ss, PM grids; a block of rows).
#include <sudoku/formats.hpp>
#include <sudoku/fpuzzles.hpp>
#include <sudoku/text_format.hpp>

#include "formats_detail.hpp"
#include "reader_detail.hpp"

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace sudoku {

namespace detail {

bool starts_document(std::string_view line)
{
    if (line.starts_with("<?xml") || line.starts_with("<opensudoku") || line.starts_with("<!--"))
        return true;
    if (!line.starts_with('[') || !line.ends_with(']'))
        return false;
    std::string name;
    for (const char c : line.substr(1, line.size() - 2))
        name += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return name == "puzzle" || name == "state" || name == "pencilmarks" || name == "colours" ||
           name == "colors";
}

bool is_drawing(std::string_view line)
{
    return line.find('|') != std::string_view::npos || is_frame_line(line);
}

bool is_drawn_grid(std::span<const std::string> rows)
{
    if (std::any_of(rows.begin(), rows.end(),
                    [](const std::string& row) { return is_drawing(row); }))
        return true;
    if (rows.size() != 9)
        return false;
    const auto candidate_rows = std::count_if(
        rows.begin(), rows.end(), [](const std::string& row) { return is_candidate_row(row); });
    return 2 * candidate_rows > 9;
}

void store_puzzle(PuzzleRecord& record, VariantPuzzle&& puzzle)
{
    if (is_classic_9x9(puzzle) && first_marked_cell(puzzle) < 0) {
        for (int cell = 0; cell < Grid::cells; ++cell)
            record.grid.set(cell, puzzle.digits[static_cast<std::size_t>(cell)]);
    } else {
        record.variant = std::move(puzzle);
    }
}

} // namespace detail

namespace {

// How `text` changes the depth of JSON braces, strings skipped; `in_string` and `escaped`
// carry over from line to line.
long brace_depth(std::string_view text, bool& in_string, bool& escaped)
{
    long depth = 0;
    for (const char c : text) {
        if (in_string) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '{') {
            ++depth;
        } else if (c == '}') {
            --depth;
        }
    }
    return depth;
}

// "line L: column C: " for `error`, whose line() is the file's line `line` (nothing when the
// error has no line).
std::string where(const FormatError& error, std::size_t line)
{
    std::string text;
    if (error.line() != 0)
        text = "line " + std::to_string(line) + ": ";
    if (error.line() != 0 && error.column() != 0)
        text += "column " + std::to_string(error.column()) + ": ";
    return text;
}

// Line `number` (1-based) of `text`, or nothing.
std::string line_of(std::string_view text, std::size_t number)
{
    std::size_t at = 0;
    for (std::size_t line = 1; line < number && at != std::string_view::npos; ++line) {
        at = text.find('\n', at);
        at = at == std::string_view::npos ? at : at + 1;
    }
    if (at == std::string_view::npos || at >= text.size())
        return {};
    return std::string(text.substr(at, text.find('\n', at) - at));
}

} // namespace

namespace detail {

bool is_fpuzzles_line(std::string_view line)
{
    for (const std::string_view start :
         {"http://", "https://", "www.", "f-puzzles.com", "sudokupad.", "N4Ig", "fpuzzlesN4Ig"}) {
        if (line.starts_with(start))
            return true;
    }
    return false;
}

} // namespace detail

// An f-puzzles puzzle: a document from the line that opens its braces to the line that closes
// them, or a link or compressed text on one line.
bool PuzzleReader::read_fpuzzles_record(std::string_view line, PuzzleRecord& record)
{
    begin_record(record, line_number_);
    std::string text(line);
    if (detail::trim(line).starts_with('{')) {
        bool in_string = false, escaped = false;
        long depth = brace_depth(line, in_string, escaped);
        std::string_view more;
        while (depth > 0 && text.size() < detail::longest_document && next_line(more)) {
            text.append("\n").append(more);
            depth += brace_depth(more, in_string, escaped);
        }
    }
    try {
        detail::store_puzzle(record, read_fpuzzles(text));
    } catch (const FormatError& error) {
        record.error = where(error, record.first_line + error.line() - 1) + error.what();
        std::size_t at = 0;
        for (;;) { // the document's lines, to stand in for it
            const std::size_t end = text.find('\n', at);
            record.raw_lines.push_back(text.substr(at, end - at));
            if (end == std::string::npos)
                break;
            at = end + 1;
        }
    }
    return true;
}

// A HoDoKu library line or 729 characters of pencil marks.
bool PuzzleReader::read_marks_record(std::string_view line, PuzzleRecord& record)
{
    begin_record(record, line_number_);
    try {
        detail::store_puzzle(record, detail::trim(line).starts_with(':') ? read_hodoku(line)
                                                                         : read_pencil_marks(line));
    } catch (const FormatError& error) {
        record.error = where(error, line_number_) + error.what();
        record.raw_lines.emplace_back(line);
    }
    return true;
}

// The block's first `rows` rows, a grid drawn with frames or '|', or of candidates.
bool PuzzleReader::read_drawn_grid(std::size_t rows, PuzzleRecord& record)
{
    begin_record(record, block_numbers_.front());
    try {
        detail::store_puzzle(record, read_pm_grid(std::span(block_raw_.data(), rows)));
    } catch (const FormatError& error) {
        const std::size_t at = std::clamp<std::size_t>(error.line(), 1, rows);
        record.error = where(error, block_numbers_[at - 1]) + error.what();
        record.raw_lines.assign(block_raw_.begin(), block_raw_.begin() + static_cast<long>(rows));
    }
    return true;
}

// The rest of the input, an OpenSudoku document (`line` starts with '<') or a .sdk file with
// sections ('['): every puzzle in it, the first into `record`, the others kept for the next
// calls. False when it holds none.
bool PuzzleReader::read_document(std::string_view line, PuzzleRecord& record)
{
    const std::size_t first_line = line_number_;
    const bool xml = detail::trim(line).starts_with('<');
    std::string text(line); // its line 1 is the file's line first_line
    std::optional<std::string> fault;
    if (line_truncated_)
        fault = "line " + std::to_string(first_line) + ": more than " +
                std::to_string(detail::longest_kept_line) + " characters on one line";
    std::string_view more;
    while (next_line(more)) { // to the end, even past a fault: the document is one puzzle file
        if (!fault && line_truncated_)
            fault = "line " + std::to_string(line_number_) + ": more than " +
                    std::to_string(detail::longest_kept_line) + " characters on one line";
        if (!fault && text.size() + more.size() + 1 >= detail::longest_document)
            fault = "line " + std::to_string(line_number_) + ": the " +
                    (xml ? "OpenSudoku document" : ".sdk file") + " goes on past " +
                    std::to_string(detail::longest_document >> 20) + " MiB";
        if (!fault)
            text.append("\n").append(more);
    }
    if (fault) {
        begin_record(record, first_line);
        record.error = std::move(fault);
        record.raw_lines.emplace_back(line_of(text, 1));
        return true;
    }
    // The OpenSudoku reader counts lines from first_line, the .sdk reader from 1.
    std::vector<ReadPuzzle> puzzles = xml ? read_opensudoku(text, first_line) : read_sdk(text);
    for (std::size_t index = 0; index < puzzles.size(); ++index) {
        ReadPuzzle& read = puzzles[index];
        PuzzleRecord& into = index == 0 ? record : pending_.emplace_back();
        const std::size_t at = xml ? read.line : first_line + read.line - 1;
        begin_record(into, at);
        if (read.error) {
            into.error = "line " + std::to_string(at) + ": " + *read.error;
            into.raw_lines.push_back(line_of(text, at - first_line + 1));
        } else {
            detail::store_puzzle(into, std::move(*read.puzzle));
        }
    }
    return !puzzles.empty();
}

} // namespace sudoku
