// Sudoku as exact cover: the 324 items and 729 options of the blank grid.
#include <sudoku/encoding.hpp>

#include <string>

namespace sudoku {

namespace {

Encoding build_encoding()
{
    dlx::ProblemBuilder builder;
    const auto add_items = [&](const char* prefix, const char* second) {
        for (int a = 0; a < 9; ++a)
            for (int b = 0; b < 9; ++b)
                builder.add_primary(std::string(prefix) + std::to_string(a + 1) + second +
                                    std::to_string(b + 1));
    };
    add_items("r", "c"); // cell r,c
    add_items("r", "#"); // row r has digit #
    add_items("c", "#"); // column c has digit #
    add_items("b", "#"); // box b has digit #

    Encoding encoding;
    for (int cell = 0; cell < Grid::cells; ++cell) {
        const int row = cell / 9, col = cell % 9, box = box_of(row, col);
        for (int digit = 1; digit <= 9; ++digit) {
            const auto d = static_cast<dlx::ItemId>(digit - 1);
            builder.add_option({static_cast<dlx::ItemId>(cell),
                                static_cast<dlx::ItemId>(81 + row * 9) + d,
                                static_cast<dlx::ItemId>(162 + col * 9) + d,
                                static_cast<dlx::ItemId>(243 + box * 9) + d});
            encoding.placement_of.push_back({cell, digit});
        }
    }
    encoding.problem = std::move(builder).build();
    return encoding;
}

} // namespace

const Encoding& standard_encoding()
{
    static const Encoding encoding = build_encoding();
    return encoding;
}

void decode(const Encoding& encoding, std::span<const dlx::OptionId> options, Grid& grid)
{
    for (const dlx::OptionId option : options) {
        const Placement placement = encoding.placement_of[option];
        grid.set(placement.cell, placement.digit);
    }
}

} // namespace sudoku
