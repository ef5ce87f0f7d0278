// f-puzzles JSON (fpuzzles.hpp): finding the JSON in a link or a compressed text (its keys are
// read in fpuzzles_read.cpp), and writing a puzzle back.
//
// What f-puzzles writes (its exportPuzzle, version 1.11): `size`; `title`, `author`, `ruleset`
// when set; `grid`, size rows of size objects, each with `region` only where it differs from
// f-puzzles' own box, `value`, `given` (true, or absent for a player's digit), the player's
// `cornerPencilMarks`, `centerPencilMarks`, colours `c` and `highlight`; every on/off rule that
// is on, as true; every tool rule and decoration that has entries, as a list of objects whose
// cells are named "R<row>C<column>" from 1. Its default region of the cell in row i, column j
// (from 0) is floor(i / h) * h + floor(j / w), with boxes h rows by w columns:
//
//   size   3   4   5   6   7   8   9   10  11   12  13   14  15  16
//   h x w  1x3 2x2 1x5 2x3 1x7 2x4 3x3 2x5 1x11 3x4 1x13 2x7 3x5 4x4
#include <sudoku/fpuzzles.hpp>

#include "fpuzzles_read.hpp"
#include "lz_string.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>
#include <vector>

namespace sudoku {

using detail::BoxShape;
using detail::fpuzzles_box;
using detail::fpuzzles_region;
using detail::TextPosition;

namespace {

constexpr std::size_t most_json_units = std::size_t{64} << 20;

[[noreturn]] void fail(TextPosition at, const std::string& message)
{
    throw FormatError(at.line, at.column, message);
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Where the compressed JSON lies in `body` (a link or the text itself): its offset and length.
std::pair<std::size_t, std::size_t> find_payload(std::string_view body, TextPosition at)
{
    constexpr std::string_view prefix = "fpuzzles"; // SudokuPad's puzzle ids
    constexpr auto npos = std::string_view::npos;
    if (body.find_first_of(":?.&#") == npos) { // no link: base64, perhaps with SudokuPad's prefix
        const std::size_t start = body.substr(0, prefix.size()) == prefix ? prefix.size() : 0;
        return {start, body.size() - start};
    }
    // The value of a query parameter `name`, or after `prefix` anywhere (a path or a value).
    const auto parameter = [&](std::string_view name) {
        for (std::size_t pos = body.find(name); pos != npos; pos = body.find(name, pos + 1)) {
            if (pos > 0 && (body[pos - 1] == '?' || body[pos - 1] == '&'))
                return pos + name.size();
        }
        return npos;
    };
    if (parameter("id=") != npos)
        fail(at, "an f-puzzles short link (?id=...) only names a tinyurl.com page: open it and "
                 "give the ?load= link it leads to");
    std::size_t start = parameter("load=");
    if (start == npos)
        start = parameter("fpuzzle="); // Sudoku Lab
    if (start == npos && body.find(prefix) != npos)
        start = body.find(prefix) + prefix.size();
    if (start == npos)
        fail(at, "this link holds no f-puzzles puzzle: expected f-puzzles' ?load=..., or "
                 "SudokuPad's /fpuzzles... or ?puzzleid=fpuzzles...");
    const std::size_t end = std::min(body.find_first_of("&#", start), body.size());
    return {start, end - start};
}

// '%'-escapes undone (a link may carry %2B for '+'); `origin` gets the offset of each
// character in `text`. A '%' not followed by two hexadecimal digits stays.
std::string percent_decode(std::string_view text, std::vector<std::size_t>& origin)
{
    const auto hex = [](char c) {
        return c >= '0' && c <= '9'   ? c - '0'
               : c >= 'a' && c <= 'f' ? c - 'a' + 10
               : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                      : -1;
    };
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        origin.push_back(i);
        if (text[i] == '%' && i + 2 < text.size() && hex(text[i + 1]) >= 0 &&
            hex(text[i + 2]) >= 0) {
            out += static_cast<char>(hex(text[i + 1]) * 16 + hex(text[i + 2]));
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

// The JSON of a compressed puzzle in `body`, at `at` in the text read.
std::string decompress_payload(std::string_view body, TextPosition at)
{
    const auto [start, length] = find_payload(body, at);
    std::vector<std::size_t> origin;
    const std::string base64 = percent_decode(body.substr(start, length), origin);
    if (base64.empty())
        fail(at, "the compressed puzzle is missing: nothing follows its marker");
    std::u16string json;
    try {
        json = detail::lz_decompress_from_base64(base64, most_json_units);
    } catch (const detail::LzError& error) {
        if (error.offset() == std::string_view::npos)
            fail(at, std::string("the compressed puzzle does not decompress: ") + error.what());
        const std::size_t offset = start + origin[error.offset()];
        fail({at.line, at.column + offset},
             (static_cast<unsigned char>(body[offset]) < 0x80
                  ? "'" + std::string(1, body[offset]) + "'"
                  : std::string("a non-ASCII character")) +
                 " " + error.what() +
                 ": not a compressed f-puzzles puzzle (A-Z, a-z, 0-9, + and /)");
    }
    if (json.empty())
        fail(at, "the compressed text holds an empty text, not a puzzle");
    return detail::utf16_to_utf8(json);
}

} // namespace

VariantPuzzle read_fpuzzles(std::string_view text)
{
    std::size_t start = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
    TextPosition at;
    for (; start < text.size() && is_space(text[start]); ++start) {
        if (text[start] == '\n')
            at = {at.line + 1, 1};
        else
            ++at.column;
    }
    std::size_t end = text.size();
    while (end > start && is_space(text[end - 1]))
        --end;
    if (start == end)
        throw FormatError(0, 0, "the text is empty: it holds no f-puzzles puzzle");
    if (text[start] == '{' || text[start] == '[')
        return detail::read_fpuzzles_json(detail::parse_json(text));

    const std::string json = decompress_payload(text.substr(start, end - start), at);
    try {
        return detail::read_fpuzzles_json(detail::parse_json(json));
    } catch (const FormatError& error) {
        std::string message = error.what();
        if (error.line() != 0)
            message += " (decompressed JSON, line " + std::to_string(error.line()) + ", column " +
                       std::to_string(error.column()) + ")";
        throw FormatError(at.line, at.column, message);
    }
}

namespace {

// The region of each cell as f-puzzles numbers them: the jigsaw's, or the box's.
std::vector<int> regions_of(const Rules& rules)
{
    const Variant& v = rules.variant();
    if (!v.regions.empty())
        return v.regions;
    std::vector<int> regions;
    const int across = v.size / v.box_columns;
    for (int cell = 0; cell < rules.canvas_size(); ++cell) {
        const int row = cell / v.size, column = cell % v.size;
        regions.push_back(row / v.box_rows * across + column / v.box_columns);
    }
    return regions;
}

void append_cells(std::string& out, const std::vector<int>& cells, int size)
{
    out += "{\"cells\":[";
    for (std::size_t k = 0; k < cells.size(); ++k) {
        out += k == 0 ? "\"" : ",\"";
        out += detail::fpuzzles_cell_name(cells[k], size) + "\"";
    }
    out += "]";
}

} // namespace

std::string write_fpuzzles(const VariantPuzzle& puzzle)
{
    const Rules& rules = *puzzle.rules;
    const Variant& v = rules.variant();
    const int n = v.size;
    if (v.samurai)
        throw FormatError(0, 0, "f-puzzles has no samurai grids: this puzzle cannot be written");
    if (n > detail::fpuzzles_largest_size)
        throw FormatError(0, 0,
                          "f-puzzles grids have at most 16 digits: a " + std::to_string(n) + "x" +
                              std::to_string(n) + " grid cannot be written");
    const auto cells = static_cast<std::size_t>(rules.canvas_size());
    if (puzzle.digits.size() != cells ||
        (!puzzle.candidates.empty() && puzzle.candidates.size() != cells))
        throw std::invalid_argument("write_fpuzzles: the puzzle has " +
                                    std::to_string(puzzle.digits.size()) + " digits and " +
                                    std::to_string(puzzle.candidates.size()) +
                                    " candidate masks for " + std::to_string(cells) + " cells");
    const std::vector<int> regions = regions_of(rules);
    const BoxShape box = fpuzzles_box(n);
    std::string out = "{\"size\":" + std::to_string(n) + ",\"grid\":[";
    for (int row = 0; row < n; ++row) {
        out += row == 0 ? "[" : ",[";
        for (int column = 0; column < n; ++column) {
            const int cell = row * n + column;
            const auto at = static_cast<std::size_t>(cell);
            std::string fields;
            const auto add = [&](const std::string& field) {
                fields += (fields.empty() ? "" : ",") + field;
            };
            if (regions[at] != fpuzzles_region(row, column, box))
                add("\"region\":" + std::to_string(regions[at]));
            if (const int digit = puzzle.digits[at]; digit != 0)
                add("\"value\":" + std::to_string(digit) + ",\"given\":true");
            else if (!puzzle.candidates.empty() && puzzle.candidates[at] != all_digits(n)) {
                std::string marks;
                for (int d = 1; d <= n; ++d) {
                    if ((puzzle.candidates[at] >> (d - 1)) & 1u)
                        marks += (marks.empty() ? "" : ",") + std::to_string(d);
                }
                add("\"givenPencilMarks\":[" + marks + "]");
            }
            out += (column == 0 ? "{" : ",{") + fields + "}";
        }
        out += "]";
    }
    out += "]";
    for (const auto& [on, key] :
         {std::pair{v.anti_diagonal, "diagonal+"}, std::pair{v.main_diagonal, "diagonal-"},
          std::pair{v.anti_knight, "antiknight"}, std::pair{v.anti_king, "antiking"},
          std::pair{v.non_consecutive, "nonconsecutive"}}) {
        if (on)
            out += ",\"" + std::string(key) + "\":true";
    }
    std::vector<std::vector<int>> extra = v.extra_regions;
    for (const Group& group : rules.groups()) { // windoku's windows: f-puzzles has none
        if (group.name.rfind("window ", 0) == 0)
            extra.push_back(group.cells);
    }
    for (std::size_t k = 0; k < extra.size(); ++k) {
        out += k == 0 ? ",\"extraregion\":[" : ",";
        append_cells(out, extra[k], n);
        out += k + 1 == extra.size() ? "}]" : "}";
    }
    for (std::size_t k = 0; k < v.cages.size(); ++k) {
        out += k == 0 ? ",\"killercage\":[" : ",";
        append_cells(out, v.cages[k].cells, n);
        if (v.cages[k].sum != 0)
            out += ",\"value\":\"" + std::to_string(v.cages[k].sum) + "\"";
        out += k + 1 == v.cages.size() ? "}]" : "}";
    }
    return out + "}";
}

std::string compress_fpuzzles(std::string_view json)
{
    try {
        return detail::lz_compress_to_base64(detail::utf8_to_utf16(json));
    } catch (const detail::LzError& error) {
        throw FormatError(
            0, 0, "byte " + std::to_string(error.offset() + 1) + " of the JSON " + error.what());
    }
}

std::string decompress_fpuzzles(std::string_view base64)
{
    try {
        return detail::utf16_to_utf8(detail::lz_decompress_from_base64(base64, most_json_units));
    } catch (const detail::LzError& error) {
        if (error.offset() == std::string_view::npos)
            throw FormatError(0, 0, error.what());
        throw FormatError(0, 0,
                          "character " + std::to_string(error.offset() + 1) + " ('" +
                              std::string(1, base64[error.offset()]) + "') " + error.what());
    }
}

} // namespace sudoku