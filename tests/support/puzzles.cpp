// Exact-cover encodings of classic puzzles with known answers, for the engine's tests.
#include "support/puzzles.hpp"

#include <algorithm>
#include <array>
#include <numeric>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace dlx_test {

dlx::Problem queens(int n)
{
    dlx::ProblemBuilder builder;
    std::vector<dlx::ItemId> row, col, up, down;
    for (int i = 0; i < n; ++i)
        row.push_back(builder.add_primary("r" + std::to_string(i)));
    for (int j = 0; j < n; ++j)
        col.push_back(builder.add_primary("c" + std::to_string(j)));
    for (int d = 0; d < 2 * n - 1; ++d)
        up.push_back(builder.add_secondary("a" + std::to_string(d)));
    for (int d = 0; d < 2 * n - 1; ++d)
        down.push_back(builder.add_secondary("b" + std::to_string(d)));
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            builder.add_option({row[i], col[j], up[i + j], down[i - j + n - 1]});
    return std::move(builder).build();
}

dlx::Problem langford(int n)
{
    dlx::ProblemBuilder builder;
    std::vector<dlx::ItemId> digit, slot;
    for (int k = 1; k <= n; ++k)
        digit.push_back(builder.add_primary("v" + std::to_string(k)));
    for (int s = 1; s <= 2 * n; ++s)
        slot.push_back(builder.add_primary("s" + std::to_string(s)));
    for (int k = 1; k <= n; ++k)
        for (int s = 0; s + k + 1 < 2 * n; ++s)
            builder.add_option({digit[k - 1], slot[s], slot[s + k + 1]});
    return std::move(builder).build();
}

dlx::Problem empty_sudoku(int box)
{
    const int n = box * box;
    dlx::ProblemBuilder builder;
    auto items = [&](char kind) {
        std::vector<dlx::ItemId> ids;
        for (int a = 0; a < n; ++a)
            for (int b = 0; b < n; ++b)
                ids.push_back(builder.add_primary(std::string(1, kind) + std::to_string(a) + "_" +
                                                  std::to_string(b)));
        return ids;
    };
    const auto cell = items('p'), row = items('r'), col = items('c'), boxes = items('x');
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
            for (int d = 0; d < n; ++d) {
                const int b = (r / box) * box + c / box;
                builder.add_option({cell[r * n + c], row[r * n + d], col[c * n + d],
                                    boxes[b * n + d]});
            }
    return std::move(builder).build();
}

namespace {

using Shape = std::vector<std::pair<int, int>>; // (row, col) cells

Shape normalised(Shape shape)
{
    const auto [min_r, min_c] = std::accumulate(
        shape.begin(), shape.end(), std::pair{1 << 20, 1 << 20}, [](auto acc, auto cell) {
            return std::pair{std::min(acc.first, cell.first), std::min(acc.second, cell.second)};
        });
    for (auto& [r, c] : shape)
        r -= min_r, c -= min_c;
    std::sort(shape.begin(), shape.end());
    return shape;
}

// The eight images of a shape under rotation and reflection, without repeats.
std::vector<Shape> orientations(const Shape& shape)
{
    std::set<Shape> seen;
    Shape current = shape;
    for (int reflect = 0; reflect < 2; ++reflect) {
        for (int turn = 0; turn < 4; ++turn) {
            seen.insert(normalised(current));
            for (auto& [r, c] : current)
                std::tie(r, c) = std::pair{c, -r};
        }
        for (auto& [r, c] : current)
            c = -c;
    }
    return {seen.begin(), seen.end()};
}

Shape parse(std::initializer_list<const char*> rows)
{
    Shape shape;
    int r = 0;
    for (const char* row : rows) {
        for (int c = 0; row[c]; ++c)
            if (row[c] == '#')
                shape.emplace_back(r, c);
        ++r;
    }
    return shape;
}

} // namespace

dlx::Problem pentominoes(int rows, int cols, Symmetry symmetry)
{
    const std::array<std::pair<char, Shape>, 12> pieces{{
        {'F', parse({".##", "##.", ".#."})}, {'I', parse({"#####"})},
        {'L', parse({"####", "#..."})},      {'N', parse({"###.", "..##"})},
        {'P', parse({"###", "##."})},        {'T', parse({"###", ".#.", ".#."})},
        {'U', parse({"#.#", "###"})},        {'V', parse({"#..", "#..", "###"})},
        {'W', parse({"#..", "##.", ".##"})}, {'X', parse({".#.", "###", ".#."})},
        {'Y', parse({"####", ".#.."})},      {'Z', parse({"##.", ".#.", ".##"})},
    }};
    dlx::ProblemBuilder builder;
    std::vector<dlx::ItemId> piece_item, cell_item;
    for (const auto& [name, shape] : pieces)
        piece_item.push_back(builder.add_primary(std::string(1, name)));
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            cell_item.push_back(builder.add_primary(std::to_string(r) + "_" + std::to_string(c)));
    for (std::size_t p = 0; p < pieces.size(); ++p) {
        for (const Shape& shape : orientations(pieces[p].second)) {
            for (int dr = 0; dr < rows; ++dr) {
                for (int dc = 0; dc < cols; ++dc) {
                    std::vector<dlx::ItemId> option{piece_item[p]};
                    bool fits = true;
                    for (const auto& [r, c] : shape) {
                        if (r + dr >= rows || c + dc >= cols) {
                            fits = false;
                            break;
                        }
                        option.push_back(cell_item[(r + dr) * cols + c + dc]);
                    }
                    // The X's centre is at (dr + 1, dc + 1); keep it in the top-left quadrant.
                    if (fits && symmetry == Symmetry::x_in_one_quadrant && pieces[p].first == 'X')
                        fits = 2 * (dr + 1) < rows - 1 && 2 * (dc + 1) < cols - 1;
                    if (fits)
                        builder.add_option(option);
                }
            }
        }
    }
    return std::move(builder).build();
}

} // namespace dlx_test
