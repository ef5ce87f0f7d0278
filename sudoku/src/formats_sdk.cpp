// SadMan Sudoku's .sdk files (formats.hpp), as SadMan, SudoCue and SuDonkey write them:
//
//   #A Ruud                 headers: '#', a letter, the value (SudoCue writes no space)
//   #D A random puzzle
//   [Puzzle]                sections: a name in brackets, then 9 rows; or, headless, just the
//   2..1.5..3               9 rows of the givens
//   ...
//   [State]                 the player's grid; [PencilMarks] "13,,4,,,,,79," per row;
//   ...                     [Colours] a symbol per cell
//
// Only [Puzzle] (or the headless rows) is the puzzle; the other sections are checked and left.
#include "formats_detail.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace sudoku {

namespace {

using detail::cell_count;
using detail::nine;

// A fault at a line of the text; the column, when known, leads the message.
struct SdkError {
    std::size_t line;
    std::string message;
};

struct Line {
    std::string_view text;
    std::size_t number = 0;
};

std::vector<Line> split_lines(std::string_view text)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    std::vector<Line> lines;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && text[i] != '\n' && text[i] != '\r')
            continue;
        lines.push_back({text.substr(start, i - start), lines.size() + 1});
        if (i + 1 < text.size() && text[i] == '\r' && text[i + 1] == '\n')
            ++i;
        start = i + 1;
    }
    if (!lines.empty() && lines.back().text.empty())
        lines.pop_back(); // the text's last line end
    return lines;
}

bool is_blank(std::string_view line) { return detail::trim(line).empty(); }

std::string at_column(std::size_t column, const std::string& message)
{
    return "column " + std::to_string(column) + ": " + message;
}

enum class Section { puzzle, state, pencil_marks, colours };
constexpr std::array<std::pair<std::string_view, Section>, 5> section_names = {{
    {"puzzle", Section::puzzle},
    {"state", Section::state},
    {"pencilmarks", Section::pencil_marks},
    {"colours", Section::colours},
    {"colors", Section::colours},
}};

// The digits of a row of 9 cells ('1'-'9', '.' or '0', spaces between them allowed).
void read_digit_row(const Line& line, std::uint8_t* row)
{
    int found = 0;
    for (std::size_t i = 0; i < line.text.size(); ++i) {
        const char c = line.text[i];
        if (c == ' ' || c == '\t')
            continue;
        int digit = -1;
        if (c == '.' || c == '0')
            digit = 0;
        else if (c >= '1' && c <= '9')
            digit = c - '0';
        if (digit < 0)
            throw SdkError{line.number,
                           at_column(i + 1, detail::describe_char(c) + " is not a digit or '.'")};
        if (found < nine)
            row[found] = static_cast<std::uint8_t>(digit);
        ++found;
    }
    if (found != nine)
        throw SdkError{line.number,
                       "a row of 9 cells was expected, found " + std::to_string(found)};
}

// A row of [PencilMarks]: 9 groups of digits, separated by commas.
void check_marks_row(const Line& line)
{
    int groups = 1;
    for (std::size_t i = 0; i < line.text.size(); ++i) {
        const char c = line.text[i];
        if (c == ',')
            ++groups;
        else if (!(c >= '1' && c <= '9') && c != ' ' && c != '\t')
            throw SdkError{line.number, at_column(i + 1, detail::describe_char(c) +
                                                             " in [PencilMarks], whose rows are "
                                                             "9 groups of digits 1-9 separated "
                                                             "by commas")};
    }
    if (groups != nine)
        throw SdkError{line.number, "a row of [PencilMarks] has 9 groups (8 commas), not " +
                                        std::to_string(groups)};
}

// A row of [Colours]: 9 symbols.
void check_colours_row(const Line& line)
{
    const auto symbols = std::count_if(line.text.begin(), line.text.end(),
                                       [](char c) { return c != ' ' && c != '\t'; });
    if (symbols != nine)
        throw SdkError{line.number,
                       "a row of [Colours] has 9 symbols, not " + std::to_string(symbols)};
}

class SdkReader {
public:
    explicit SdkReader(std::string_view text) : lines_(split_lines(text)) {}

    ReadPuzzle read()
    {
        ReadPuzzle read;
        std::size_t at = 0;
        while (at < lines_.size() && is_blank(lines_[at].text))
            ++at;
        read.line = at < lines_.size() ? lines_[at].number : 1;
        if (at == lines_.size())
            throw SdkError{read.line, "no puzzle: the text is empty"};
        while (at < lines_.size()) {
            const Line& line = lines_[at];
            const std::string_view text = detail::trim(line.text);
            if (text.empty()) {
                ++at;
            } else if (text[0] == '#') {
                if (text.size() > 1 && text[1] == 'D')
                    read.title = std::string(detail::trim(text.substr(2)));
                ++at;
            } else if (text[0] == '[') {
                at = section(at);
            } else if (!seen_[static_cast<std::size_t>(Section::puzzle)] && !any_section_) {
                rows(at, Section::puzzle); // headless: the givens' rows
                at += nine;
            } else {
                throw SdkError{line.number, "a line outside the sections: expected a header "
                                            "(#X) or a section ([Name])"};
            }
        }
        if (!seen_[static_cast<std::size_t>(Section::puzzle)])
            throw SdkError{lines_.back().number, "no puzzle: the file has no [Puzzle] section"};
        if (seen_[static_cast<std::size_t>(Section::state)]) {
            for (int cell = 0; cell < cell_count; ++cell) {
                const auto index = static_cast<std::size_t>(cell);
                if (givens_[index] != 0 && state_[index] != givens_[index])
                    throw SdkError{state_line_,
                                   "[State] changes the given " + std::to_string(givens_[index]) +
                                       " of " + detail::cell_label(cell) + " (to " +
                                       (state_[index] == 0 ? std::string("a blank")
                                                           : std::to_string(state_[index])) +
                                       ")"};
            }
        }
        read.puzzle = detail::classic_puzzle(
            givens_, std::vector<std::uint32_t>(cell_count, detail::every_digit));
        return read;
    }

private:
    // The section that starts at line `at`; returns the line after it.
    std::size_t section(std::size_t at)
    {
        const Line& line = lines_[at];
        const std::string_view text = detail::trim(line.text);
        const std::size_t close = text.find(']');
        if (close == std::string_view::npos || close + 1 != text.size())
            throw SdkError{line.number, "a section's name is written \"[Name]\" alone on its line"};
        std::string name(text.substr(1, close - 1));
        std::transform(name.begin(), name.end(), name.begin(), [](char c) {
            return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        });
        const auto known = std::find_if(section_names.begin(), section_names.end(),
                                        [&](const auto& entry) { return entry.first == name; });
        if (known == section_names.end())
            throw SdkError{line.number, "unknown section " + std::string(text) +
                                            " (known: [Puzzle], [State], [PencilMarks], "
                                            "[Colours])"};
        if (seen_[static_cast<std::size_t>(known->second)])
            throw SdkError{line.number, std::string(text) + " comes twice"};
        any_section_ = true;
        rows(at + 1, known->second);
        return at + 1 + nine;
    }

    // The 9 rows of `section` from line `at`.
    void rows(std::size_t at, Section section)
    {
        seen_[static_cast<std::size_t>(section)] = true;
        if (section == Section::state)
            state_line_ = at < lines_.size() ? lines_[at].number : lines_.back().number;
        for (int row = 0; row < nine; ++row) {
            if (at + static_cast<std::size_t>(row) >= lines_.size())
                throw SdkError{lines_.back().number,
                               "the text ends after " + std::to_string(row) + " of 9 rows"};
            const Line& line = lines_[at + static_cast<std::size_t>(row)];
            std::uint8_t* digits = nullptr;
            switch (section) {
            case Section::puzzle: digits = givens_.data(); break;
            case Section::state: digits = state_.data(); break;
            case Section::pencil_marks: check_marks_row(line); break;
            case Section::colours: check_colours_row(line); break;
            }
            if (digits != nullptr)
                read_digit_row(line, digits + row * nine);
        }
    }

    std::vector<Line> lines_;
    std::array<bool, 4> seen_{};
    bool any_section_ = false;
    std::vector<std::uint8_t> givens_ = std::vector<std::uint8_t>(cell_count, 0);
    std::vector<std::uint8_t> state_ = std::vector<std::uint8_t>(cell_count, 0);
    std::size_t state_line_ = 0;
};

} // namespace

std::vector<ReadPuzzle> read_sdk(std::string_view text)
{
    try {
        return {SdkReader(text).read()};
    } catch (const SdkError& error) {
        ReadPuzzle read;
        read.line = error.line;
        read.error = error.message;
        return {std::move(read)};
    }
}

} // namespace sudoku
