// -c N: distinct complete boards (docs/cli.md, section 3.2).
#include "tasks.hpp"

#include <sudoku/generator.hpp>

#include <random>

namespace sudoku_cli {

std::uint64_t fresh_seed()
{
    std::random_device device;
    return (std::uint64_t{device()} << 32) ^ device();
}

int write_boards(const Settings& settings)
{
    sudoku::GeneratorSettings generator_settings;
    generator_settings.first_digit = settings.first_digit;
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
