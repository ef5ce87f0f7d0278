// Grids written over lines (formats.hpp): PM grids as HoDoKu and SukakuExplainer print them,
// and plain framed grids as Simple Sudoku's .ss files hold them. HoDoKu's frame:
//
//   .----------------.----------------.      top: '.' corners and joints
//   | 6    19   2    | 3    19   5    |      a row: '|' between boxes, groups by spaces
//   :----------------+----------------:      between boxes: ':' and '+'
//   '----------------'----------------'      bottom: "'"
//
// A column is as wide as its longest group and two spaces, so that the groups line up.
#include "formats_detail.hpp"

#include <algorithm>
#include <array>
#include <bit>

namespace sudoku {

bool detail::is_frame_line(std::string_view line)
{
    constexpr std::string_view frame = "-+*|:.'= \t\r";
    return line.find('-') != std::string_view::npos &&
           line.find_first_not_of(frame) == std::string_view::npos;
}

bool detail::is_candidate_row(std::string_view line)
{
    std::size_t groups = 0, longest = 0, length = 0;
    for (const char c : line) {
        if (c != ' ' && c != '\t' && c != '\r' && c != '|') {
            ++length;
            continue;
        }
        groups += length > 0 ? 1 : 0;
        longest = std::max(longest, length);
        length = 0;
    }
    groups += length > 0 ? 1 : 0;
    longest = std::max(longest, length);
    return groups == 9 && longest > 1;
}

namespace {

using detail::cell_count;
using detail::every_digit;
using detail::nine;

// A cell's text in a row, and where it is.
struct CellText {
    std::string_view text;
    std::size_t line = 0;   // 1-based position in the lines
    std::size_t column = 0; // 1-based
};

bool is_separator(char c) { return c == ' ' || c == '\t' || c == '|'; }

// The 9 cells of row line `line` (number `number`), appended to `cells`.
void split_row(std::string_view line, std::size_t number, std::vector<CellText>& cells)
{
    std::vector<CellText> groups;
    for (std::size_t i = 0; i < line.size();) {
        if (is_separator(line[i]) || line[i] == '\r') {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < line.size() && !is_separator(line[end]) && line[end] != '\r')
            ++end;
        groups.push_back({line.substr(i, end - i), number, i + 1});
        i = end;
    }
    if (groups.size() != static_cast<std::size_t>(nine)) {
        // Single symbols, as in "8..|4..|...".
        std::vector<CellText> symbols;
        for (const CellText& group : groups) {
            for (std::size_t i = 0; i < group.text.size(); ++i)
                symbols.push_back({group.text.substr(i, 1), number, group.column + i});
        }
        if (symbols.size() != static_cast<std::size_t>(nine))
            throw FormatError(number, 0,
                              "a row of 9 cells was expected: found " +
                                  std::to_string(groups.size()) + " groups of " +
                                  std::to_string(symbols.size()) + " symbols");
        groups = std::move(symbols);
    }
    cells.insert(cells.end(), groups.begin(), groups.end());
}

// A cell's candidates (0 for '.' or '0').
std::uint32_t read_group(const CellText& cell)
{
    if (cell.text == "." || cell.text == "0")
        return 0;
    std::uint32_t mask = 0;
    for (std::size_t i = 0; i < cell.text.size(); ++i) {
        const char c = cell.text[i];
        if (c < '1' || c > '9')
            throw FormatError(cell.line, cell.column + i,
                              detail::describe_char(c) +
                                  " in a cell, which holds digits 1-9 (or '.' for a blank)");
        const std::uint32_t bit = 1u << (c - '1');
        if ((mask & bit) != 0)
            throw FormatError(cell.line, cell.column + i,
                              std::string("the candidate ") + c + " comes twice in a cell");
        mask |= bit;
    }
    return mask;
}

} // namespace

VariantPuzzle read_pm_grid(std::span<const std::string> lines)
{
    std::vector<CellText> cells;
    std::size_t rows = 0;
    for (std::size_t index = 0; index < lines.size(); ++index) {
        const std::string_view line = lines[index];
        if (detail::trim(line).empty() || detail::is_frame_line(line))
            continue;
        if (++rows > static_cast<std::size_t>(nine))
            throw FormatError(index + 1, 0, "a tenth row: a grid has 9");
        split_row(line, index + 1, cells);
    }
    if (rows < static_cast<std::size_t>(nine))
        throw FormatError(lines.size(), 0, "the grid has " + std::to_string(rows) + " rows, not 9");

    std::vector<std::uint32_t> marks(cell_count);
    std::transform(cells.begin(), cells.end(), marks.begin(), read_group);
    const bool pm_grid = std::any_of(marks.begin(), marks.end(),
                                     [](std::uint32_t m) { return std::popcount(m) > 1; });
    if (!pm_grid) {
        std::vector<std::uint8_t> digits(cell_count, 0);
        for (std::size_t cell = 0; cell < marks.size(); ++cell)
            digits[cell] =
                static_cast<std::uint8_t>(marks[cell] == 0 ? 0 : std::countr_zero(marks[cell]) + 1);
        return detail::classic_puzzle(digits, std::vector<std::uint32_t>(cell_count, every_digit));
    }
    for (std::size_t cell = 0; cell < marks.size(); ++cell) {
        if (marks[cell] == 0)
            throw FormatError(cells[cell].line, cells[cell].column,
                              detail::cell_label(static_cast<int>(cell)) +
                                  " has no candidate: in a PM grid every cell lists its own");
    }
    const std::vector<std::uint8_t> givens = detail::lone_givens(marks);
    return detail::classic_puzzle(givens, std::move(marks));
}

std::string write_pm_grid(const VariantPuzzle& puzzle)
{
    detail::check_shape(puzzle);
    detail::require_classic_9x9(puzzle, "PM grid");
    std::array<std::string, cell_count> groups;
    std::array<std::size_t, nine> widths{};
    for (int cell = 0; cell < cell_count; ++cell) {
        const int digit = puzzle.digits[static_cast<std::size_t>(cell)];
        const std::uint32_t shown =
            digit != 0 ? 1u << (digit - 1) : detail::shown_candidates(puzzle, cell);
        if (shown == 0)
            throw FormatError(0, 0,
                              detail::cell_label(cell) +
                                  " allows no digit that the givens it sees leave: a PM "
                                  "grid cannot show it");
        std::string& group = groups[static_cast<std::size_t>(cell)];
        for (int candidate = 1; candidate <= nine; ++candidate) {
            if ((shown >> (candidate - 1)) & 1u)
                group += static_cast<char>('0' + candidate);
        }
        auto& width = widths[static_cast<std::size_t>(cell % nine)];
        width = std::max(width, group.size() + 2);
    }
    const auto frame = [&](char outer, char joint) {
        std::string line(1, outer);
        for (int box = 0; box < 3; ++box) {
            const auto first = static_cast<std::size_t>(box * 3);
            line.append(widths[first] + widths[first + 1] + widths[first + 2], '-');
            line += box < 2 ? joint : outer;
        }
        return line + "\n";
    };
    std::string text = frame('.', '.');
    for (int row = 0; row < nine; ++row) {
        if (row == 3 || row == 6)
            text += frame(':', '+');
        std::string line;
        for (int column = 0; column < nine; ++column) {
            const std::string& group = groups[static_cast<std::size_t>(row * nine + column)];
            line += column % 3 == 0 ? "| " : " ";
            line += group;
            line.append(widths[static_cast<std::size_t>(column)] - group.size() - 1, ' ');
        }
        text += line + "|\n";
    }
    return text + frame('\'', '\'');
}

} // namespace sudoku
