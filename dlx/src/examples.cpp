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

Pentominoes pentominoes(int rows, int cols, Pentominoes::Symmetry symmetry, std::string_view names)
{
    const std::array<std::pair<char, Shape>, 12> all{{
        {'F', parse({".##", "##.", ".#."})},
        {'I', parse({"#####"})},
        {'L', parse({"####", "#..."})},
        {'N', parse({"###.", "..##"})},
        {'P', parse({"###", "##."})},
        {'T', parse({"###", ".#.", ".#."})},
        {'U', parse({"#.#", "###"})},
        {'V', parse({"#..", "#..", "###"})},
        {'W', parse({"#..", "##.", ".##"})},
        {'X', parse({".#.", "###", ".#."})},
        {'Y', parse({"####", ".#.."})},
        {'Z', parse({"##.", ".#.", ".##"})},
    }};
    std::vector<std::pair<char, Shape>> pieces;
    for (const auto& piece : all) {
        if (names.find(piece.first) != std::string_view::npos)
            pieces.push_back(piece);
    }
    Pentominoes made;
    made.rows = rows;
    made.cols = cols;
    ProblemBuilder builder;
    std::vector<ItemId> piece_item, cell_item;
    for (const auto& [name, shape] : pieces)
        piece_item.push_back(builder.add_primary(std::string(1, name)));
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            cell_item.push_back(builder.add_primary(std::to_string(r) + "_" + std::to_string(c)));
    for (std::size_t p = 0; p < pieces.size(); ++p) {
        for (const Shape& shape : orientations(pieces[p].second)) {
            for (int dr = 0; dr < rows; ++dr) {
                for (int dc = 0; dc < cols; ++dc) {
                    std::vector<ItemId> option{piece_item[p]};
                    Pentominoes::Placement placed{pieces[p].first, {}};
                    bool fits = true;
                    for (const auto& [r, c] : shape) {
                        if (r + dr >= rows || c + dc >= cols) {
                            fits = false;
                            break;
                        }
                        placed.cells.push_back((r + dr) * cols + c + dc);
                        option.push_back(cell_item[static_cast<std::size_t>(placed.cells.back())]);
                    }
                    // The X's centre is at (dr + 1, dc + 1); keep it in the top-left quadrant.
                    if (fits && symmetry == Pentominoes::Symmetry::x_in_one_quadrant &&
                        pieces[p].first == 'X')
                        fits = 2 * (dr + 1) < rows - 1 && 2 * (dc + 1) < cols - 1;
                    if (fits) {
                        builder.add_option(option);
                        made.placement.push_back(std::move(placed));
                    }
                }
            }
        }
    }
    made.problem = std::move(builder).build();
    return made;
}

std::string Pentominoes::draw(std::span<const OptionId> solution) const
{
    std::string board(static_cast<std::size_t>(rows * cols), '.');
    for (const OptionId option : solution)
        for (const int cell : placement[option].cells)
            board[static_cast<std::size_t>(cell)] = placement[option].piece;
    std::string text;
    for (int r = 0; r < rows; ++r)
        text +=
            board.substr(static_cast<std::size_t>(r * cols), static_cast<std::size_t>(cols)) + "\n";
    return text;
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
