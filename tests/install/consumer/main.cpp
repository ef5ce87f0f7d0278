// Solves a small exact-cover problem through the installed dlx library.
#include <dlx/dlx.hpp>
#include <sudoku/rater.hpp>
#include <sudoku/solver.hpp>

#include <iostream>

int main()
{
    dlx::ProblemBuilder builder;
    const auto a = builder.add_primary("a"), b = builder.add_primary("b"),
               c = builder.add_primary("c"), d = builder.add_primary("d"),
               e = builder.add_primary("e"), f = builder.add_primary("f"),
               g = builder.add_primary("g");
    builder.add_option({a, d, g});
    builder.add_option({b, c, f});
    builder.add_option({e});
    builder.add_option({a, b});
    const dlx::Problem problem = std::move(builder).build();
    const auto count = dlx::count_solutions(problem);
    const auto solution = dlx::first_solution(problem);
    if (!solution)
        return 1;
    std::cout << count << (count == 1 ? " solution:" : " solutions:");
    std::vector<dlx::OptionId> sorted(solution->begin(), solution->end());
    std::sort(sorted.begin(), sorted.end());
    for (const auto option : sorted)
        std::cout << " '" << dlx::format_option(problem, option) << "'";
    std::cout << '\n';

    sudoku::Solver solver;
    const auto puzzle = sudoku::Grid::from_string(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
    const auto result = solver.solve(puzzle);
    if (result.status != sudoku::Status::solved || !sudoku::solves(result.solution, puzzle))
        return 1;
    std::cout << result.solution.to_string().substr(0, 9) << '\n';
    sudoku::Rater rater;
    std::cout << sudoku::name(rater.rate(puzzle).level) << '\n';
}
