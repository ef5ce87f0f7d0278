// -n N: new puzzles by level (-m) or by number of blanks (-r, -u), docs/cli.md, section 3.5.
#include "tasks.hpp"

namespace sudoku_cli {

int make_puzzles(const Settings& settings)
{
    sudoku::PuzzleSettings puzzle_settings = settings.puzzle;
    puzzle_settings.seed = settings.seed ? *settings.seed : fresh_seed();

    cli::OutputFile out(settings.output);
    cli::Progress progress(program, "puzzles", settings.puzzles);
    BoardWriter writer(out);
    std::uint64_t written = 0;
    sudoku::make_puzzles(puzzle_settings, settings.puzzles, settings.jobs,
                         [&](std::span<const sudoku::Puzzle> puzzles) {
                             for (const auto& made : puzzles)
                                 writer.add(made.puzzle);
                             progress.update(written += puzzles.size());
                         });
    progress.finish();
    out.commit();
    return 0;
}

} // namespace sudoku_cli
