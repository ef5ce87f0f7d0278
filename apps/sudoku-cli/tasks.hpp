// sudoku-cli's tasks, one per source file, and the settings the command line gives them.
#pragma once

#include "common/cli_support.hpp"

#include <sudoku/formats.hpp>
#include <sudoku/maker.hpp>
#include <sudoku/text_format.hpp>
#include <sudoku/variant.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace sudoku_cli {

inline constexpr const char* program = "sudoku-cli";

enum class Task {
    boards, ///< -c N: distinct complete boards (boards.cpp)
    solve,  ///< -s FILE: a solution per puzzle (puzzle_files.cpp)
    rate,   ///< --rate FILE: a level per puzzle (puzzle_files.cpp)
    count,  ///< --count FILE: the number of solutions per puzzle (puzzle_files.cpp)
    make,   ///< -n N: new puzzles (make.cpp)
};

struct Settings {
    Task task = Task::boards;
    std::uint64_t boards = 0;            // -c N
    std::uint64_t puzzles = 0;           // -n N
    std::string input;                   // -s, --rate, --count FILE ('-': standard input)
    std::string output;                  // -o PATH ('-': standard output)
    sudoku::PuzzleSettings puzzle;       // -m, -r, -u, --symmetric, --minimal, --seed for -n
    std::uint64_t limit = 2;             // --limit K for --count
    int first_digit = 0;                 // --first-digit for -c (0: the largest digit)
    sudoku::Variant variant;             // --size S, --variant LIST for -c
    bool killer = false, jigsaw = false; // --variant killer, jigsaw for -n
    bool classic = true;                 // no --variant and size 9: the classic generator and maker
    std::optional<std::uint64_t> seed;   // --seed S for -c and -n (none: from the system)
    bool keep_going = false;             // --keep-going for -s, --rate, --count
    bool se_scale = false;               // --scale se for --rate
    std::optional<sudoku::Format> format; // --format NAME for -c, -s, -n (none: their own)
    unsigned jobs = 0;                    // -j J (0: every core)
};

/// Each returns the exit code (0, or 1 when some puzzle was bad and --keep-going went on), and
/// throws std::runtime_error for a failure that loses the run (nothing is written then).
int write_boards(const Settings& settings);
int make_puzzles(const Settings& settings);
int process_puzzle_file(const Settings& settings);

/// A seed from the system when --seed was not given.
std::uint64_t fresh_seed();

/// Writes boards in the board format of docs/cli.md, section 2.1 (an empty line between boards,
/// none after the last), formatted straight into the output's buffer.
class BoardWriter {
public:
    explicit BoardWriter(cli::OutputFile& out) : out_(out) {}
    void add(const sudoku::Grid& board)
    {
        char* at = out_.append(first_ ? sudoku::board_bytes : sudoku::board_bytes + 1);
        if (!first_)
            *at++ = '\n';
        first_ = false;
        sudoku::format_board(board, at);
    }

private:
    cli::OutputFile& out_;
    bool first_ = true;
};

/// Writes puzzles in a format of formats.hpp (--format), laid out as layout_of() says: its
/// beginning at once, the separator between two puzzles, its end at finish().
class EntryWriter {
public:
    EntryWriter(cli::OutputFile& out, sudoku::Format format)
        : out_(out), format_(format), layout_(sudoku::layout_of(format))
    {
        out_.write(layout_.begin.data(), layout_.begin.size());
    }
    void add(const sudoku::VariantPuzzle& puzzle)
    {
        text_.clear();
        if (!first_)
            text_ += layout_.between;
        first_ = false;
        text_ += sudoku::write_entry(format_, puzzle);
        out_.write(text_.data(), text_.size());
    }
    void add(const sudoku::Grid& grid)
    {
        classic_.digits.assign(grid.digits().begin(), grid.digits().end());
        add(classic_);
    }
    void finish() { out_.write(layout_.end.data(), layout_.end.size()); }

private:
    cli::OutputFile& out_;
    sudoku::Format format_;
    sudoku::Layout layout_;
    sudoku::VariantPuzzle classic_ = sudoku::VariantPuzzle::blank(sudoku::classic_rules(9));
    std::string text_;
    bool first_ = true;
};

} // namespace sudoku_cli
