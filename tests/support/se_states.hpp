// Grids part way through the SE reference puzzles (data/sudoku/se/serate_1.15.10.txt), for the
// tests of SE's techniques: where SE's steps first need a technique of some rating.
#pragma once

#include <sudoku/se_rating.hpp>

#include <cstdint>
#include <fstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace dlx_test {

/// Which of the reference puzzles, and where in them.
struct SeStates {
    double rated = 0;        ///< puzzles that serate rates this or more (ER)
    int every = 1;           ///< every this-th of them
    double first = 0;        ///< the grid before the first step rated this or more
    bool with_start = false; ///< also the puzzle as given, before that grid
    bool to_the_end = false; ///< also every grid after that one, step by step
};

/// The reference puzzles that serate rates `rated` or more (ER), in the file's order. Throws
/// std::runtime_error when the reference file cannot be read.
inline std::vector<std::string> se_reference_puzzles(double rated)
{
    const std::string path = std::string(DLX_DATA_DIR) + "/sudoku/se/serate_1.15.10.txt";
    std::ifstream in(path);
    if (!in)
        throw std::runtime_error(path + ": cannot be read");
    std::vector<std::string> puzzles;
    std::string line;
    // (a line: the puzzle's 81 characters, a space, "ED=ER/EP/ED" and the techniques)
    while (std::getline(in, line))
        if (!line.empty() && line[0] != '#' && std::stod(line.substr(85)) >= rated)
            puzzles.push_back(line.substr(0, 81));
    return puzzles;
}

/// The grids `which` asks for, each puzzle solved by SE's steps below 9.0. Throws
/// std::runtime_error when the reference file cannot be read.
inline std::vector<sudoku::SeSolver> se_states(const SeStates& which)
{
    std::vector<sudoku::SeSolver> states;
    int counted = 0;
    for (const std::string& puzzle : se_reference_puzzles(which.rated)) {
        if (counted++ % which.every != 0)
            continue;
        sudoku::SeSolver solver(sudoku::Grid::from_string(puzzle));
        if (which.with_start)
            states.push_back(solver);
        bool from_here = false;
        while (const auto step = solver.next_step(false)) {
            from_here = from_here || step->rating >= which.first;
            if (from_here)
                states.push_back(solver);
            if (from_here && !which.to_the_end)
                break;
            solver.apply(*step);
        }
    }
    return states;
}

/// A grid as the recorded states of Sukaku Explainer's hints write it (data/sudoku/se): 81
/// digits ('.' empty), a space, then 729 pencil marks, cell by cell ('.' or the digit). Throws
/// std::invalid_argument for a line of another length.
inline sudoku::SeSolver se_state_of(const std::string& state)
{
    if (state.size() != 81 + 1 + 729)
        throw std::invalid_argument("a recorded state has " + std::to_string(state.size()) +
                                    " characters, not 811");
    std::vector<std::uint16_t> marks(81, 0);
    for (int i = 0; i < 729; ++i)
        if (state[static_cast<std::size_t>(82 + i)] != '.')
            marks[static_cast<std::size_t>(i / 9)] |= static_cast<std::uint16_t>(1u << (i % 9));
    return {sudoku::Grid::from_string(state.substr(0, 81)), std::move(marks)};
}

} // namespace dlx_test
