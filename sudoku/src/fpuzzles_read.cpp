// Reading the f-puzzles JSON tree into a Variant and its givens (fpuzzles_read.hpp): each key
// either read, accepted as metadata, or refused by name; each fault placed at its value.
#include "fpuzzles_read.hpp"

#include <sudoku/fpuzzles.hpp>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <optional>
#include <stdexcept>
#include <utility>

namespace sudoku::detail {

BoxShape fpuzzles_box(int size)
{
    int rows = 1;
    for (int r = 2; r * r <= size; ++r) {
        if (size % r == 0)
            rows = r;
    }
    return {rows, size / rows};
}

std::string fpuzzles_cell_name(int cell, int size)
{
    return "R" + std::to_string(cell / size + 1) + "C" + std::to_string(cell % size + 1);
}

namespace {

using Kind = JsonValue::Kind;

constexpr int smallest_size = 4; // Variant's least; f-puzzles also has 3x3

// The on/off rules read. f-puzzles' "Diagonal +" runs up from the bottom-left corner.
constexpr std::pair<std::string_view, bool Variant::*> flag_keys[] = {
    {"diagonal+", &Variant::anti_diagonal},        {"diagonal-", &Variant::main_diagonal},
    {"antiknight", &Variant::anti_knight},         {"antiking", &Variant::anti_king},
    {"nonconsecutive", &Variant::non_consecutive},
};
// The keys that carry a rule this library does not hold, and what they are.
struct RefusedKey {
    std::string_view key;
    std::string_view what;
};
constexpr RefusedKey refused_keys[] = {
    {"odd", "odd cells"},
    {"even", "even cells"},
    {"thermometer", "thermometers"},
    {"palindrome", "palindromes"},
    {"littlekillersum", "little killer sums"},
    {"sandwichsum", "sandwich sums"},
    {"difference", "difference dots"},
    {"ratio", "ratio dots"},
    {"clone", "clones"},
    {"arrow", "arrows"},
    {"betweenline", "between lines"},
    {"minimum", "minimum cells"},
    {"maximum", "maximum cells"},
    {"xv", "XV sums"},
    {"quadruple", "quadruples"},
    {"negative", "negative constraints"},
    {"text", "text decorations, which may state rules"},
    {"circle", "circle decorations, which may state rules"},
    {"rectangle", "rectangle decorations, which may state rules"},
    {"line", "line decorations, which may state rules"},
    {"cage", "cage decorations, which may state rules"},
};
// Keys that say nothing about the rules: the puzzle's information, f-puzzles' settings, those
// of its solver add-on, SudokuPad's solution.
constexpr std::string_view metadata_keys[] = {
    "title",
    "author",
    "ruleset",
    "solution",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
};
// A cell's keys that hold no rule: a player's digits, marks and colours.
constexpr std::string_view player_cell_keys[] = {
    "cornerPencilMarks", "centerPencilMarks", "candidates", "c", "cArray", "highlight",
};

template <class Range> bool contains(const Range& range, std::string_view key)
{
    return std::find(std::begin(range), std::end(range), key) != std::end(range);
}

// The whole number that `text` writes in decimal digits only (at most five).
std::optional<int> whole_number(std::string_view text)
{
    if (text.empty() || text.size() > 5 ||
        !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    int value = 0;
    for (const char c : text)
        value = value * 10 + (c - '0');
    return value;
}

[[noreturn]] void fail(TextPosition at, const std::string& message)
{
    throw FormatError(at.line, at.column, message);
}

// A JSON object's value read into a Variant and its givens.
class Reader {
public:
    explicit Reader(const JsonValue& root) : root_(root) {}

    VariantPuzzle read()
    {
        if (root_.kind != Kind::object)
            fail(root_.at,
                 std::string("an f-puzzles puzzle is a JSON object, not ") + root_.kind_name());
        read_size();
        if (root_.find("grid") == nullptr)
            fail(root_.at,
                 "the key 'grid' is missing: f-puzzles needs a grid of size x size cells");
        for (const JsonMember& member : root_.members)
            read_member(member);
        set_regions();
        return finish();
    }

private:
    void read_size()
    {
        const JsonMember* size = root_.find("size");
        if (size == nullptr)
            fail(root_.at, "the key 'size' is missing");
        const auto value = size->value.as_int();
        if (!value)
            fail(size->value.at, "'size' is the number of digits, not " + size->value.shown());
        if (*value < smallest_size || *value > fpuzzles_largest_size)
            fail(size->value.at, "'size' is " + std::to_string(*value) + ": grids of " +
                                     std::to_string(smallest_size) + " to " +
                                     std::to_string(fpuzzles_largest_size) + " digits are read");
        size_ = *value;
        const BoxShape box = fpuzzles_box(size_);
        if (box.rows > 1) {
            variant_ = Variant::classic(size_);
        } else { // a prime: f-puzzles' boxes are its rows, a jigsaw of rows here
            variant_.size = size_;
            variant_.box_rows = 1;
            variant_.box_columns = size_;
        }
        const auto cells = static_cast<std::size_t>(size_ * size_);
        digits_.assign(cells, 0);
        marks_.assign(cells, all_digits(size_));
        regions_.assign(cells, -1);
        region_at_.assign(cells, TextPosition{0, 0});
    }

    void read_member(const JsonMember& member)
    {
        const std::string& key = member.key;
        const JsonValue& value = member.value;
        if (key == "size" || contains(metadata_keys, key))
            return;
        if (key == "grid")
            return read_grid(value);
        for (const auto& [name, flag] : flag_keys) {
            if (key == name) {
                variant_.*flag = read_flag(member);
                return;
            }
        }
        if (key == "disjointgroups") {
            if (read_flag(member))
                fail(member.at,
                     "f-puzzles key 'disjointgroups' (disjoint groups) is not supported");
            return;
        }
        if (key == "extraregion" || key == "killercage") {
            for (const JsonValue& entry : list_of(member))
                key == "extraregion" ? read_extra_region(entry) : read_cage(entry);
            return;
        }
        for (const RefusedKey& refused : refused_keys) {
            if (key != refused.key)
                continue;
            if (is_empty(value) || (key == "cage" && only_metadata_cages(value)))
                return;
            fail(member.at, "f-puzzles key '" + key + "' (" + std::string(refused.what) +
                                ") is not supported");
        }
        fail(member.at, "f-puzzles key '" + key +
                            "' is not known here and may hold a rule: it is not supported");
    }

    static bool read_flag(const JsonMember& member)
    {
        if (member.value.kind != Kind::boolean)
            fail(member.value.at,
                 "'" + member.key + "' is true or false, not " + member.value.kind_name());
        return member.value.boolean;
    }

    static bool is_empty(const JsonValue& value)
    {
        return value.kind == Kind::null || (value.kind == Kind::boolean && !value.boolean) ||
               (value.kind == Kind::array && value.items.empty());
    }

    // SudokuPad keeps metadata in cages without cells ({"value": "rules: ..."}).
    static bool only_metadata_cages(const JsonValue& value)
    {
        return value.kind == Kind::array &&
               std::all_of(value.items.begin(), value.items.end(), [](const JsonValue& cage) {
                   const JsonMember* cells = cage.find("cells");
                   return cage.kind == Kind::object && (cells == nullptr || is_empty(cells->value));
               });
    }

    static const std::vector<JsonValue>& list_of(const JsonMember& member)
    {
        if (member.value.kind != Kind::array)
            fail(member.value.at,
                 "'" + member.key + "' is a list, not " + member.value.kind_name());
        for (const JsonValue& entry : member.value.items) {
            if (entry.kind != Kind::object)
                fail(entry.at,
                     "an entry of '" + member.key + "' is an object, not " + entry.kind_name());
        }
        return member.value.items;
    }

    void read_grid(const JsonValue& grid)
    {
        const std::string count = std::to_string(size_);
        if (grid.kind != Kind::array || grid.items.size() != static_cast<std::size_t>(size_))
            fail(grid.at, "'grid' is a list of " + count + " rows, not " +
                              (grid.kind == Kind::array ? "of " + std::to_string(grid.items.size())
                                                        : std::string(grid.kind_name())));
        for (int row = 0; row < size_; ++row) {
            const JsonValue& cells = grid.items[static_cast<std::size_t>(row)];
            if (cells.kind != Kind::array || cells.items.size() != static_cast<std::size_t>(size_))
                fail(cells.at,
                     "row " + std::to_string(row + 1) + " of 'grid' is a list of " + count +
                         " cells, not " +
                         (cells.kind == Kind::array ? "of " + std::to_string(cells.items.size())
                                                    : std::string(cells.kind_name())));
            for (int column = 0; column < size_; ++column)
                read_cell(cells.items[static_cast<std::size_t>(column)], row * size_ + column);
        }
    }

    // A list of digits 1..size, as a mask (null: none).
    std::uint32_t read_digits(const JsonValue& value, const std::string& what) const
    {
        if (value.kind == Kind::null)
            return 0;
        if (value.kind != Kind::array)
            fail(value.at, what + " is a list of digits, not " + value.kind_name());
        std::uint32_t mask = 0;
        for (const JsonValue& item : value.items) {
            const auto digit = item.as_int();
            if (!digit || *digit < 1 || *digit > size_)
                fail(item.at, what + " holds " + item.shown() + ", not a digit from 1 to " +
                                  std::to_string(size_));
            mask |= 1u << (*digit - 1);
        }
        return mask;
    }

    void read_cell(const JsonValue& cell, int index)
    {
        const std::string name = fpuzzles_cell_name(index, size_);
        if (cell.kind != Kind::object)
            fail(cell.at, name + " in 'grid' is an object, not " + cell.kind_name());
        const auto at = static_cast<std::size_t>(index);
        int value = 0;
        bool given = false;
        for (const JsonMember& member : cell.members) {
            const std::string& key = member.key;
            const JsonValue& v = member.value;
            if (key == "value") {
                const auto digit = v.kind == Kind::null ? std::optional<int>(0) : v.as_int();
                if (!digit || *digit < 0 || *digit > size_)
                    fail(v.at, name + "'s value is " + v.shown() + ", not a digit from 1 to " +
                                   std::to_string(size_));
                value = *digit;
            } else if (key == "given") {
                if (v.kind != Kind::boolean && v.kind != Kind::null)
                    fail(v.at, name + "'s 'given' is true or false, not " + v.kind_name());
                given = v.boolean;
            } else if (key == "region") {
                const auto region = v.as_int();
                if (v.kind == Kind::null || (region && *region == -1))
                    fail(v.at,
                         name + " is in no region: f-puzzles' region-0 cells are not supported");
                if (!region || *region < 0 || *region >= size_)
                    fail(v.at, name + "'s region is " + v.shown() + ", not a region from 0 to " +
                                   std::to_string(size_ - 1));
                regions_[at] = *region;
                region_at_[at] = v.at;
            } else if (key == "givenPencilMarks") {
                if (const std::uint32_t marks = read_digits(v, name + "'s givenPencilMarks"))
                    marks_[at] = marks;
            } else if (key == "parity" || key == "extreme") {
                fail(member.at, name + " has '" + key +
                                    "' (an odd, even, minimum or maximum cell " +
                                    "of an old f-puzzles version): it is not supported");
            } else if (!contains(player_cell_keys, key)) {
                fail(member.at, name + " has the key '" + key +
                                    "', which is not known here and may hold a rule: " +
                                    "it is not supported");
            }
        }
        if (given && value != 0) // a value not given is a player's digit
            digits_[at] = static_cast<std::uint8_t>(value);
    }

    // "R3C7" to its cell, in a `size` x `size` grid.
    int read_cell_name(const JsonValue& value) const
    {
        if (value.kind != Kind::string)
            fail(value.at, std::string("a cell is named by a string like \"R1C1\", not ") +
                               value.kind_name());
        const std::string& text = value.text;
        const auto number = [&](std::size_t& pos) {
            int n = 0;
            const std::size_t start = pos;
            while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9' && pos - start < 4)
                n = n * 10 + (text[pos++] - '0');
            return pos == start ? -1 : n;
        };
        std::size_t pos = 1;
        int row = -1, column = -1;
        if (!text.empty() && text[0] == 'R') {
            row = number(pos);
            if (pos < text.size() && text[pos] == 'C') {
                ++pos;
                column = number(pos);
            }
        }
        if (row < 0 || column < 0 || pos != text.size())
            fail(value.at, "'" + text + "' is not a cell name like R1C1");
        if (row < 1 || row > size_ || column < 1 || column > size_)
            fail(value.at, "'" + text + "' is not a cell of the " + std::to_string(size_) + "x" +
                               std::to_string(size_) + " grid (rows and columns 1 to " +
                               std::to_string(size_) + ")");
        return (row - 1) * size_ + column - 1;
    }

    std::vector<int> read_cells(const JsonValue& entry, const char* what) const
    {
        const JsonMember* cells = entry.find("cells");
        if (cells == nullptr)
            fail(entry.at, std::string(what) + " has no 'cells'");
        if (cells->value.kind != Kind::array)
            fail(cells->value.at, std::string("the cells of ") + what + " are a list, not " +
                                      cells->value.kind_name());
        std::vector<int> result;
        for (const JsonValue& cell : cells->value.items)
            result.push_back(read_cell_name(cell));
        return result;
    }

    void read_extra_region(const JsonValue& entry)
    {
        variant_.extra_regions.push_back(read_cells(entry, "an extra region"));
        extra_at_.push_back(entry.at);
    }

    void read_cage(const JsonValue& entry)
    {
        Cage cage;
        cage.cells = read_cells(entry, "a killer cage");
        if (const JsonMember* sum = entry.find("value")) {
            const JsonValue& v = sum->value;
            const bool none = v.kind == Kind::null || (v.kind == Kind::string && v.text.empty());
            const std::optional<int> total = none                     ? std::optional<int>(0)
                                             : v.kind == Kind::number ? v.as_int()
                                             : v.kind == Kind::string ? whole_number(v.text)
                                                                      : std::nullopt;
            if (!total || (*total < 1 && !none))
                fail(v.at, "a killer cage's value is its sum, a whole number from 1, not " +
                               (v.kind == Kind::string ? "'" + v.text + "'" : v.shown()));
            cage.sum = *total;
        }
        variant_.cages.push_back(std::move(cage));
        cage_at_.push_back(entry.at);
    }

    // The jigsaw, when a region differs from f-puzzles' boxes (or they are rows).
    void set_regions()
    {
        const BoxShape box = fpuzzles_box(size_);
        bool jigsaw = box.rows == 1;
        for (int cell = 0; cell < size_ * size_; ++cell) {
            int& region = regions_[static_cast<std::size_t>(cell)];
            const int usual = fpuzzles_region(cell / size_, cell % size_, box);
            if (region < 0)
                region = usual;
            jigsaw = jigsaw || region != usual;
        }
        if (!jigsaw)
            return;
        // A region of the wrong size is named at a cell moved into the one that is too large
        // (there is one: the sizes add up to size x size).
        std::vector<int> counts(static_cast<std::size_t>(size_), 0);
        for (const int region : regions_)
            ++counts[static_cast<std::size_t>(region)];
        for (int cell = 0; cell < size_ * size_; ++cell) {
            const auto at = static_cast<std::size_t>(cell);
            const int region = regions_[at];
            const int count = counts[static_cast<std::size_t>(region)];
            if (count > size_ && region != fpuzzles_region(cell / size_, cell % size_, box))
                fail(region_at_[at], "jigsaw region " + std::to_string(region + 1) +
                                         " (\"region\": " + std::to_string(region) + ") has " +
                                         std::to_string(count) + " cells, not " +
                                         std::to_string(size_));
        }
        variant_.regions = regions_;
    }

    // The Rules, whose faults (a cage's sum out of reach, a cell twice) are placed at the
    // entry they come from.
    VariantPuzzle finish()
    {
        std::shared_ptr<const Rules> rules;
        try {
            rules = std::make_shared<const Rules>(variant_);
        } catch (const std::invalid_argument& error) {
            const std::string message = error.what();
            fail(where_is(message), message);
        }
        VariantPuzzle puzzle = VariantPuzzle::blank(std::move(rules));
        puzzle.digits = digits_;
        for (std::size_t cell = 0; cell < digits_.size(); ++cell) {
            if (digits_[cell] != 0)
                marks_[cell] = all_digits(size_); // a given digit rules its cell
        }
        if (std::any_of(marks_.begin(), marks_.end(),
                        [&](std::uint32_t marks) { return marks != all_digits(size_); }))
            puzzle.candidates = marks_;
        return puzzle;
    }

    TextPosition where_is(const std::string& message) const
    {
        for (const auto& [prefix, places] :
             {std::pair{"cage ", &cage_at_}, std::pair{"extra region ", &extra_at_}}) {
            const std::string_view text = message;
            if (text.substr(0, std::string_view(prefix).size()) != prefix)
                continue;
            const std::size_t number =
                std::strtoul(message.c_str() + std::string_view(prefix).size(), nullptr, 10);
            if (number >= 1 && number <= places->size())
                return (*places)[number - 1];
        }
        return root_.at;
    }

    const JsonValue& root_;
    int size_ = 0;
    Variant variant_;
    std::vector<std::uint8_t> digits_;
    std::vector<std::uint32_t> marks_;
    std::vector<int> regions_; // -1: not given
    std::vector<TextPosition> region_at_, cage_at_, extra_at_;
};

} // namespace

VariantPuzzle read_fpuzzles_json(const JsonValue& root) { return Reader(root).read(); }

} // namespace sudoku::detail
