// OpenSudoku's XML files (formats.hpp): the documents of version 1 and 2, the game data of
// every version, and the writer. The data layout is OpenSudoku's (CellCollection, Cell and
// CellNote in its source), checked as its patterns check it:
//
//   plain        "0052...": 81 digits, row by row            every digit is a given
//   version 1    "version: 1\n" then 81 x "value|note|editable|", note "-" or "1,5,9,"
//   version 2    the same, note a bit mask 0..999 followed by "|" or "||" (a bug it kept)
//   version 3    the same, note a bit mask followed by "|"
//
// `editable` is 1 for a cell the player fills, 0 for a given: so value 5 with editable 1 is
// the player's 5, and is not read.
#include "formats_detail.hpp"
#include "formats_xml.hpp"

namespace sudoku {

namespace {

using detail::cell_count;

// What is wrong with a game's data, said without a line.
struct DataError {
    std::string message;
};

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// The given digits of a game's data.
std::vector<std::uint8_t> read_data(std::string_view data)
{
    std::vector<std::uint8_t> digits(cell_count, 0);
    data = detail::trim(data);
    constexpr std::string_view prefix = "version:";
    if (data.substr(0, prefix.size()) != prefix) {
        std::size_t found = 0;
        for (const char c : data) {
            if (!is_digit(c))
                throw DataError{detail::describe_char(c) +
                                " in the data, which must be 81 digits (or " +
                                "begin \"version: N\")"};
            if (found < digits.size())
                digits[found] = static_cast<std::uint8_t>(c - '0');
            ++found;
        }
        if (found != digits.size())
            throw DataError{"the data has " + std::to_string(found) +
                            " digits, not 81 (one per cell, 0 for a blank)"};
        return digits;
    }
    std::size_t pos = prefix.size();
    while (pos < data.size() && data[pos] == ' ')
        ++pos;
    const char version = pos < data.size() ? data[pos] : '?';
    ++pos;
    if (version < '1' || version > '3' || (pos < data.size() && !is_space(data[pos])))
        throw DataError{"unknown data version \"" + std::string(data.substr(0, pos)) +
                        "\" (OpenSudoku writes 1, 2 and 3)"};
    while (pos < data.size() && is_space(data[pos]))
        ++pos;
    const auto malformed = [&](int cell) {
        return DataError{"cell " + std::to_string(cell + 1) + " (" + detail::cell_label(cell) +
                         "): expected \"value|note|editable|\", found " +
                         (pos < data.size() ? detail::describe_char(data[pos])
                                            : std::string("the end of the data"))};
    };
    const auto digit_at = [&](std::size_t at) { return at < data.size() && is_digit(data[at]); };
    const auto take = [&](char c) {
        if (pos >= data.size() || data[pos] != c)
            return false;
        ++pos;
        return true;
    };
    for (int cell = 0; cell < cell_count; ++cell) {
        if (!digit_at(pos))
            throw malformed(cell);
        const int value = data[pos++] - '0';
        if (!take('|'))
            throw malformed(cell);
        // The note: a player's, checked and left.
        const std::size_t note = pos;
        if (version == '1' && !take('-')) {
            while (digit_at(pos) && pos + 1 < data.size() && data[pos + 1] == ',')
                pos += 2;
        } else if (version != '1') {
            while (digit_at(pos) && pos - note < 3)
                ++pos;
        }
        if (pos == note || !take('|'))
            throw malformed(cell);
        if (version == '2')
            (void)take('|');
        const bool editable = take('1');
        if (!editable && !take('0'))
            throw malformed(cell);
        if (!take('|'))
            throw malformed(cell);
        if (!editable)
            digits[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(value);
    }
    if (pos != data.size())
        throw DataError{"the data goes on after its 81 cells"};
    return digits;
}

// The games under `element`, in document order, titled with the folder they are in.
void read_games(const detail::XmlElement& element, const std::string& title,
                std::vector<ReadPuzzle>& out)
{
    for (const detail::XmlElement& child : element.children) {
        if (child.name == "folder") {
            const detail::XmlAttribute* name = child.attribute("name");
            read_games(child, name != nullptr ? name->value : std::string(), out);
        } else if (child.name == "game") {
            ReadPuzzle read;
            read.line = child.line;
            read.title = title;
            const detail::XmlAttribute* data = child.attribute("data");
            if (data == nullptr) {
                read.error = "a <game> without data";
            } else {
                try {
                    read.puzzle = detail::classic_puzzle(
                        read_data(data->value),
                        std::vector<std::uint32_t>(cell_count, detail::every_digit));
                } catch (const DataError& error) {
                    read.line = data->line;
                    read.error = "game data: " + error.message;
                }
            }
            out.push_back(std::move(read));
        } else {
            read_games(child, title, out);
        }
    }
}

} // namespace

std::vector<ReadPuzzle> read_opensudoku(std::string_view text, std::size_t first_line)
{
    const auto failure = [](std::size_t line, std::string message) {
        ReadPuzzle read;
        read.line = line;
        read.error = std::move(message);
        return std::vector<ReadPuzzle>{std::move(read)};
    };
    detail::XmlElement root;
    try {
        root = detail::parse_xml(text, first_line);
    } catch (const FormatError& error) {
        return failure(error.line(), "column " + std::to_string(error.column()) +
                                         ": not well-formed XML: " + error.what());
    }
    if (root.name != "opensudoku")
        return failure(root.line, "the document is <" + root.name +
                                      ">, not <opensudoku>: not an OpenSudoku file");
    std::string title;
    if (const detail::XmlAttribute* version = root.attribute("version")) {
        if (version->value != "2")
            return failure(version->line, "unknown OpenSudoku version \"" + version->value +
                                              "\" (known: none, for 1, and 2)");
    } else {
        for (const detail::XmlElement& child : root.children) {
            if (child.name == "name") {
                title = std::string(detail::trim(child.text));
                break;
            }
        }
    }
    std::vector<ReadPuzzle> puzzles;
    read_games(root, title, puzzles);
    return puzzles;
}

namespace detail {

std::string opensudoku_begin(std::string_view name)
{
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opensudoku>\n  <name>" + xml_escape(name) +
           "</name>\n";
}

std::string opensudoku_game(const VariantPuzzle& puzzle)
{
    check_shape(puzzle);
    require_classic_9x9(puzzle, "OpenSudoku");
    refuse_pencil_marks(puzzle, "OpenSudoku", " (its notes are a player's)");
    std::string text = "  <game data=\"";
    for (const std::uint8_t digit : puzzle.digits)
        text += static_cast<char>('0' + digit);
    return text + "\"/>\n";
}

} // namespace detail

std::string write_opensudoku(std::span<const VariantPuzzle> puzzles, std::string_view name)
{
    std::string text = detail::opensudoku_begin(name);
    for (std::size_t index = 0; index < puzzles.size(); ++index) {
        try {
            text += detail::opensudoku_game(puzzles[index]);
        } catch (const FormatError& error) {
            if (puzzles.size() == 1)
                throw;
            throw FormatError(0, 0, "puzzle " + std::to_string(index + 1) + ": " + error.what());
        }
    }
    return text.append(detail::opensudoku_end);
}

} // namespace sudoku
