// -c N: distinct complete boards (docs/cli.md, section 3.2).
#include "tasks.hpp"

#include <sudoku/generator.hpp>
#include <sudoku/text_format.hpp>
#include <sudoku/variant_generator.hpp>

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
    generator.generate(settings.boards, [&](std::span<const std::uint8_t> boards) {
        text.clear();
        for (std::size_t at = 0; at < boards.size(); at += size) {
            if (written + at / size > 0)
                text += '\n';
            text += sudoku::to_board(*rules, boards.subspan(at, size));
        }
        out.write(text.data(), text.size());
        progress.update(written += boards.size() / size);
    });
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
    std::uint64_t written = 0;
    generator.generate(settings.boards, [&](std::span<const sudoku::Grid> boards) {
        for (const auto& board : boards)
            writer.add(board);
        progress.update(written += boards.size());
    });
    progress.finish();
    out.commit();
    return 0;
}

} // namespace sudoku_cli
