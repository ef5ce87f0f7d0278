// Reading and writing Knuth's text format. Brute force is the rule here (as in dlx1's input
// phase): clarity and exact error positions matter more than speed, which is ample anyway.
#include <dlx/knuth_format.hpp>

#include "knuth_text.hpp"

#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>
#include <istream>
#include <ostream>
#include <stdexcept>
#include <vector>

namespace dlx {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r'; }

struct Token {
    std::string_view text;
    std::size_t column; // 1-based
};

std::vector<Token> split(std::string_view line)
{
    std::vector<Token> tokens;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && is_blank(line[i]))
            ++i;
        const std::size_t start = i;
        while (i < line.size() && !is_blank(line[i]))
            ++i;
        if (i > start)
            tokens.push_back({line.substr(start, i - start), start + 1});
    }
    return tokens;
}

std::string quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

class Reader {
public:
    explicit Reader(std::string_view file) : file_(file) {}

    Problem read(std::istream& in)
    {
        std::string line;
        bool have_items = false;
        while (std::getline(in, line)) {
            ++line_number_;
            // Byte-order marks at the start, however many: a name that began with one would not
            // survive write_knuth() and a second reading (found by the fuzzer).
            while (line_number_ == 1 && line.starts_with("\xEF\xBB\xBF"))
                line.erase(0, 3);
            const auto tokens = split(line);
            if (tokens.empty() || tokens.front().text.front() == '|')
                continue; // a blank line or a comment (so an item line cannot start with '|')
            if (!have_items) {
                read_items(tokens);
                have_items = true;
            } else {
                read_option(tokens);
            }
        }
        if (in.bad())
            throw FileError(std::string(file_) + ": cannot read: " + std::strerror(errno));
        if (!have_items)
            fail(line_number_ + 1, 1,
                 "no item line (the first line that is not a comment "
                 "names the items)");
        return std::move(builder_).build();
    }

private:
    [[noreturn]] void fail(std::size_t line, std::size_t column, const std::string& message) const
    {
        throw ParseError(std::string(file_), line, column, message);
    }
    [[noreturn]] void fail(std::size_t column, const std::string& message) const
    {
        fail(line_number_, column, message);
    }

    std::uint32_t parse_bound(std::string_view digits, std::size_t column) const
    {
        std::uint32_t value = 0;
        const auto [end, error] =
            std::from_chars(digits.data(), digits.data() + digits.size(), value);
        if (digits.empty() || error != std::errc() || end != digits.data() + digits.size())
            fail(column, "bad bound " + quoted(digits) + " (expected a whole number)");
        return value;
    }

    void read_items(const std::vector<Token>& tokens)
    {
        bool secondary = false;
        for (const Token& token : tokens) {
            std::string_view text = token.text;
            std::size_t column = token.column;
            if (text.front() == '|') {
                if (secondary)
                    fail(column, "'|' appears twice in the item line");
                secondary = true;
                text.remove_prefix(1);
                ++column;
                if (text.empty())
                    continue;
            }
            Bounds bounds;
            if (const auto bar = text.find('|'); bar != std::string_view::npos) {
                if (secondary)
                    fail(column,
                         "secondary item " + quoted(text.substr(bar + 1)) + " cannot have bounds");
                const std::string_view spec = text.substr(0, bar);
                if (const auto colon = spec.find(':'); colon != std::string_view::npos) {
                    bounds.lower = parse_bound(spec.substr(0, colon), column);
                    bounds.upper = parse_bound(spec.substr(colon + 1), column + colon + 1);
                } else {
                    bounds.lower = bounds.upper = parse_bound(spec, column);
                }
                if (bounds.upper == 0)
                    fail(column, "upper bound is zero");
                if (bounds.lower > bounds.upper)
                    fail(column, "lower bound " + std::to_string(bounds.lower) +
                                     " exceeds upper bound " + std::to_string(bounds.upper));
                column += bar + 1;
                text.remove_prefix(bar + 1);
            }
            if (text.empty())
                fail(column, "empty item name");
            // Invisible, and write_knuth() could not give it back at the start of a file.
            if (text.starts_with("\xEF\xBB\xBF"))
                fail(column,
                     "item name " + quoted(text) + " starts with a byte-order mark (U+FEFF)");
            if (const auto bad = text.find_first_of(":|"); bad != std::string_view::npos)
                fail(column + bad,
                     "item name " + quoted(text) + " contains " + quoted(text.substr(bad, 1)));
            if (builder_.find_item(text))
                fail(column, "item " + quoted(text) + " is named twice in the item line");
            const std::string name(text);
            try { // what the checks above left to the builder: the problem's size
                if (secondary)
                    builder_.add_secondary(name);
                else
                    builder_.add_primary(name, bounds);
            } catch (const ProblemError& error) {
                fail(column, error.reason());
            }
        }
    }

    // An option: its names handed to the builder, which checks them with the rules every way
    // of making a problem shares; a fault is reported at the token, and the character, it is in.
    void read_option(const std::vector<Token>& tokens)
    {
        names_.clear();
        for (const Token& token : tokens)
            names_.push_back(token.text);
        try {
            builder_.add_option(std::span<const std::string_view>(names_));
        } catch (const ProblemError& error) {
            const std::size_t column =
                error.entry() ? tokens[*error.entry()].column + error.offset() : 1;
            fail(column, error.reason());
        }
    }

    std::string_view file_;
    std::size_t line_number_ = 0;
    ProblemBuilder builder_;
    std::vector<std::string_view> names_; // the option being read
};

} // namespace

Problem read_knuth(std::istream& in, std::string_view file_name)
{
    return Reader(file_name).read(in);
}

Problem read_knuth_file(const std::filesystem::path& path)
{
    std::error_code error;
    if (std::filesystem::is_directory(path, error))
        throw FileError(path.string() + ": cannot read: it is a directory");
    std::ifstream in(path);
    if (!in)
        throw FileError(path.string() + ": cannot open: " + std::strerror(errno));
    return read_knuth(in, path.string());
}

std::string format_option(const Problem& problem, OptionId option)
{
    std::string text;
    for (const Entry& entry : problem.option(option)) {
        if (!text.empty())
            text += ' ';
        text += problem.name(entry.item);
        if (entry.color != no_color) {
            text += ':';
            text += problem.color_name(entry.color);
        }
    }
    return text;
}

namespace detail {

void write_knuth_text(std::ostream& out, const Problem& problem)
{
    const auto items = static_cast<ItemId>(problem.item_count());
    bool first = true;
    for (ItemId item = 0; item < items; ++item) {
        if (problem.kind(item) != ItemKind::primary)
            continue;
        out << (first ? "" : " ");
        first = false;
        const Bounds bounds = problem.bounds(item);
        if (bounds.lower != bounds.upper)
            out << bounds.lower << ':' << bounds.upper << '|';
        else if (bounds.upper != 1)
            out << bounds.upper << '|';
        out << problem.name(item);
    }
    if (problem.primary_count() < problem.item_count()) {
        out << (first ? "|" : " |");
        for (ItemId item = 0; item < items; ++item) {
            if (problem.kind(item) == ItemKind::secondary)
                out << ' ' << problem.name(item);
        }
    }
    out << '\n';
    for (OptionId option = 0; option < problem.option_count(); ++option)
        out << format_option(problem, option) << '\n';
}

} // namespace detail

void write_knuth(std::ostream& out, const Problem& problem)
{
    // The two problems that the format cannot give back: its item line begins with a primary
    // item (a line that begins with '|' is a comment), and lists the primary items first (a
    // reader numbers the items in that order).
    if (problem.primary_count() == 0) {
        throw ArgumentError(
            "dlx::write_knuth: a problem without primary items cannot be written in Knuth's "
            "format (its item line would begin with '|', which starts a comment)");
    }
    for (ItemId item = 1; item < problem.item_count(); ++item) {
        if (problem.kind(item) == ItemKind::primary &&
            problem.kind(item - 1) == ItemKind::secondary) {
            throw ArgumentError(
                "dlx::write_knuth: primary item '" + problem.name(item) +
                "' comes after secondary item '" + problem.name(item - 1) +
                "': Knuth's format lists the primary items first, so it would read back with "
                "other item numbers (add the primary items first)");
        }
    }
    detail::write_knuth_text(out, problem);
}

} // namespace dlx
