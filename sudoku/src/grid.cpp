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

std::string cell_name(int index)
{
    return "r" + std::to_string(index / 9 + 1) + "c" + std::to_string(index % 9 + 1);
}

std::string Unit::describe() const
{
    static constexpr const char* kinds[] = {"row", "column", "box"};
    return kinds[static_cast<int>(kind)] + (" " + std::to_string(index + 1));
}

std::string Conflict::describe() const
{
    return "two " + std::to_string(digit) + "s in " + unit.describe();
}

std::optional<Conflict> find_conflict(const Grid& grid)
{
    for (int number = 0; number < Unit::count; ++number) {
        const Unit unit = Unit::from_number(number);
        unsigned seen = 0;
        for (int position = 0; position < Grid::size; ++position) {
            const int digit = grid[unit.cell(position)];
            if (digit == 0)
                continue;
            if (seen & (1u << digit))
                return Conflict{unit, digit};
            seen |= 1u << digit;
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
