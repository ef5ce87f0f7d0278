// The JSON reader of json.hpp: recursive descent over the text, one character of look-ahead,
// the line and column kept as it goes.
#include "json.hpp"
#include "utf8.hpp"

#include <sudoku/fpuzzles.hpp>

#include <algorithm>
#include <climits>
#include <tuple>

namespace sudoku::detail {

namespace {

constexpr int deepest = 256; // nesting levels: deeper is refused, not a stack overflow

class Parser {
public:
    explicit Parser(std::string_view text) : text_(text)
    {
        if (text_.substr(0, 3) == "\xEF\xBB\xBF")
            pos_ = 3;
    }

    JsonValue parse_document()
    {
        skip_space();
        JsonValue value = parse_value(0);
        skip_space();
        if (pos_ < text_.size())
            fail("expected the end of the JSON text after its value, found " + describe_here());
        return value;
    }

private:
    [[noreturn]] void fail(const std::string& message) const
    {
        throw FormatError(at_.line, at_.column, message);
    }

    [[noreturn]] void fail_at(TextPosition where, const std::string& message) const
    {
        throw FormatError(where.line, where.column, message);
    }

    bool at_end() const { return pos_ >= text_.size(); }
    char peek() const { return text_[pos_]; }

    // Moves one byte on; a new line or a new character moves the position (a UTF-8
    // continuation byte does not).
    void advance()
    {
        const auto byte = static_cast<unsigned char>(text_[pos_++]);
        if (byte == '\n') {
            ++at_.line;
            at_.column = 1;
        } else if ((byte & 0xC0) != 0x80) {
            ++at_.column;
        }
    }

    std::string describe_here() const
    {
        if (at_end())
            return "the end of the text";
        const char c = peek();
        if (static_cast<unsigned char>(c) < 0x20)
            return "a control character";
        return std::string("'") + c + "'";
    }

    void skip_space()
    {
        while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r'))
            advance();
    }

    void expect(char wanted, const char* context)
    {
        if (at_end())
            fail(std::string("the JSON text ends early: expected '") + wanted + "' " + context);
        if (peek() != wanted)
            fail(std::string("expected '") + wanted + "' " + context + ", found " +
                 describe_here());
        advance();
    }

    JsonValue parse_value(int depth)
    {
        if (at_end())
            fail("the JSON text ends early: expected a value");
        JsonValue value;
        value.at = at_;
        const char c = peek();
        if (c == '{' || c == '[') {
            if (depth >= deepest)
                fail("the JSON text nests deeper than " + std::to_string(deepest) + " levels");
            if (c == '{')
                parse_object(value, depth + 1);
            else
                parse_array(value, depth + 1);
        } else if (c == '"') {
            value.kind = JsonValue::Kind::string;
            value.text = parse_string();
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            value.kind = JsonValue::Kind::number;
            value.text = parse_number();
        } else if (!parse_word(value)) {
            fail("expected a value, found " + describe_here());
        }
        return value;
    }

    bool parse_word(JsonValue& value)
    {
        for (const auto& [word, kind, truth] :
             {std::tuple{"true", JsonValue::Kind::boolean, true},
              std::tuple{"false", JsonValue::Kind::boolean, false},
              std::tuple{"null", JsonValue::Kind::null, false}}) {
            const std::string_view w = word;
            if (text_.substr(pos_, w.size()) == w) {
                for (std::size_t i = 0; i < w.size(); ++i)
                    advance();
                value.kind = kind;
                value.boolean = truth;
                return true;
            }
        }
        return false;
    }

    void parse_object(JsonValue& value, int depth)
    {
        value.kind = JsonValue::Kind::object;
        advance(); // '{'
        skip_space();
        if (!at_end() && peek() == '}') {
            advance();
            return;
        }
        while (true) {
            skip_space();
            if (at_end())
                fail("the JSON text ends early: expected a key in quotes");
            if (peek() != '"')
                fail("expected a key in quotes, found " + describe_here());
            JsonMember member;
            member.at = at_;
            member.key = parse_string();
            if (value.find(member.key) != nullptr)
                fail_at(member.at, "the key '" + member.key + "' appears twice in one object");
            skip_space();
            expect(':', "after a key");
            skip_space();
            member.value = parse_value(depth);
            value.members.push_back(std::move(member));
            skip_space();
            if (at_end())
                fail("the JSON text ends early: expected ',' or '}' in an object");
            if (peek() == '}') {
                advance();
                return;
            }
            expect(',', "or '}' after a member of an object");
        }
    }

    void parse_array(JsonValue& value, int depth)
    {
        value.kind = JsonValue::Kind::array;
        advance(); // '['
        skip_space();
        if (!at_end() && peek() == ']') {
            advance();
            return;
        }
        while (true) {
            skip_space();
            value.items.push_back(parse_value(depth));
            skip_space();
            if (at_end())
                fail("the JSON text ends early: expected ',' or ']' in an array");
            if (peek() == ']') {
                advance();
                return;
            }
            expect(',', "or ']' after an item of an array");
        }
    }

    std::string parse_number()
    {
        const std::size_t start = pos_;
        const auto digits = [&] {
            std::size_t count = 0;
            for (; !at_end() && peek() >= '0' && peek() <= '9'; ++count)
                advance();
            return count;
        };
        if (peek() == '-')
            advance();
        if (!at_end() && peek() == '0')
            advance();
        else if (digits() == 0)
            fail("expected a digit in a number, found " + describe_here());
        if (!at_end() && peek() == '.') {
            advance();
            if (digits() == 0)
                fail("expected a digit after the decimal point, found " + describe_here());
        }
        if (!at_end() && (peek() == 'e' || peek() == 'E')) {
            advance();
            if (!at_end() && (peek() == '+' || peek() == '-'))
                advance();
            if (digits() == 0)
                fail("expected a digit in the exponent, found " + describe_here());
        }
        return std::string(text_.substr(start, pos_ - start));
    }

    unsigned hex4()
    {
        unsigned unit = 0;
        for (int i = 0; i < 4; ++i) {
            if (at_end())
                fail("the JSON text ends early, in a \\u escape");
            const char c = peek();
            const int digit = c >= '0' && c <= '9'   ? c - '0'
                              : c >= 'a' && c <= 'f' ? c - 'a' + 10
                              : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                     : -1;
            if (digit < 0)
                fail("expected four hexadecimal digits after \\u, found " + describe_here());
            unit = unit * 16 + static_cast<unsigned>(digit);
            advance();
        }
        return unit;
    }

    // A \u escape, and its low half when it starts a surrogate pair; a lone half becomes
    // U+FFFD, as a browser would show it.
    void parse_unicode_escape(std::string& out)
    {
        unsigned code = hex4();
        if (code >= 0xD800 && code < 0xDC00 && text_.substr(pos_, 2) == "\\u") {
            advance();
            advance();
            const unsigned low = hex4();
            if (low >= 0xDC00 && low < 0xE000) {
                detail::append_utf8(out, 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00));
                return;
            }
            detail::append_utf8(out, 0xFFFD);
            code = low;
        }
        detail::append_utf8(out, code >= 0xD800 && code < 0xE000 ? 0xFFFD : code);
    }

    std::string parse_string()
    {
        const TextPosition start = at_;
        advance(); // '"'
        std::string out;
        while (true) {
            if (at_end())
                fail_at(start,
                        "the JSON text ends inside this string: its closing '\"' is missing");
            const char c = peek();
            if (c == '"') {
                advance();
                return out;
            }
            if (static_cast<unsigned char>(c) < 0x20)
                fail("a control character (a line end?) inside a string: write it as an escape");
            if (c != '\\') {
                out += c;
                advance();
                continue;
            }
            advance();
            if (at_end())
                fail("the JSON text ends early, in an escape");
            const char e = peek();
            const std::string_view plain = "\"\\/bfnrt";
            const std::string_view meant = "\"\\/\b\f\n\r\t";
            if (const auto k = plain.find(e); k != std::string_view::npos) {
                out += meant[k];
                advance();
            } else if (e == 'u') {
                advance();
                parse_unicode_escape(out);
            } else {
                fail(std::string("unknown escape '\\") + e + "' in a string");
            }
        }
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    TextPosition at_;
};

} // namespace

const JsonMember* JsonValue::find(std::string_view key) const
{
    for (const JsonMember& member : members) {
        if (member.key == key)
            return &member;
    }
    return nullptr;
}

// Exactly, on the literal's digits (the parser checked its syntax): no floating point, which
// would round, and which WebAssembly's library cannot read from characters either.
std::optional<int> JsonValue::as_int() const
{
    if (kind != Kind::number)
        return std::nullopt;
    std::string_view literal = text;
    const bool negative = literal.starts_with('-');
    if (negative)
        literal.remove_prefix(1);
    const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
    std::string digits;
    long exponent = 0; // the value is digits * 10^exponent
    std::size_t i = 0;
    for (; i < literal.size() && is_digit(literal[i]); ++i)
        digits += literal[i];
    if (i < literal.size() && literal[i] == '.') {
        for (++i; i < literal.size() && is_digit(literal[i]); ++i) {
            digits += literal[i];
            --exponent;
        }
    }
    if (i < literal.size() && (literal[i] == 'e' || literal[i] == 'E')) {
        ++i;
        const bool down = i < literal.size() && literal[i] == '-';
        if (i < literal.size() && (literal[i] == '-' || literal[i] == '+'))
            ++i;
        long power = 0;
        for (; i < literal.size() && is_digit(literal[i]); ++i)
            power = std::min(power * 10 + (literal[i] - '0'), 1'000'000L);
        exponent += down ? -power : power;
    }
    while (exponent < 0 && !digits.empty() && digits.back() == '0') { // 10.0 is 10
        digits.pop_back();
        ++exponent;
    }
    digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size()));
    if (digits.empty())
        return 0;
    if (exponent < 0 || static_cast<long>(digits.size()) + exponent > 10)
        return std::nullopt; // a fraction, or far beyond an int
    long long value = 0;
    for (const char c : digits)
        value = value * 10 + (c - '0');
    for (long k = 0; k < exponent; ++k)
        value *= 10;
    if (negative)
        value = -value;
    if (value < INT_MIN || value > INT_MAX)
        return std::nullopt;
    return static_cast<int>(value);
}

const char* JsonValue::kind_name() const
{
    switch (kind) {
    case Kind::null: return "null";
    case Kind::boolean: return boolean ? "true" : "false";
    case Kind::number: return "a number";
    case Kind::string: return "a string";
    case Kind::array: return "an array";
    case Kind::object: return "an object";
    }
    return "a value";
}

JsonValue parse_json(std::string_view text) { return Parser(text).parse_document(); }

} // namespace sudoku::detail
