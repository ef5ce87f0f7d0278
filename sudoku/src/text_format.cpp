// Sudoku text formats: a streaming puzzle reader (1 MiB reads, lines found with memchr) and
// the board writer.
#include <sudoku/text_format.hpp>

#include <sudoku/formats.hpp>

#include "formats_detail.hpp"
#include "reader_detail.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <istream>
#include <iterator>
#include <stdexcept>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sudoku {

namespace {

constexpr std::size_t buffer_size = 1 << 20;
using detail::is_space;
using detail::longest_kept_line;

struct LineShape {
    std::size_t cells = 0; // non-blank characters
    bool blank = true;
    bool comment = false;
};

LineShape shape_of(std::string_view line)
{
    LineShape shape;
    for (const char c : line) {
        if (is_space(c))
            continue;
        if (shape.blank && c == '#')
            shape.comment = true;
        shape.blank = false;
        ++shape.cells;
    }
    return shape;
}

// The sizes a grid may be written in, as rows (N rows of N cells) or on one line (N * N).
constexpr int row_sizes[] = {4, 6, 8, 9, 10, 12, 16, 25};

bool is_grid_size(std::size_t cells)
{
    return std::find(std::begin(row_sizes), std::end(row_sizes), cells) != std::end(row_sizes);
}

// A line of this many cells is a whole puzzle (or a broken one), not a row (samurai's rows
// have 18 or 21).
bool is_one_line(std::size_t cells)
{
    return cells > 9 && !is_grid_size(cells) && cells != 18 && cells != 21;
}

// Samurai's 369 cells, and the cells on each of its 21 rows.
constexpr std::size_t samurai_cells = 369;
constexpr std::size_t samurai_rows[] = {18, 18, 18, 18, 18, 18, 21, 21, 21, 9, 9,
                                        9,  21, 21, 21, 18, 18, 18, 18, 18, 18};

// The size whose grid has `cells` cells, or 0.
int size_of_line(std::size_t cells)
{
    for (const int size : row_sizes) {
        if (cells == static_cast<std::size_t>(size * size) && size != 4)
            return size;
    }
    return 0;
}

std::string not_a_symbol(char c, int size)
{
    if (size == 9)
        return detail::describe_char(c) + " is not a digit or '.'";
    const std::string side = std::to_string(size);
    return detail::describe_char(c) + " is not a symbol of a " + side + "x" + side + " grid (1-" +
           (size <= 9    ? side
            : size == 10 ? std::string("9, A")
                         : std::string("9, A-") + digit_symbol(size)) +
           ", '.' or '0')";
}

// Reads the cells of `line` (symbols of a grid of `size`) into `digits` from `first`,
// expecting `count` cells; returns an error message (empty when fine).
template <typename Store>
std::string read_cells(std::string_view line, int size, std::size_t count, const Store& store)
{
    std::size_t found = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (is_space(c))
            continue;
        const int digit = symbol_digit(c, size);
        if (digit < 0)
            return "column " + std::to_string(i + 1) + ": " + not_a_symbol(c, size);
        if (found < count)
            store(found, digit);
        ++found;
    }
    if (found != count)
        return "expected " + std::to_string(count) + " cells, found " + std::to_string(found);
    return {};
}

// What a line of 16 cells holds: no digit at all, a 4x4 puzzle (digits 1 to 4 and blanks), or
// symbols above 4 (a row of a 16x16 grid, or a 4x4 puzzle with a typo).
enum class SixteenCells { blank, small_puzzle, other };

SixteenCells sixteen_cells(std::string_view line)
{
    bool given = false;
    for (const char c : line) {
        if (is_space(c))
            continue;
        const int digit = symbol_digit(c, 4);
        if (digit < 0)
            return SixteenCells::other;
        given = given || digit > 0;
    }
    return given ? SixteenCells::small_puzzle : SixteenCells::blank;
}

std::string_view trimmed(std::string_view line)
{
    while (!line.empty() && is_space(line.front()))
        line.remove_prefix(1);
    while (!line.empty() && is_space(line.back()))
        line.remove_suffix(1);
    return line;
}

} // namespace

PuzzleReader::PuzzleReader(std::istream& in, std::string file_name)
    : in_(in), file_name_(std::move(file_name)), buffer_(new char[buffer_size])
{
}

PuzzleReader::~PuzzleReader() = default;

bool PuzzleReader::next_line(std::string_view& line)
{
    const auto deliver = [&](std::string_view text) {
        ++line_number_;
        line = text;
        if (line_number_ == 1 && line.starts_with("\xEF\xBB\xBF"))
            line.remove_prefix(3);
        return true;
    };
    line_truncated_ = false;
    for (;;) {
        if (begin_ < end_) {
            const char* const start = buffer_.get() + begin_;
            const auto* newline = static_cast<const char*>(std::memchr(start, '\n', end_ - begin_));
            const std::size_t length =
                newline ? static_cast<std::size_t>(newline - start) : end_ - begin_;
            if (newline && !carrying_) { // the usual case: the whole line is in the buffer
                begin_ += length + 1;
                return deliver(std::string_view(start, length));
            }
            const std::size_t room = longest_kept_line - std::min(carry_.size(), longest_kept_line);
            carry_.append(start, std::min(length, room));
            carry_truncated_ = carry_truncated_ || length > room;
            carrying_ = true;
            if (!newline) {
                begin_ = end_;
                continue;
            }
            begin_ += length + 1;
        } else if (!eof_) {
            const std::streamsize got =
                in_.rdbuf()
                    ? in_.rdbuf()->sgetn(buffer_.get(), static_cast<std::streamsize>(buffer_size))
                    : 0;
            begin_ = 0;
            end_ = got > 0 ? static_cast<std::size_t>(got) : 0;
            eof_ = got <= 0;
            continue;
        } else if (!carrying_) {
            return false;
        }
        // A line that spanned buffer fills (or ended the input without a line end).
        line_.swap(carry_);
        carry_.clear();
        carrying_ = false;
        line_truncated_ = carry_truncated_;
        carry_truncated_ = false;
        return deliver(line_);
    }
}

// Fields are reset one by one rather than by assigning a new record: no reallocation of the
// record's strings on every puzzle.
void PuzzleReader::begin_record(PuzzleRecord& record, std::size_t first_line)
{
    record.number = ++puzzles_;
    record.first_line = first_line;
    record.grid = Grid();
    record.variant.reset();
    record.error.reset();
    record.raw_lines.clear();
}

namespace {

// Stores a grid of `size` read from text: in the record's classic Grid for 9x9, else as a
// variant puzzle of that size's classic rules; samurai's (size 0) by its cells in order.
class GridStore {
public:
    GridStore(PuzzleRecord& record, int size) : record_(record)
    {
        if (size != 9) {
            record.variant =
                VariantPuzzle::blank(size == 0 ? samurai_rules() : classic_rules(size));
            digits_ = record.variant->digits.data();
            if (size == 0)
                cells_ = &record.variant->rules->cells();
        }
    }
    void operator()(std::size_t cell, int digit) const
    {
        if (cells_ != nullptr)
            digits_[static_cast<std::size_t>((*cells_)[cell])] = static_cast<std::uint8_t>(digit);
        else if (digits_ != nullptr)
            digits_[cell] = static_cast<std::uint8_t>(digit);
        else
            record_.grid.set(static_cast<int>(cell), digit);
    }
    // A malformed puzzle has no grid.
    void drop() { record_.variant.reset(); }

private:
    PuzzleRecord& record_;
    std::uint8_t* digits_ = nullptr;
    const std::vector<int>* cells_ = nullptr;
};

} // namespace

// A block of rows: a grid, or lines of 4x4 puzzles.
bool PuzzleReader::finish_block(PuzzleRecord& record)
{
    if (rows_ == 0)
        return false;
    const auto rows = static_cast<std::size_t>(rows_);
    rows_ = 0;
    if (detail::is_drawn_grid(std::span(block_raw_.data(), rows)))
        return read_drawn_grid(rows, record); // .ss, PM grids
    const std::size_t width = block_cells_.front();
    const bool same =
        std::all_of(block_cells_.begin(), block_cells_.begin() + static_cast<long>(rows),
                    [&](std::size_t cells) { return cells == width; });
    if (same && width == 16) {
        // Lines of 4x4 puzzles when more lines are than hold other symbols (each line then has
        // its own faults), else the rows of a 16x16 grid: lines without a digit count for
        // neither, since a sparse 16x16 grid has them.
        std::size_t small = 0;
        std::size_t other = 0;
        for (std::size_t r = 0; r < rows; ++r) {
            const SixteenCells kind = sixteen_cells(block_raw_[r]);
            small += kind == SixteenCells::small_puzzle ? 1 : 0;
            other += kind == SixteenCells::other ? 1 : 0;
        }
        if (small > other) {
            for (std::size_t r = 0; r < rows; ++r) {
                PuzzleRecord& line = r == 0 ? record : pending_.emplace_back();
                begin_record(line, block_numbers_[r]);
                GridStore store(line, 4);
                const std::string error = read_cells(block_raw_[r], 4, 16, store);
                if (!error.empty()) {
                    store.drop();
                    line.error = "line " + std::to_string(block_numbers_[r]) + ": " + error;
                    line.raw_lines.push_back(block_raw_[r]);
                }
            }
            return true;
        }
    }
    if (rows == std::size(samurai_rows) &&
        std::equal(block_cells_.begin(), block_cells_.begin() + static_cast<long>(rows),
                   std::begin(samurai_rows))) { // samurai: 21 rows, the gaps blank
        begin_record(record, block_numbers_.front());
        GridStore store(record, 0);
        std::size_t at = 0;
        std::string error;
        for (std::size_t r = 0; r < rows && error.empty(); ++r) {
            error = read_cells(block_raw_[r], 9, samurai_rows[r],
                               [&](std::size_t, int digit) { store(at++, digit); });
            if (!error.empty())
                error = "line " + std::to_string(block_numbers_[r]) + ": " + error;
        }
        if (!error.empty()) {
            store.drop();
            record.error = std::move(error);
            record.raw_lines.assign(block_raw_.begin(),
                                    block_raw_.begin() + static_cast<long>(rows));
        }
        return true;
    }
    // The size the rows stand for: their width when they agree and have as many rows (or are
    // wider than 9), else their number when they disagree, else 9.
    int size = 9;
    if (same && is_grid_size(width) && (rows == width || width > 9))
        size = static_cast<int>(width);
    else if (!same && is_grid_size(rows))
        size = static_cast<int>(rows);
    const auto side = static_cast<std::size_t>(size);
    begin_record(record, block_numbers_.front());
    GridStore store(record, size);
    std::string error;
    for (std::size_t r = 0; r < rows && error.empty(); ++r) {
        error = read_cells(block_raw_[r], size, side, [&](std::size_t cell, int digit) {
            if (r < side)
                store(r * side + cell, digit);
        });
        if (!error.empty())
            error = "line " + std::to_string(block_numbers_[r]) + ": " + error;
    }
    if (error.empty() && rows != side)
        error = "expected " + std::to_string(size) + " rows, found " + std::to_string(rows);
    if (!error.empty()) {
        store.drop();
        record.grid = Grid();
        record.error = std::move(error);
        record.raw_lines.assign(block_raw_.begin(), block_raw_.begin() + static_cast<long>(rows));
    }
    return true;
}

bool PuzzleReader::read_line_record(std::string_view line, PuzzleRecord& record)
{
    const std::size_t line_number = line_number_;
    begin_record(record, line_number);
    std::string error;
    if (line_truncated_) {
        error = "more than " + std::to_string(longest_kept_line) + " characters on one line";
    } else {
        const std::size_t cells = shape_of(line).cells;
        if (cells == samurai_cells) {
            GridStore store(record, 0);
            error = read_cells(line, 9, samurai_cells, store);
            if (!error.empty())
                store.drop();
        } else {
            const int size = size_of_line(cells);
            GridStore store(record, size == 0 ? 9 : size);
            error = read_cells(line, size == 0 ? 9 : size,
                               size == 0 ? 81 : static_cast<std::size_t>(size * size), store);
            if (!error.empty())
                store.drop();
        }
    }
    if (!error.empty()) {
        record.grid = Grid();
        record.error = "line " + std::to_string(line_number) + ": " + error;
        record.raw_lines.emplace_back(line);
    }
    return true;
}

bool PuzzleReader::next(PuzzleRecord& record)
{
    if (!pending_.empty()) {
        record = std::move(pending_.front());
        pending_.pop_front();
        return true;
    }
    std::string_view line;
    while (next_line(line)) {
        const LineShape shape = shape_of(line);
        if (shape.comment)
            continue;
        if (shape.blank) {
            if (finish_block(record))
                return true;
            continue;
        }
        const std::string_view text = trimmed(line);
        if (!started_) { // the first line that is neither blank nor a comment
            started_ = true;
            if (detail::starts_document(text))
                return read_document(line, record); // OpenSudoku XML, or .sdk with sections
        }
        // A puzzle on a line of its own (or from there to the end of its document): it also
        // ends the block before it.
        const auto single = [&](auto read) {
            if (rows_ == 0)
                return (this->*read)(line, record);
            finish_block(record);
            (this->*read)(line, pending_.emplace_back());
            return true;
        };
        if (!line_truncated_ && (text.starts_with('{') || detail::is_fpuzzles_line(text)))
            return single(&PuzzleReader::read_fpuzzles_record);
        if (!line_truncated_ && (shape.cells == detail::pencil_mark_cells ||
                                 (text.starts_with(':') && is_hodoku_line(text))))
            return single(&PuzzleReader::read_marks_record);
        // A one-line puzzle (or a broken one), unless it is a row of a drawn grid or of
        // candidates whose number of cells no puzzle on a line has.
        const bool puzzle_cells =
            size_of_line(shape.cells) != 0 || shape.cells == 16 || shape.cells == samurai_cells;
        if (line_truncated_ || (is_one_line(shape.cells) && !detail::is_drawing(text) &&
                                (puzzle_cells || !detail::is_candidate_row(text))))
            return single(&PuzzleReader::read_line_record);
        // Keep the rows' text, reusing the strings' storage.
        const auto row = static_cast<std::size_t>(rows_);
        if (row < block_raw_.size()) {
            block_raw_[row].assign(line);
            block_cells_[row] = shape.cells;
            block_numbers_[row] = line_number_;
        } else {
            block_raw_.emplace_back(line);
            block_cells_.push_back(shape.cells);
            block_numbers_.push_back(line_number_);
        }
        ++rows_;
    }
    return finish_block(record);
}

std::string describe(const PuzzleRecord& record, const std::string& file_name,
                     const std::string& what)
{
    return file_name + ":" + std::to_string(record.first_line) + ": puzzle " +
           std::to_string(record.number) + ": " + what;
}

char* format_board(const Grid& grid, char* out) noexcept
{
    const std::uint8_t* digits = grid.digits().data();
#if defined(__SSE2__)
    // A row at a time: its first eight digits, as characters, interleaved with eight spaces
    // make the row's first 16 bytes in one store (sudoku-cli -c writes 163 MB of this).
    const __m128i zero = _mm_set1_epi8('0'), space = _mm_set1_epi8(' ');
    for (int row = 0; row < 9; ++row, digits += 9, out += 18) {
        std::uint64_t eight;
        std::memcpy(&eight, digits, sizeof eight);
        const __m128i characters =
            _mm_add_epi8(_mm_cvtsi64_si128(static_cast<long long>(eight)), zero);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out), _mm_unpacklo_epi8(characters, space));
        out[16] = static_cast<char>('0' + digits[8]);
        out[17] = '\n';
    }
#else
    for (int cell = 0; cell < Grid::cells; ++cell) {
        *out++ = static_cast<char>('0' + digits[cell]);
        *out++ = cell % 9 == 8 ? '\n' : ' ';
    }
#endif
    return out;
}

std::string to_board(const Grid& grid)
{
    std::string text(board_bytes, ' ');
    format_board(grid, text.data());
    return text;
}

std::string to_board(const Rules& rules, std::span<const std::uint8_t> digits)
{
    std::string text;
    for (int row = 0; row < rules.rows(); ++row) {
        std::string line;
        for (int col = 0; col < rules.columns(); ++col) {
            const int cell = row * rules.columns() + col;
            if (col > 0)
                line += ' ';
            line +=
                rules.is_cell(cell) ? digit_symbol(digits[static_cast<std::size_t>(cell)]) : ' ';
        }
        line.erase(line.find_last_not_of(' ') + 1);
        text.append(line).push_back('\n');
    }
    return text;
}

std::string to_line(const Rules& rules, std::span<const std::uint8_t> digits)
{
    std::string text;
    for (const int cell : rules.cells())
        text += digit_symbol(digits[static_cast<std::size_t>(cell)]);
    return text;
}

} // namespace sudoku
