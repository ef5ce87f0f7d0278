// libFuzzer: the Sudoku puzzle reader (both layouts). Any bytes become puzzles or per-puzzle
// errors, numbered in order, with digits 0-9 only; each well-formed puzzle is solved, and a
// solution found must solve it.
#include <sudoku/solver.hpp>
#include <sudoku/text_format.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    sudoku::PuzzleReader reader(in, "fuzz");
    sudoku::PuzzleRecord record;
    static sudoku::Solver solver;
    std::size_t expected = 1;
    while (reader.next(record)) {
        if (record.number != expected++ || record.first_line == 0)
            std::abort();
        if (record.error)
            continue;
        for (int cell = 0; cell < sudoku::Grid::cells; ++cell)
            if (record.grid[cell] < 0 || record.grid[cell] > 9)
                std::abort();
        const auto result = solver.solve(record.grid);
        if (result.status == sudoku::Status::solved &&
            !sudoku::solves(result.solution, record.grid))
            std::abort();
    }
    return 0;
}
