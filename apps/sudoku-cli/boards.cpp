// -c N: distinct complete boards (docs/cli.md, section 3.2).
#include "tasks.hpp"

#include <sudoku/generator.hpp>
#include <sudoku/text_format.hpp>
#include <sudoku/variant_generator.hpp>

#include <optional>
#include <random>

namespace sudoku_cli {

std::uint64_t fresh_seed()
{
    std::random_device device;
    return (std::uint64_t{device()} << 32) ^ device();
}

namespace {

// -c N --size S or --variant: the variant generator, boards written as rows of symbols.
int write_variant_boards(const Settings& settings)
{
    auto rules = std::make_shared<const sudoku::Rules>(settings.variant);
    sudoku::VariantGeneratorSettings generator_settings;
    generator_settings.first_digit =
        settings.first_digit != 0 ? settings.first_digit : rules->size();
    generator_settings.seed = settings.seed ? *settings.seed : fresh_seed();
    generator_settings.threads = settings.jobs;
    sudoku::VariantBoardGenerator generator(rules, generator_settings);

    cli::OutputFile out(settings.output);
    cli::Progress progress(program, "boards", settings.boards);
    const auto size = static_cast<std::size_t>(rules->canvas_size());
    std::uint64_t written = 0;
    std::string text;
    std::optional<EntryWriter> entries;
    sudoku::VariantPuzzle board = sudoku::VariantPuzzle::blank(rules);
    if (settings.format)
        entries.emplace(out, *settings.format);
    generator.generate(settings.boards, [&](std::span<const std::uint8_t> boards) {
        if (entries) {
            for (std::size_t at = 0; at < boards.size(); at += size) {
                const auto digits = boards.subspan(at, size);
                board.digits.assign(digits.begin(), digits.end());
                entries->add(board);
            }
            progress.update(written += boards.size() / size);
            return;
        }
        text.clear();
        for (std::size_t at = 0; at < boards.size(); at += size) {
            if (written + at / size > 0)
                text += '\n';
            text += sudoku::to_board(*rules, boards.subspan(at, size));
        }
        out.write(text.data(), text.size());
        progress.update(written += boards.size() / size);
    });
    if (entries)
        entries->finish();
    progress.finish();
    out.commit();
    return 0;
}

} // namespace

int write_boards(const Settings& settings)
{
    if (!settings.classic)
        return write_variant_boards(settings);
    sudoku::GeneratorSettings generator_settings;
    generator_settings.first_digit = settings.first_digit != 0 ? settings.first_digit : 9;
    generator_settings.seed = settings.seed ? *settings.seed : fresh_seed();
    generator_settings.threads = settings.jobs;
    sudoku::BoardGenerator generator(generator_settings);

    cli::OutputFile out(settings.output);
    cli::Progress progress(program, "boards", settings.boards);
    BoardWriter writer(out);
    std::optional<EntryWriter> entries;
    if (settings.format && settings.format != sudoku::Format::board) // board: the fast writer's
        entries.emplace(out, *settings.format);
    std::uint64_t written = 0;
    generator.generate(settings.boards, [&](std::span<const sudoku::Grid> boards) {
        for (const auto& board : boards) {
            if (entries)
                entries->add(board);
            else
                writer.add(board);
        }
        progress.update(written += boards.size());
    });
    if (entries)
        entries->finish();
    progress.finish();
    out.commit();
    return 0;
}

} // namespace sudoku_cli
