// Solving speed, in process and on one thread: puzzles per second to the first solution and
// to a count of up to two solutions, on files of one-line puzzles (81 characters, '.' or '0'
// for a blank). Every solution is checked against its puzzle.
//
//   sudoku-solve-bench [--repeat R] FILE...
#include <sudoku/grid.hpp>
#include <sudoku/solver.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace {

std::vector<sudoku::Grid> load(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
        throw std::runtime_error("cannot open " + path);
    std::vector<sudoku::Grid> puzzles;
    std::string line;
    while (std::getline(in, line)) {
        if (line.size() >= 81 && line[0] != '#')
            puzzles.push_back(sudoku::Grid::from_string(line.substr(0, 81)));
    }
    return puzzles;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    int repeat = 3;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--repeat" && i + 1 < argc)
            repeat = std::max(1, std::stoi(argv[++i]));
        else
            files.push_back(arg);
    }
    if (files.empty()) {
        std::cerr << "usage: sudoku-solve-bench [--repeat R] FILE...\n";
        return 2;
    }
    std::printf("%-32s %9s %14s %14s %12s\n", "file", "puzzles", "first (/s)", "count<=2 (/s)",
                "nodes/puzzle");
    for (const auto& file : files) {
        const auto puzzles = load(file);
        sudoku::Solver solver;
        std::vector<double> first_rates, count_rates;
        std::uint64_t nodes = 0;
        for (int r = 0; r < repeat; ++r) {
            auto start = std::chrono::steady_clock::now();
            nodes = 0;
            for (const auto& puzzle : puzzles) {
                const auto result = solver.solve(puzzle);
                nodes += solver.last_stats().nodes;
                if (result.status != sudoku::Status::solved ||
                    !sudoku::solves(result.solution, puzzle)) {
                    std::cerr << file << ": wrong answer for " << puzzle.to_string() << '\n';
                    return 1;
                }
            }
            std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
            first_rates.push_back(static_cast<double>(puzzles.size()) / seconds.count());
            start = std::chrono::steady_clock::now();
            std::uint64_t total = 0;
            for (const auto& puzzle : puzzles)
                total += solver.count(puzzle, 2);
            seconds = std::chrono::steady_clock::now() - start;
            count_rates.push_back(static_cast<double>(puzzles.size()) / seconds.count());
            if (total == 0)
                return 1;
        }
        const auto name = file.substr(file.find_last_of('/') + 1);
        std::printf("%-32s %9zu %14.0f %14.0f %12.1f\n", name.c_str(), puzzles.size(),
                    median(first_rates), median(count_rates),
                    static_cast<double>(nodes) / static_cast<double>(puzzles.size()));
    }
}
