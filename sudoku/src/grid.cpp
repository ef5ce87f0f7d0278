// The rules of Sudoku on a Grid.
#include <sudoku/grid.hpp>

#include <algorithm>

namespace sudoku {

Grid Grid::from_string(const std::string& text)
{
    Grid grid;
    for (int i = 0; i < cells && i < static_cast<int>(text.size()); ++i) {
        const char c = text[static_cast<std::size_t>(i)];
        grid.set(i, c >= '1' && c <= '9' ? c - '0' : 0);
    }
    return grid;
}

int Grid::blank_count() const
{
    return static_cast<int>(std::count(cells_.begin(), cells_.end(), std::uint8_t{0}));
}

std::string Grid::to_string() const
{
    std::string text(cells, '0');
    for (int i = 0; i < cells; ++i)
        text[static_cast<std::size_t>(i)] = static_cast<char>('0' + (*this)[i]);
    return text;
}

std::string Conflict::describe() const
{
    static constexpr const char* units[] = {"row", "column", "box"};
    return "two " + std::to_string(digit) + "s in " + units[static_cast<int>(unit)] + " " +
           std::to_string(index + 1);
}

std::optional<Conflict> find_conflict(const Grid& grid)
{
    const Conflict::Unit units[] = {Conflict::Unit::row, Conflict::Unit::column,
                                    Conflict::Unit::box};
    for (const auto unit : units) {
        for (int u = 0; u < Grid::size; ++u) {
            unsigned seen = 0;
            for (int k = 0; k < Grid::size; ++k) {
                int row = u, col = k;
                if (unit == Conflict::Unit::column)
                    row = k, col = u;
                else if (unit == Conflict::Unit::box)
                    row = (u / 3) * 3 + k / 3, col = (u % 3) * 3 + k % 3;
                const int digit = grid.at(row, col);
                if (digit == 0)
                    continue;
                if (seen & (1u << digit))
                    return Conflict{unit, u, digit};
                seen |= 1u << digit;
            }
        }
    }
    return std::nullopt;
}

bool is_solved(const Grid& grid) { return grid.blank_count() == 0 && !find_conflict(grid); }

bool solves(const Grid& solution, const Grid& puzzle)
{
    if (!is_solved(solution))
        return false;
    for (int i = 0; i < Grid::cells; ++i) {
        if (puzzle[i] != 0 && puzzle[i] != solution[i])
            return false;
    }
    return true;
}

} // namespace sudoku
