// -s FILE, --rate FILE and --count FILE: a file of puzzles in, an answer per puzzle out, in
// input order (docs/cli.md, sections 2.2-2.3 and 3.3-3.4).
#include "tasks.hpp"

#include <sudoku/puzzle_pipeline.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>

namespace sudoku_cli {

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
    // Solutions: boards with an empty line between, or laid out as --format says.
    const sudoku::Layout layout = settings.task != Task::solve ? sudoku::Layout{}
                                  : settings.format            ? sudoku::layout_of(*settings.format)
                                                               : sudoku::Layout{"", "\n", ""};
    options.separator = layout.between;
    const auto new_job = [&]() -> std::unique_ptr<sudoku::PuzzleJob> {
        switch (settings.task) {
        case Task::rate: return settings.se_scale ? sudoku::se_rate_job() : sudoku::rate_job();
        case Task::count: return sudoku::count_job(settings.limit);
        default: return sudoku::solve_job(settings.format);
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
    out.write(layout.begin.data(), layout.begin.size());
    const auto result = sudoku::process_puzzles(reader, new_job, write, report, options);
    progress.finish();
    if (result.failure)
        throw std::runtime_error(*result.failure);
    if (result.puzzles == 0)
        throw std::runtime_error(name + ": no puzzles found");
    out.write(layout.end.data(), layout.end.size());
    out.commit();
    return result.problems == 0 ? 0 : 1;
}

} // namespace sudoku_cli
