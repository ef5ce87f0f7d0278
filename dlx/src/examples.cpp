// Classic puzzles as exact cover. See examples.hpp.
#include <dlx/examples.hpp>

#include <algorithm>
#include <array>
#include <numeric>
#include <set>
#include <string>
#include <tuple>
#include <utility>

namespace dlx::examples {

namespace {

// Joins a row of strings with single spaces.
std::string joined(const std::vector<std::string>& words)
{
    std::string line;
    for (const auto& word : words)
        line += (line.empty() ? "" : " ") + word;
    return line;
}

} // namespace

Problem knuth_example()
{
    ProblemBuilder builder;
    std::vector<ItemId> item;
    for (const char* name : {"A", "B", "C", "D", "E", "F", "G"})
        item.push_back(builder.add_primary(name));
    const auto id = [&](char name) { return item[static_cast<std::size_t>(name - 'A')]; };
    for (const char* option : {"CEF", "ADG", "BCF", "AD", "BG", "DEG"}) {
        std::vector<ItemId> items;
        for (const char* name = option; *name != 0; ++name)
            items.push_back(id(*name));
        builder.add_option(items);
    }
    return std::move(builder).build();
}

Queens queens(int n)
{
    Queens made;
    made.n = n;
    ProblemBuilder builder;
    std::vector<ItemId> row, col, up, down;
    for (int i = 0; i < n; ++i)
        row.push_back(builder.add_primary("r" + std::to_string(i)));
    for (int j = 0; j < n; ++j)
        col.push_back(builder.add_primary("c" + std::to_string(j)));
    for (int d = 0; d < 2 * n - 1; ++d)
        up.push_back(builder.add_secondary("a" + std::to_string(d)));
    for (int d = 0; d < 2 * n - 1; ++d)
        down.push_back(builder.add_secondary("b" + std::to_string(d)));
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            builder.add_option({row[static_cast<std::size_t>(i)], col[static_cast<std::size_t>(j)],
                                up[static_cast<std::size_t>(i + j)],
                                down[static_cast<std::size_t>(i - j + n - 1)]});
            made.square.emplace_back(i, j);
        }
    }
    made.problem = std::move(builder).build();
    return made;
}

std::string Queens::draw(std::span<const OptionId> solution) const
{
    std::vector<std::string> board(static_cast<std::size_t>(n),
                                   std::string(static_cast<std::size_t>(n), '.'));
    for (const OptionId option : solution) {
        const auto [r, c] = square[option];
        board[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = 'Q';
    }
    std::string text;
    for (const auto& line : board) {
        std::vector<std::string> cells;
        for (const char cell : line)
            cells.emplace_back(1, cell);
        text += joined(cells) + "\n";
    }
    return text;
}

Langford langford(int n)
{
    Langford made;
    made.n = n;
    ProblemBuilder builder;
    std::vector<ItemId> number, slot;
    for (int k = 1; k <= n; ++k)
        number.push_back(builder.add_primary("v" + std::to_string(k)));
    for (int s = 1; s <= 2 * n; ++s)
        slot.push_back(builder.add_primary("s" + std::to_string(s)));
    for (int k = 1; k <= n; ++k) {
        for (int s = 0; s + k + 1 < 2 * n; ++s) {
            builder.add_option({number[static_cast<std::size_t>(k - 1)],
                                slot[static_cast<std::size_t>(s)],
                                slot[static_cast<std::size_t>(s + k + 1)]});
            made.pair.push_back({k, s, s + k + 1});
        }
    }
    made.problem = std::move(builder).build();
    return made;
}

std::string Langford::draw(std::span<const OptionId> solution) const
{
    std::vector<std::string> row(static_cast<std::size_t>(2 * n), ".");
    for (const OptionId option : solution) {
        const Pair& placed = pair[option];
        row[static_cast<std::size_t>(placed.first)] = row[static_cast<std::size_t>(placed.second)] =
            std::to_string(placed.number);
    }
    return joined(row) + "\n";
}

Problem sudoku(int box)
{
    const int n = box * box;
    ProblemBuilder builder;
    auto items = [&](char kind) {
        std::vector<ItemId> ids;
        for (int a = 0; a < n; ++a)
            for (int b = 0; b < n; ++b)
                ids.push_back(builder.add_primary(std::string(1, kind) + std::to_string(a) + "_" +
                                                  std::to_string(b)));
        return ids;
    };
    const auto cell = items('p'), row = items('r'), col = items('c'), boxes = items('x');
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            for (int d = 0; d < n; ++d) {
                const int b = (r / box) * box + c / box;
                builder.add_option({cell[static_cast<std::size_t>(r * n + c)],
                                    row[static_cast<std::size_t>(r * n + d)],
                                    col[static_cast<std::size_t>(c * n + d)],
                                    boxes[static_cast<std::size_t>(b * n + d)]});
            }
        }
    }
    return std::move(builder).build();
}

} // namespace dlx::examples
