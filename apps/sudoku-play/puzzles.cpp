// Where games come from. See puzzles.hpp.
#include "puzzles.hpp"

#include <sudoku/solver.hpp>
#include <sudoku/text_format.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace sudoku_play {

namespace {

class MadePuzzles final : public PuzzleSource {
public:
    MadePuzzles(std::optional<sudoku::Level> level, int blanks, std::uint64_t seed)
        : maker_(settings(level, blanks, seed)), level_(level), blanks_(blanks)
    {
    }

    sudoku::Puzzle next() override { return maker_.make(games_++); }

    [[nodiscard]] std::string title() const override
    {
        const std::string game = ", game " + std::to_string(games_);
        if (level_)
            return std::string(sudoku::name(*level_)) + " (level " +
                   std::to_string(static_cast<int>(*level_)) + ")" + game;
        return std::to_string(blanks_) + " blanks" + game;
    }

private:
    static sudoku::PuzzleSettings settings(std::optional<sudoku::Level> level, int blanks,
                                           std::uint64_t seed)
    {
        sudoku::PuzzleSettings made;
        made.seed = seed;
        made.level = level;
        if (!level) {
            made.fewest_blanks = made.most_blanks = blanks;
            made.unique = true;
            made.min_blanks_per_box = 2; // the later edition's rule for its game
        }
        return made;
    }

    sudoku::PuzzleMaker maker_;
    std::optional<sudoku::Level> level_;
    int blanks_;
    std::uint64_t games_ = 0;
};

class FilePuzzles final : public PuzzleSource {
public:
    FilePuzzles(std::string file, std::uint64_t first) : file_(std::move(file)), number_(first - 1)
    {
    }

    // Reads the file again up to the next puzzle: files of a million puzzles cost no memory,
    // and a game lasts far longer than the reading.
    sudoku::Puzzle next() override
    {
        std::error_code error;
        if (std::filesystem::is_directory(file_, error))
            throw std::runtime_error(file_ + ": cannot read: it is a directory");
        std::ifstream in(file_, std::ios::binary);
        if (!in)
            throw std::runtime_error(file_ + ": cannot open: " + std::strerror(errno));
        sudoku::PuzzleReader reader(in, file_);
        sudoku::PuzzleRecord record;
        const std::uint64_t wanted = number_ + 1;
        std::uint64_t read = 0;
        while (read < wanted && reader.next(record))
            ++read;
        if (read < wanted)
            throw std::runtime_error(file_ + ": has " + std::to_string(read) + " puzzle" +
                                     (read == 1 ? "" : "s") + ", not " + std::to_string(wanted));
        if (record.error)
            throw std::runtime_error(sudoku::describe(record, file_, *record.error));
        if (record.variant)
            throw std::runtime_error(
                sudoku::describe(record, file_,
                                 "a " + record.variant->rules->variant().describe() +
                                     " puzzle: sudoku-play plays classic 9x9 puzzles"));
        sudoku::Solver solver;
        const auto solved = solver.solve(record.grid);
        if (solved.status == sudoku::Status::conflict)
            throw std::runtime_error(sudoku::describe(
                record, file_, "the givens break the rules: " + solved.conflict->describe()));
        if (solved.status == sudoku::Status::no_solution)
            throw std::runtime_error(sudoku::describe(record, file_, "has no solution"));
        number_ = wanted;
        return {record.grid, solved.solution};
    }

    [[nodiscard]] std::string title() const override
    {
        return std::filesystem::path(file_).filename().string() + ", puzzle " +
               std::to_string(number_);
    }

private:
    std::string file_;
    std::uint64_t number_; // puzzles already played
};

} // namespace

std::unique_ptr<PuzzleSource> made_puzzles(std::optional<sudoku::Level> level, int blanks,
                                           std::uint64_t seed)
{
    return std::make_unique<MadePuzzles>(level, blanks, seed);
}

std::unique_ptr<PuzzleSource> file_puzzles(const std::string& file, std::uint64_t first)
{
    return std::make_unique<FilePuzzles>(file, first);
}

} // namespace sudoku_play
