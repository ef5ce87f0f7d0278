// libFuzzer: the Sudoku puzzle reader (both layouts, other sizes, samurai, f-puzzles JSON and
// links). Any bytes become puzzles or per-puzzle errors, numbered in order, with digits in
// range only; each well-formed classic puzzle is solved, and a solution found must solve it.
// A variant puzzle is counted within a node budget (a blank 16x16 anti-knight can take long),
// and one that f-puzzles can hold is written and read back with the same givens.
#include <sudoku/fpuzzles.hpp>
#include <sudoku/solver.hpp>
#include <sudoku/text_format.hpp>
#include <sudoku/variant_solver.hpp>

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
        if (record.variant) {
            const sudoku::VariantPuzzle& puzzle = *record.variant;
            const sudoku::Rules& rules = *puzzle.rules;
            if (puzzle.digits.size() != static_cast<std::size_t>(rules.canvas_size()))
                std::abort();
            for (const std::uint8_t digit : puzzle.digits)
                if (digit > rules.size())
                    std::abort();
            sudoku::VariantSolver variant_solver(puzzle.rules);
            (void)variant_solver.count(puzzle, 2, nullptr, 20'000);
            if (!rules.variant().samurai && rules.size() <= 16 &&
                sudoku::read_fpuzzles(sudoku::write_fpuzzles(puzzle)).digits != puzzle.digits)
                std::abort();
            continue;
        }
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
