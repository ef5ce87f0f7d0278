// -n N: new puzzles by level (-m) or by number of blanks (-r, -u), docs/cli.md, section 3.5.
#include "tasks.hpp"

#include <sudoku/fpuzzles.hpp>
#include <sudoku/variant_maker.hpp>

#include <optional>

namespace sudoku_cli {

namespace {

// -n N with --size or --variant: unique puzzles of the variant maker. A grid of another size
// or samurai is written as rows of symbols ('.' for a blank, an empty line between puzzles);
// rules that rows cannot show (X, killer, jigsaw, ...) as f-puzzles JSON, a puzzle a line.
int make_variant_puzzles(const Settings& settings)
{
    sudoku::VariantPuzzleSettings maker;
    maker.variant = settings.variant;
    maker.killer = settings.killer;
    maker.jigsaw = settings.jigsaw;
    maker.symmetric = settings.puzzle.symmetric;
    maker.seed = settings.seed ? *settings.seed : fresh_seed();
    sudoku::Variant plain = sudoku::Variant::classic(settings.variant.size);
    plain.samurai = settings.variant.samurai;
    const bool as_rows = settings.variant == plain && !maker.killer && !maker.jigsaw;

    cli::OutputFile out(settings.output);
    cli::Progress progress(program, "puzzles", settings.puzzles);
    std::uint64_t written = 0;
    std::string text;
    std::optional<EntryWriter> entries;
    if (settings.format)
        entries.emplace(out, *settings.format);
    sudoku::make_variant_puzzles(
        maker, settings.puzzles, settings.jobs, [&](std::span<const sudoku::VariantMade> made) {
            if (entries) {
                for (const auto& puzzle : made)
                    entries->add(puzzle.puzzle);
                progress.update(written += made.size());
                return;
            }
            text.clear();
            for (const auto& puzzle : made) {
                if (!as_rows) {
                    text += sudoku::write_fpuzzles(puzzle.puzzle) + '\n';
                    continue;
                }
                if (written + (&puzzle - made.data()) > 0)
                    text += '\n';
                text += sudoku::to_board(*puzzle.puzzle.rules, puzzle.puzzle.digits);
            }
            out.write(text.data(), text.size());
            progress.update(written += made.size());
        });
    if (entries)
        entries->finish();
    progress.finish();
    out.commit();
    return 0;
}

} // namespace

int make_puzzles(const Settings& settings)
{
    if (!settings.classic)
        return make_variant_puzzles(settings);
    sudoku::PuzzleSettings puzzle_settings = settings.puzzle;
    puzzle_settings.seed = settings.seed ? *settings.seed : fresh_seed();

    cli::OutputFile out(settings.output);
    cli::Progress progress(program, "puzzles", settings.puzzles);
    BoardWriter writer(out);
    std::optional<EntryWriter> entries;
    if (settings.format)
        entries.emplace(out, *settings.format);
    std::uint64_t written = 0;
    sudoku::make_puzzles(puzzle_settings, settings.puzzles, settings.jobs,
                         [&](std::span<const sudoku::Puzzle> puzzles) {
                             for (const auto& made : puzzles) {
                                 if (entries)
                                     entries->add(made.puzzle);
                                 else
                                     writer.add(made.puzzle);
                             }
                             progress.update(written += puzzles.size());
                         });
    if (entries)
        entries->finish();
    progress.finish();
    out.commit();
    return 0;
}

} // namespace sudoku_cli
