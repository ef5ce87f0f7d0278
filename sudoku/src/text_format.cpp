// Sudoku text formats: a streaming puzzle reader (1 MiB reads, lines found with memchr) and
// the board writer.
#include <sudoku/text_format.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <istream>
#include <stdexcept>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sudoku {

namespace {

constexpr std::size_t buffer_size = 1 << 20;
// No valid line is longer than a few hundred characters; a longer one is kept only up to
// here (it is reported as malformed all the same), so a 100 MB line costs no 100 MB.
constexpr std::size_t longest_kept_line = 4096;

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

int cell_value(char c) { return c == '.' ? 0 : c - '0'; }
bool is_cell(char c) { return (c >= '0' && c <= '9') || c == '.'; }

std::string describe_char(char c)
{
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7f)
        return std::string("'") + c + "'";
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", byte);
    return std::string("byte ") + hex;
}

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

// Reads the cells of `line` into `grid` from cell `first`, expecting `count` cells; returns an
// error message (empty when fine).
std::string read_cells(std::string_view line, Grid& grid, int first, std::size_t count)
{
    std::size_t found = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (is_space(c))
            continue;
        if (!is_cell(c))
            return "column " + std::to_string(i + 1) + ": " + describe_char(c) +
                   " is not a digit or '.'";
        if (found < count)
            grid.set(first + static_cast<int>(found), cell_value(c));
        ++found;
    }
    if (found != count)
        return "expected " + std::to_string(count) + " cells, found " + std::to_string(found);
    return {};
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

void PuzzleReader::start_block(std::size_t line_number)
{
    block_line_ = line_number;
    rows_ = 0;
    block_error_.reset();
    block_grid_ = Grid();
}

// Fields are reset one by one rather than by assigning a new record: no reallocation of the
// record's strings on every puzzle.
void PuzzleReader::begin_record(PuzzleRecord& record, std::size_t first_line)
{
    record.number = ++puzzles_;
    record.first_line = first_line;
    record.grid = Grid();
    record.error.reset();
    record.raw_lines.clear();
}

bool PuzzleReader::finish_block(PuzzleRecord& record)
{
    if (rows_ == 0)
        return false;
    begin_record(record, block_line_);
    record.grid = block_grid_;
    if (!block_error_ && rows_ != 9)
        block_error_ = "expected 9 rows, found " + std::to_string(rows_);
    if (block_error_) {
        record.error = std::move(block_error_);
        record.raw_lines.assign(block_raw_.begin(), block_raw_.begin() + rows_);
    }
    rows_ = 0;
    block_error_.reset();
    return true;
}

bool PuzzleReader::read_single(std::string_view line, std::size_t line_number, PuzzleRecord& record)
{
    begin_record(record, line_number);
    const std::string error = line_truncated_ ? "more than " + std::to_string(longest_kept_line) +
                                                    " characters on one line"
                                              : read_cells(line, record.grid, 0, 81);
    if (!error.empty()) {
        record.error = "line " + std::to_string(line_number) + ": " + error;
        record.raw_lines.emplace_back(line);
    }
    return true;
}

bool PuzzleReader::next(PuzzleRecord& record)
{
    if (pending_) {
        record = std::move(*pending_);
        pending_.reset();
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
        if (shape.cells > 9) { // a one-line puzzle (or a broken one)
            if (rows_ > 0) {   // it also ends the block before it
                finish_block(record);
                PuzzleRecord single;
                read_single(line, line_number_, single);
                pending_ = std::move(single);
                return true;
            }
            return read_single(line, line_number_, record);
        }
        if (rows_ == 0)
            start_block(line_number_);
        if (rows_ < 9 && !block_error_) {
            std::string error = read_cells(line, block_grid_, rows_ * 9, 9);
            if (!error.empty())
                block_error_ = "line " + std::to_string(line_number_) + ": " + error;
        }
        // Keep the rows' text for a malformed block, reusing the strings' storage.
        if (static_cast<std::size_t>(rows_) < block_raw_.size())
            block_raw_[static_cast<std::size_t>(rows_)].assign(line);
        else
            block_raw_.emplace_back(line);
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

} // namespace sudoku
