// The minimal XML reader (formats_xml.hpp): a recursive descent over the text, one function per
// construct of the XML grammar that OpenSudoku's files use.
#include "formats_xml.hpp"
#include "utf8.hpp"

#include "formats_detail.hpp"

#include <sudoku/fpuzzles.hpp>

#include <cstdint>

namespace sudoku::detail {

const XmlAttribute* XmlElement::attribute(std::string_view attribute_name) const
{
    for (const XmlAttribute& attribute : attributes) {
        if (attribute.name == attribute_name)
            return &attribute;
    }
    return nullptr;
}

std::string xml_escape(std::string_view text)
{
    std::string out;
    for (const char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        default: out += c;
        }
    }
    return out;
}

namespace {

struct Position {
    std::size_t line = 1;
    std::size_t column = 1;
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

bool is_name_start(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' ||
           static_cast<unsigned char>(c) >= 0x80;
}

bool is_name_char(char c)
{
    return is_name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

class Parser {
public:
    Parser(std::string_view text, std::size_t first_line) : text_(text)
    {
        at_.line = first_line;
        if (text_.substr(0, 3) == "\xEF\xBB\xBF")
            text_.remove_prefix(3); // the byte-order mark takes no column
    }

    XmlElement document()
    {
        if (starts_with("<?xml") && text_.size() > 5 && is_space(text_[5]))
            skip_past("?>", "the XML declaration");
        skip_misc(true);
        if (at_end())
            fail(where(), "no element: this is not an XML document");
        if (peek() != '<')
            fail(where(), describe_char(peek()) + " before the first element");
        XmlElement root = element(1);
        skip_misc(false);
        if (!at_end())
            fail(where(), peek() == '<'
                              ? "a second element after the root element </" + root.name + ">"
                              : "text after the root element </" + root.name + ">");
        return root;
    }

private:
    [[noreturn]] static void fail(Position at, const std::string& message)
    {
        throw FormatError(at.line, at.column, message);
    }

    bool at_end() const { return pos_ >= text_.size(); }
    char peek() const { return text_[pos_]; }
    bool starts_with(std::string_view prefix) const
    {
        return text_.substr(pos_, prefix.size()) == prefix;
    }

    // Where pos_ is. Positions are asked for in increasing order, so the count of lines and
    // columns moves forward from the last one asked for.
    Position where()
    {
        for (; counted_ < pos_ && counted_ < text_.size(); ++counted_) {
            const char c = text_[counted_];
            const bool line_end =
                c == '\n' ||
                (c == '\r' && (counted_ + 1 >= text_.size() || text_[counted_ + 1] != '\n'));
            if (line_end) {
                ++at_.line;
                at_.column = 1;
            } else if (c != '\r' && (static_cast<unsigned char>(c) & 0xC0) != 0x80) {
                ++at_.column; // a UTF-8 continuation byte is part of the character before
            }
        }
        return at_;
    }

    void skip_space()
    {
        while (!at_end() && is_space(peek()))
            ++pos_;
    }

    // Moves past the next `end`, which must come before the text does.
    void skip_past(std::string_view end, const std::string& what)
    {
        const Position start = where();
        const std::size_t found = text_.find(end, pos_);
        if (found == std::string_view::npos)
            fail(start, what + " is not closed: '" + std::string(end) + "' is missing");
        pos_ = found + end.size();
    }

    // White space, comments and processing instructions; in the prolog, a DOCTYPE too.
    void skip_misc(bool prolog)
    {
        for (;;) {
            skip_space();
            if (starts_with("<!--")) {
                skip_past("-->", "a comment");
            } else if (starts_with("<?")) {
                processing_instruction();
            } else if (prolog && starts_with("<!DOCTYPE")) {
                const Position start = where();
                const std::size_t end = text_.find_first_of("[>", pos_);
                if (end == std::string_view::npos)
                    fail(start, "the DOCTYPE is not closed: '>' is missing");
                if (text_[end] == '[')
                    fail(start, "a DOCTYPE with an internal subset (declarations in [...]) is "
                                "not read");
                pos_ = end + 1;
            } else {
                return;
            }
        }
    }

    void processing_instruction()
    {
        if (starts_with("<?xml") && pos_ + 5 < text_.size() && !is_name_char(text_[pos_ + 5]))
            fail(where(), "the XML declaration (<?xml ...?>) must come first in the document");
        skip_past("?>", "a processing instruction");
    }

    std::string name(const char* what)
    {
        if (at_end() || !is_name_start(peek()))
            fail(where(), at_end() ? std::string("the text ends where ") + what + " should be"
                                   : describe_char(peek()) + " cannot begin " + what);
        const std::size_t start = pos_;
        while (!at_end() && is_name_char(peek()))
            ++pos_;
        return std::string(text_.substr(start, pos_ - start));
    }

    // A reference after '&', appended to `out`.
    void reference(std::string& out)
    {
        const Position start = where();
        const std::size_t end = text_.find(';', pos_);
        if (end == std::string_view::npos || end - pos_ > 12)
            fail(start, "'&' begins no reference (write '&amp;' for an '&')");
        const std::string_view body = text_.substr(pos_ + 1, end - pos_ - 1);
        pos_ = end + 1;
        constexpr std::pair<std::string_view, char> named[] = {
            {"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
        for (const auto& [entity, c] : named) {
            if (body == entity) {
                out += c;
                return;
            }
        }
        if (body.empty() || body[0] != '#')
            fail(start, "unknown entity '&" + std::string(body) + ";'");
        const bool hex = body.size() > 1 && body[1] == 'x';
        const std::string_view digits = body.substr(hex ? 2 : 1);
        std::uint32_t code = 0;
        for (const char c : digits) {
            int value = -1;
            if (c >= '0' && c <= '9')
                value = c - '0';
            else if (hex && c >= 'a' && c <= 'f')
                value = c - 'a' + 10;
            else if (hex && c >= 'A' && c <= 'F')
                value = c - 'A' + 10;
            if (value < 0)
                fail(start, "'&" + std::string(body) + ";' is not a character reference");
            code = code * (hex ? 16u : 10u) + static_cast<std::uint32_t>(value);
        }
        const bool allowed =
            code == 0x9 || code == 0xA || code == 0xD || (code >= 0x20 && code <= 0xD7FF) ||
            (code >= 0xE000 && code <= 0x10FFFF && code != 0xFFFE && code != 0xFFFF);
        if (digits.empty() || !allowed)
            fail(start, "'&" + std::string(body) + ";' is not a character XML allows");
        append_utf8(out, code);
    }

    XmlAttribute attribute_value(std::string attribute_name)
    {
        XmlAttribute attribute{std::move(attribute_name), {}, 0, 0};
        if (at_end() || (peek() != '"' && peek() != '\''))
            fail(where(), "the value of " + attribute.name + " must be in quotes");
        const char quote = peek();
        ++pos_;
        const Position start = where();
        attribute.line = start.line;
        attribute.column = start.column;
        for (;;) {
            if (at_end())
                fail(start, "the value of " + attribute.name +
                                " is not closed: " + describe_char(quote) + " is missing");
            const char c = peek();
            if (c == quote) {
                ++pos_;
                return attribute;
            }
            if (c == '<')
                fail(where(), "'<' in the value of " + attribute.name + " (write '&lt;')");
            if (c == '&') {
                reference(attribute.value);
                continue;
            }
            // XML's normalisation: a line end (CR LF as one) or tab is a space.
            if (c == '\r' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n')
                ++pos_;
            attribute.value += is_space(c) ? ' ' : c;
            ++pos_;
        }
    }

    XmlElement element(int depth)
    {
        XmlElement node;
        const Position start = where();
        node.line = start.line;
        node.column = start.column;
        if (depth > deepest_xml_element)
            fail(start, "elements nested deeper than " + std::to_string(deepest_xml_element));
        ++pos_; // '<'
        node.name = name("an element's name");
        for (;;) {
            const std::size_t before = pos_;
            skip_space();
            if (at_end())
                fail(start, "the tag <" + node.name + " is not closed: '>' is missing");
            if (starts_with("/>")) {
                pos_ += 2;
                return node;
            }
            if (peek() == '>') {
                ++pos_;
                break;
            }
            if (pos_ == before)
                fail(where(), describe_char(peek()) + " in the tag <" + node.name + ">");
            std::string attribute_name = name("an attribute's name");
            if (node.attribute(attribute_name) != nullptr)
                fail(where(),
                     "the attribute " + attribute_name + " is given twice in <" + node.name + ">");
            skip_space();
            if (at_end() || peek() != '=')
                fail(where(), "'=' must follow the attribute " + attribute_name);
            ++pos_;
            skip_space();
            node.attributes.push_back(attribute_value(std::move(attribute_name)));
        }
        content(node, start, depth);
        return node;
    }

    // The content of `node` up to and including its end tag.
    void content(XmlElement& node, Position start, int depth)
    {
        for (;;) {
            if (at_end())
                fail(where(), "the text ends inside <" + node.name + ">, opened on line " +
                                  std::to_string(start.line));
            const char c = peek();
            if (c == '&') {
                reference(node.text);
            } else if (c != '<') {
                if (c == '\r' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n')
                    ++pos_; // CR LF reads as LF
                node.text += c == '\r' ? '\n' : c;
                ++pos_;
            } else if (starts_with("</")) {
                const Position end = where();
                pos_ += 2;
                const std::string closing = name("an end tag's name");
                skip_space();
                if (at_end() || peek() != '>')
                    fail(where(), "the end tag </" + closing + " is not closed: '>' is missing");
                ++pos_;
                if (closing != node.name)
                    fail(end, "</" + closing + "> closes <" + node.name + ">, opened on line " +
                                  std::to_string(start.line));
                return;
            } else if (starts_with("<!--")) {
                skip_past("-->", "a comment");
            } else if (starts_with("<![CDATA[")) {
                const Position cdata = where();
                const std::size_t end = text_.find("]]>", pos_);
                if (end == std::string_view::npos)
                    fail(cdata, "a CDATA section is not closed: ']]>' is missing");
                node.text += text_.substr(pos_ + 9, end - pos_ - 9);
                pos_ = end + 3;
            } else if (starts_with("<?")) {
                processing_instruction();
            } else if (starts_with("<!")) {
                fail(where(), "a declaration (<!...>) inside an element");
            } else {
                node.children.push_back(element(depth + 1));
            }
        }
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    std::size_t counted_ = 0; // where() has counted the lines of text_[0, counted_)
    Position at_;
};

} // namespace

XmlElement parse_xml(std::string_view text, std::size_t first_line)
{
    return Parser(text, first_line).document();
}

} // namespace sudoku::detail
