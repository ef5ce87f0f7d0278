// The formats' names, the writer of every format, the plain grids (board, line, .ss, .sdk,
// .sdm), and what the readers and writers share (formats_detail.hpp).
#include "formats_detail.hpp"

#include <sudoku/text_format.hpp>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <stdexcept>
#include <utility>

namespace sudoku {

namespace detail {

const std::array<std::array<int, 20>, cell_count>& peers()
{
    static const auto table = [] {
        std::array<std::array<int, 20>, cell_count> made{};
        for (int cell = 0; cell < cell_count; ++cell) {
            const int row = cell / nine, column = cell % nine;
            std::size_t found = 0;
            for (int other = 0; other < cell_count; ++other) {
                const int other_row = other / nine, other_column = other % nine;
                const bool same_box = row / 3 == other_row / 3 && column / 3 == other_column / 3;
                if (other != cell && (row == other_row || column == other_column || same_box))
                    made[static_cast<std::size_t>(cell)][found++] = other;
            }
        }
        return made;
    }();
    return table;
}

VariantPuzzle classic_puzzle(const std::vector<std::uint8_t>& digits,
                             std::vector<std::uint32_t> marks)
{
    VariantPuzzle puzzle = VariantPuzzle::blank(classic_rules(nine));
    puzzle.digits = digits;
    bool marked = false;
    for (std::size_t cell = 0; cell < marks.size(); ++cell) {
        if (digits[cell] != 0)
            marks[cell] = every_digit;
        marked = marked || marks[cell] != every_digit;
    }
    if (marked)
        puzzle.candidates = std::move(marks);
    return puzzle;
}

std::vector<std::uint8_t> lone_givens(const std::vector<std::uint32_t>& marks)
{
    std::vector<std::uint8_t> digits(cell_count, 0);
    for (int cell = 0; cell < cell_count; ++cell) {
        const std::uint32_t mark = marks[static_cast<std::size_t>(cell)];
        if (std::popcount(mark) != 1)
            continue;
        const bool seen =
            std::any_of(peers()[static_cast<std::size_t>(cell)].begin(),
                        peers()[static_cast<std::size_t>(cell)].end(), [&](int peer) {
                            return (marks[static_cast<std::size_t>(peer)] & mark) != 0;
                        });
        if (!seen)
            digits[static_cast<std::size_t>(cell)] =
                static_cast<std::uint8_t>(std::countr_zero(mark) + 1);
    }
    return digits;
}

void check_shape(const VariantPuzzle& puzzle)
{
    if (!puzzle.rules)
        throw std::invalid_argument("write_puzzle: the puzzle has no rules");
    const auto cells = static_cast<std::size_t>(puzzle.rules->canvas_size());
    if (puzzle.digits.size() != cells ||
        (!puzzle.candidates.empty() && puzzle.candidates.size() != cells))
        throw std::invalid_argument("write_puzzle: the puzzle has " +
                                    std::to_string(puzzle.digits.size()) + " digits and " +
                                    std::to_string(puzzle.candidates.size()) +
                                    " candidate masks for " + std::to_string(cells) + " cells");
}

bool is_classic_9x9(const VariantPuzzle& puzzle)
{
    return puzzle.rules->variant() == Variant::classic(nine);
}

void require_classic_9x9(const VariantPuzzle& puzzle, std::string_view label)
{
    if (!is_classic_9x9(puzzle))
        throw FormatError(0, 0,
                          "the " + std::string(label) +
                              " format holds classic 9x9 puzzles only, not " +
                              puzzle.rules->variant().describe());
}

std::uint32_t shown_candidates(const VariantPuzzle& puzzle, int cell)
{
    std::uint32_t shown = puzzle.allowed(cell) & every_digit;
    for (const int peer : peers()[static_cast<std::size_t>(cell)]) {
        if (const int digit = puzzle.digits[static_cast<std::size_t>(peer)]; digit != 0)
            shown &= ~(1u << (digit - 1));
    }
    return shown;
}

int first_marked_cell(const VariantPuzzle& puzzle)
{
    if (puzzle.candidates.empty())
        return -1;
    for (int cell = 0; cell < cell_count; ++cell) {
        if (puzzle.digits[static_cast<std::size_t>(cell)] != 0)
            continue;
        std::uint32_t seen = 0; // the digits of the givens the cell sees
        for (const int peer : peers()[static_cast<std::size_t>(cell)]) {
            if (const int digit = puzzle.digits[static_cast<std::size_t>(peer)]; digit != 0)
                seen |= 1u << (digit - 1);
        }
        if ((every_digit & ~seen & ~puzzle.candidates[static_cast<std::size_t>(cell)]) != 0)
            return cell;
    }
    return -1;
}

void refuse_pencil_marks(const VariantPuzzle& puzzle, std::string_view label, std::string_view why)
{
    if (const int cell = first_marked_cell(puzzle); cell >= 0)
        throw FormatError(0, 0,
                          "the " + std::string(label) + " format holds no pencil marks" +
                              std::string(why) + ", and " + cell_label(cell) + " has some");
}

std::string_view trim(std::string_view text)
{
    constexpr std::string_view space = " \t\r\n\v\f";
    const std::size_t first = text.find_first_not_of(space);
    if (first == std::string_view::npos)
        return text.substr(text.size());
    return text.substr(first, text.find_last_not_of(space) - first + 1);
}

std::string describe_char(char c)
{
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7f)
        return std::string("'") + c + "'";
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", byte);
    return std::string("byte ") + hex;
}

std::string cell_label(int cell)
{
    return "r" + std::to_string(cell / nine + 1) + "c" + std::to_string(cell % nine + 1);
}

} // namespace detail

namespace {

using detail::cell_count;
using detail::nine;

constexpr std::pair<Format, const char*> names[] = {
    {Format::board, "board"},     {Format::line, "line"},     {Format::ss, "ss"},
    {Format::sdk, "sdk"},         {Format::sdm, "sdm"},       {Format::opensudoku, "opensudoku"},
    {Format::pencil_marks, "pm"}, {Format::hodoku, "hodoku"}, {Format::fpuzzles, "fpuzzles"},
};

// A 9x9 grid of symbols: `blank` for an empty cell, `bar` after the third and sixth cells of a
// row (none when 0), `rule` as a line after the third and sixth rows (none when empty).
std::string classic_rows(const VariantPuzzle& puzzle, char blank, char bar, std::string_view rule)
{
    std::string text;
    for (int row = 0; row < nine; ++row) {
        if (!rule.empty() && (row == 3 || row == 6))
            text.append(rule).push_back('\n');
        for (int column = 0; column < nine; ++column) {
            if (bar != 0 && (column == 3 || column == 6))
                text += bar;
            const int digit = puzzle.digits[static_cast<std::size_t>(row * nine + column)];
            text += digit == 0 ? blank : digit_symbol(digit);
        }
        text += '\n';
    }
    return text;
}

// Board and line hold the classic rules of any size: a grid whose rules are more is refused.
void require_classic(const VariantPuzzle& puzzle, std::string_view label)
{
    const Variant& variant = puzzle.rules->variant();
    bool classic = false;
    try {
        Variant usual = Variant::classic(variant.size);
        usual.samurai = variant.samurai;
        classic = variant == usual;
    } catch (const std::invalid_argument&) { // a size with no boxes: a jigsaw of rows
    }
    if (!classic)
        throw FormatError(0, 0,
                          "the " + std::string(label) +
                              " format holds the classic rules only, not a " + variant.describe() +
                              " puzzle");
}

void refuse_any_pencil_marks(const VariantPuzzle& puzzle, std::string_view label)
{
    if (detail::is_classic_9x9(puzzle)) {
        detail::refuse_pencil_marks(puzzle, label);
    } else if (puzzle.has_pencil_marks()) {
        throw FormatError(0, 0, "the " + std::string(label) + " format holds no pencil marks");
    }
}

} // namespace

std::optional<Format> format_named(std::string_view name)
{
    for (const auto& [format, format_name] : names) {
        if (name == format_name)
            return format;
    }
    return std::nullopt;
}

const char* format_name(Format format)
{
    for (const auto& [known, name] : names) {
        if (known == format)
            return name;
    }
    return "?";
}

std::string format_names()
{
    std::string text;
    for (const Format format : all_formats)
        text.append(text.empty() ? "" : ", ").append(format_name(format));
    return text;
}

std::string write_puzzle(Format format, const VariantPuzzle& puzzle)
{
    detail::check_shape(puzzle);
    switch (format) {
    case Format::board:
    case Format::line: {
        const char* label = format == Format::board ? "board" : "line";
        require_classic(puzzle, label);
        refuse_any_pencil_marks(puzzle, label);
        return format == Format::board ? to_board(*puzzle.rules, puzzle.digits)
                                       : to_line(*puzzle.rules, puzzle.digits) + "\n";
    }
    case Format::ss:
        detail::require_classic_9x9(puzzle, ".ss");
        detail::refuse_pencil_marks(puzzle, ".ss");
        return classic_rows(puzzle, '.', '|', "-----------");
    case Format::sdk:
        detail::require_classic_9x9(puzzle, ".sdk");
        detail::refuse_pencil_marks(puzzle, ".sdk", " (its [PencilMarks] are a player's notes)");
        return classic_rows(puzzle, '.', 0, {});
    case Format::sdm: {
        detail::require_classic_9x9(puzzle, ".sdm");
        detail::refuse_pencil_marks(puzzle, ".sdm");
        std::string text;
        for (const std::uint8_t digit : puzzle.digits)
            text += static_cast<char>('0' + digit);
        return text + "\n";
    }
    case Format::opensudoku: return write_opensudoku({&puzzle, 1});
    case Format::pencil_marks: return detail::write_pencil_marks(puzzle);
    case Format::hodoku: return detail::write_hodoku(puzzle);
    case Format::fpuzzles: return write_fpuzzles(puzzle) + "\n";
    }
    throw std::invalid_argument("write_puzzle: not a format");
}

Layout layout_of(Format format, std::string_view name)
{
    switch (format) {
    case Format::opensudoku:
        return {detail::opensudoku_begin(name), "", std::string(detail::opensudoku_end)};
    case Format::board:
    case Format::ss:
    case Format::sdk: return {"", "\n", ""};
    default: return {};
    }
}

std::string write_entry(Format format, const VariantPuzzle& puzzle)
{
    if (format != Format::opensudoku)
        return write_puzzle(format, puzzle);
    detail::check_shape(puzzle);
    return detail::opensudoku_game(puzzle);
}

} // namespace sudoku
