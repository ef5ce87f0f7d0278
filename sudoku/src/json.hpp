// A small JSON reader that keeps where each value and key stood in the text, for formats whose
// errors must name a line (f-puzzles, fpuzzles.hpp). Internal to the sudoku library.
//
//   {"size": 9,                  JsonValue{object, at 1:1}
//    "grid": [[{"value": 5}]]}     members: {key "size" at 1:2, JsonValue{number "9" at 1:10}},
//                                           {key "grid" at 2:2, JsonValue{array at 2:10, ...}}
//
// The tree is plain data: an object keeps its members in the order of the text (a key may not
// appear twice), a number keeps its literal (the reader of a format decides what a number may
// be), a string holds UTF-8 with its escapes resolved.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku::detail {

/// A place in a text: 1-based line, and 1-based column counted in characters (UTF-8 code
/// points), not bytes.
struct TextPosition {
    std::size_t line = 1;   ///< from 1
    std::size_t column = 1; ///< from 1, in characters
};

struct JsonMember;

/// One JSON value and where it starts.
struct JsonValue {
    /// What the value is; the fields below that do not belong to it are empty.
    enum class Kind { null, boolean, number, string, array, object };
    Kind kind = Kind::null;
    TextPosition at;              ///< where the value starts (its '{', '[', '"' or first character)
    bool boolean = false;         ///< a boolean's value
    std::string text;             ///< a string's contents (UTF-8), or a number's literal as written
    std::vector<JsonValue> items; ///< an array's items
    std::vector<JsonMember> members; ///< an object's members, in the order of the text

    /// The member named `key` of an object, or null.
    [[nodiscard]] const JsonMember* find(std::string_view key) const;
    /// The number as a whole number, when it is one that fits an int (1e1 and 10.0 are 10).
    [[nodiscard]] std::optional<int> as_int() const;
    /// What the value is, for messages: "a number", "an array", "null", ...
    [[nodiscard]] const char* kind_name() const;
    /// For messages: a number as written ("9.5"), else kind_name().
    [[nodiscard]] std::string shown() const { return kind == Kind::number ? text : kind_name(); }
};

/// A member of an object: its key, where the key starts, and its value.
struct JsonMember {
    std::string key; ///< UTF-8, escapes resolved
    TextPosition at; ///< where the key's opening '"' stands
    JsonValue value;
};

/// Reads `text` (one JSON value, white space around it allowed, a UTF-8 byte-order mark
/// skipped). Throws sudoku::FormatError with the line and column of the first fault: a
/// character where none can stand, a truncated text, a key given twice, nesting deeper than
/// 256 levels.
[[nodiscard]] JsonValue parse_json(std::string_view text);

} // namespace sudoku::detail
