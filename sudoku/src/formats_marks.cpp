// The one-line formats with pencil marks (formats.hpp): 729 characters, as SukakuExplainer
// reads and writes them, and HoDoKu's library lines.
//
//   729:    "1........" "..3456789" ... 81 cells of 9 places; place k holds k or the absent mark
//   HoDoKu: ":0000:x:7.2.34.8..+5...:224 524 135::" technique, its candidates, the cells ('+'
//           before a placed digit), the deleted candidates as digit-row-column, then a step's
//           eliminations, placements and extra
#include "formats_detail.hpp"

#include <algorithm>

namespace sudoku {

namespace {

using detail::cell_count;
using detail::every_digit;
using detail::nine;

constexpr std::size_t pencil_mark_length = 729;

[[noreturn]] void fail(std::size_t column, const std::string& message)
{
    throw FormatError(1, column, message);
}

} // namespace

VariantPuzzle read_pencil_marks(std::string_view line)
{
    const std::string_view marks_text = detail::trim(line);
    const std::size_t first_column = detail::offset_in(line, marks_text) + 1;
    if (marks_text.size() != pencil_mark_length)
        fail(0, "pencil marks are 729 characters (9 per cell), not " +
                    std::to_string(marks_text.size()));
    char absent = 0; // the absent mark, once seen
    std::vector<std::uint32_t> marks(cell_count, 0);
    for (std::size_t i = 0; i < pencil_mark_length; ++i) {
        const char c = marks_text[i];
        const auto place = static_cast<int>(i % nine) + 1;
        const std::size_t column = first_column + i;
        if (c == static_cast<char>('0' + place)) {
            marks[i / nine] |= 1u << (place - 1);
        } else if (c >= '1' && c <= '9') {
            fail(column, detail::describe_char(c) + " in the place of candidate " +
                             std::to_string(place) + " of " +
                             detail::cell_label(static_cast<int>(i / nine)));
        } else if (absent == 0 && (c == '.' || c == '0' || c == '*' || c == '_')) {
            absent = c;
        } else if (c != absent) {
            fail(column, detail::describe_char(c) +
                             (absent == 0 ? std::string(" is not a digit or an absent mark "
                                                        "('.', '0', '*' or '_')")
                                          : " after " + detail::describe_char(absent) +
                                                ": one character stands for every absent "
                                                "candidate"));
        }
    }
    for (int cell = 0; cell < cell_count; ++cell) {
        if (marks[static_cast<std::size_t>(cell)] == 0)
            fail(first_column + static_cast<std::size_t>(cell) * nine,
                 detail::cell_label(cell) + " allows no digit");
    }
    const std::vector<std::uint8_t> givens = detail::lone_givens(marks);
    return detail::classic_puzzle(givens, std::move(marks));
}

bool is_hodoku_line(std::string_view line)
{
    line = detail::trim(line);
    const auto colons = std::count(line.begin(), line.end(), ':');
    return !line.empty() && line[0] == ':' && (colons == 6 || colons == 7);
}

VariantPuzzle read_hodoku(std::string_view line)
{
    const std::string_view library = detail::trim(line);
    const std::size_t first_column = detail::offset_in(line, library) + 1;
    if (!is_hodoku_line(library))
        fail(first_column, "a HoDoKu library line starts with ':' and has 6 or 7 of them "
                           "(\":technique:candidates:cells:deleted:eliminations:placements:\")");
    std::vector<std::string_view> fields;
    for (std::size_t start = 1;;) {
        const std::size_t end = library.find(':', start);
        fields.push_back(library.substr(start, end - start));
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
    const auto column_of = [&](std::string_view field, std::size_t at) {
        return first_column + detail::offset_in(library, field) + at;
    };

    // The cells: givens, blanks, and '+' before a digit placed since (left).
    const std::string_view cells = fields[2];
    std::vector<std::uint8_t> digits(cell_count, 0);
    int found = 0;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const char c = cells[i];
        const bool placed = c == '+';
        if (placed && (i + 1 == cells.size() || cells[i + 1] < '1' || cells[i + 1] > '9'))
            fail(column_of(cells, i), "'+' must come before a digit placed in its cell");
        if (placed)
            ++i;
        else if (c != '.' && c != '0' && (c < '1' || c > '9'))
            fail(column_of(cells, i),
                 detail::describe_char(c) + " in the cells, which are digits, '.' and '+'");
        if (found < cell_count && !placed && c != '.')
            digits[static_cast<std::size_t>(found)] = static_cast<std::uint8_t>(c - '0');
        ++found;
    }
    if (found != cell_count)
        fail(column_of(cells, 0),
             "the cells field holds " + std::to_string(found) + " cells, not 81");

    // The deleted candidates: "drc", digit d of row r, column c.
    const std::string_view deleted = fields[3];
    std::vector<std::uint32_t> marks(cell_count, every_digit);
    for (std::size_t i = 0; i < deleted.size();) {
        if (deleted[i] == ' ') {
            ++i;
            continue;
        }
        const std::size_t end = std::min(deleted.find(' ', i), deleted.size());
        const std::string_view entry = deleted.substr(i, end - i);
        if (entry.size() != 3 ||
            std::any_of(entry.begin(), entry.end(), [](char c) { return c < '1' || c > '9'; }))
            fail(column_of(deleted, i), "\"" + std::string(entry) +
                                            "\" is not a deleted candidate (digit, row, column: "
                                            "\"524\" for 5 in r2c4)");
        const int digit = entry[0] - '0';
        const int cell = (entry[1] - '1') * nine + (entry[2] - '1');
        if (digits[static_cast<std::size_t>(cell)] == digit)
            fail(column_of(deleted, i), "\"" + std::string(entry) + "\" deletes the given " +
                                            std::to_string(digit) + " of " +
                                            detail::cell_label(cell));
        marks[static_cast<std::size_t>(cell)] &= ~(1u << (digit - 1));
        if (digits[static_cast<std::size_t>(cell)] == 0 &&
            marks[static_cast<std::size_t>(cell)] == 0)
            fail(column_of(deleted, i), "\"" + std::string(entry) +
                                            "\" deletes the last candidate of " +
                                            detail::cell_label(cell));
        i = end;
    }
    return detail::classic_puzzle(digits, std::move(marks));
}

namespace detail {

std::string write_pencil_marks(const VariantPuzzle& puzzle)
{
    require_classic_9x9(puzzle, "729-character pencil-mark");
    std::string text;
    text.reserve(pencil_mark_length + 1);
    for (int cell = 0; cell < cell_count; ++cell) {
        const int digit = puzzle.digits[static_cast<std::size_t>(cell)];
        const std::uint32_t shown = digit != 0 ? 1u << (digit - 1) : shown_candidates(puzzle, cell);
        if (shown == 0)
            throw FormatError(0, 0,
                              cell_label(cell) + " allows no digit that the givens it sees leave: "
                                                 "pencil marks cannot show it");
        for (int place = 1; place <= nine; ++place)
            text += (shown >> (place - 1)) & 1u ? static_cast<char>('0' + place) : '.';
    }
    return text + "\n";
}

std::string write_hodoku(const VariantPuzzle& puzzle)
{
    require_classic_9x9(puzzle, "HoDoKu");
    std::string text = ":0000:x:";
    std::string deleted;
    for (int cell = 0; cell < cell_count; ++cell) {
        const int digit = puzzle.digits[static_cast<std::size_t>(cell)];
        text += digit == 0 ? '.' : static_cast<char>('0' + digit);
        if (digit != 0)
            continue;
        const std::uint32_t allowed = puzzle.allowed(cell) & every_digit;
        if (allowed == 0)
            throw FormatError(0, 0,
                              cell_label(cell) + " allows no digit: a HoDoKu line cannot show it");
        for (int candidate = 1; candidate <= nine; ++candidate) {
            if ((allowed >> (candidate - 1)) & 1u)
                continue;
            deleted += deleted.empty() ? "" : " ";
            deleted += static_cast<char>('0' + candidate);
            deleted += static_cast<char>('1' + cell / nine);
            deleted += static_cast<char>('1' + cell % nine);
        }
    }
    return text + ":" + deleted + "::\n";
}

} // namespace detail

} // namespace sudoku
