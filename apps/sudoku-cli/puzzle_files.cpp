// -s FILE, --rate FILE and --count FILE: a file of puzzles in, an answer per puzzle out, in
// input order (docs/cli.md, sections 2.2-2.3 and 3.3-3.4).
#include "tasks.hpp"

#include <sudoku/puzzle_pipeline.hpp>
#include <sudoku/rater.hpp>
#include <sudoku/solver.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>

namespace sudoku_cli {

namespace {

// -s: the first solution, in the board format; a bad puzzle stands in as it was.
class SolveJob final : public sudoku::PuzzleJob {
public:
    std::optional<std::string> process(const sudoku::PuzzleRecord& record,
                                       std::string& text) override
    {
        if (record.error) {
            for (const auto& line : record.raw_lines)
                text.append(line).push_back('\n');
            return record.error;
        }
        const auto result = solver_.solve(record.grid);
        std::optional<std::string> problem;
        const sudoku::Grid* shown = &result.solution;
        if (result.status == sudoku::Status::conflict)
            problem = "the givens break the rules: " + result.conflict->describe();
        else if (result.status == sudoku::Status::no_solution)
            problem = "has no solution";
        if (problem)
            shown = &record.grid;
        char board[sudoku::board_bytes];
        text.append(board, sudoku::format_board(*shown, board));
        return problem;
    }

private:
    sudoku::Solver solver_;
};

// --rate: "LEVEL NAME technique:steps ..." and "search" when the techniques were not enough,
// "multiple-solutions" when the puzzle has more than one; a bad puzzle stands in as "- invalid".
class RateJob final : public sudoku::PuzzleJob {
public:
    std::optional<std::string> process(const sudoku::PuzzleRecord& record,
                                       std::string& text) override
    {
        std::optional<std::string> problem = record.error;
        if (!problem) {
            if (const auto conflict = sudoku::find_conflict(record.grid))
                problem = "the givens break the rules: " + conflict->describe();
        }
        sudoku::Rating rating;
        if (!problem) {
            rating = rater_.rate(record.grid);
            if (rating.solutions == 0)
                problem = "has no solution";
        }
        if (problem) {
            text += "- invalid\n";
            return problem;
        }
        text += std::to_string(static_cast<int>(rating.level));
        text.append(" ").append(sudoku::name(rating.level));
        for (int t = 0; t < sudoku::technique_count; ++t) {
            const auto technique = static_cast<sudoku::Technique>(t);
            if (rating.uses(technique) > 0)
                text.append(" ")
                    .append(sudoku::name(technique))
                    .append(":")
                    .append(std::to_string(rating.uses(technique)));
        }
        if (rating.needs_search)
            text += " search";
        if (rating.solutions > 1)
            text += " multiple-solutions";
        text += '\n';
        return std::nullopt;
    }

private:
    sudoku::Rater rater_;
};

// --count: the number of solutions, "K+" when the count reached the limit K (at least K);
// givens that break the rules have 0. A malformed puzzle stands in as "-".
class CountJob final : public sudoku::PuzzleJob {
public:
    explicit CountJob(std::uint64_t limit) : limit_(limit) {}
    std::optional<std::string> process(const sudoku::PuzzleRecord& record,
                                       std::string& text) override
    {
        if (record.error) {
            text += "-\n";
            return record.error;
        }
        const std::uint64_t solutions = solver_.count(record.grid, limit_);
        text += std::to_string(solutions);
        if (solutions >= limit_)
            text += '+';
        text += '\n';
        return std::nullopt;
    }

private:
    sudoku::Solver solver_;
    std::uint64_t limit_;
};

} // namespace

int process_puzzle_file(const Settings& settings)
{
    const std::string& file = settings.input;
    std::ifstream file_stream;
    std::istream* in = &std::cin;
    const std::string name = file == "-" ? "stdin" : file;
    if (file != "-") {
        std::error_code error;
        if (std::filesystem::is_directory(file, error))
            throw std::runtime_error(file + ": cannot read: it is a directory");
        file_stream.open(file, std::ios::binary);
        if (!file_stream)
            throw std::runtime_error(file + ": cannot open: " + std::strerror(errno));
        in = &file_stream;
    }
    sudoku::PuzzleReader reader(*in, name);
    cli::OutputFile out(settings.output);
    cli::Progress progress(program, settings.task == Task::solve ? "puzzles solved" : "puzzles", 0);
    sudoku::PipelineOptions options;
    options.threads = settings.jobs;
    options.keep_going = settings.keep_going;
    options.separator = settings.task == Task::solve ? "\n" : ""; // boards: an empty line between
    const auto new_job = [&]() -> std::unique_ptr<sudoku::PuzzleJob> {
        switch (settings.task) {
        case Task::rate: return std::make_unique<RateJob>();
        case Task::count: return std::make_unique<CountJob>(settings.limit);
        default: return std::make_unique<SolveJob>();
        }
    };
    const auto write = [&](std::string_view text, std::uint64_t puzzles) {
        out.write(text.data(), text.size());
        progress.update(puzzles);
    };
    const auto report = [&](const std::string& problem) {
        progress.clear();
        std::cerr << program << ": " << problem << '\n';
    };
    const auto result = sudoku::process_puzzles(reader, new_job, write, report, options);
    progress.finish();
    if (result.failure)
        throw std::runtime_error(*result.failure);
    if (result.puzzles == 0)
        throw std::runtime_error(name + ": no puzzles found");
    out.commit();
    return result.problems == 0 ? 0 : 1;
}

} // namespace sudoku_cli
