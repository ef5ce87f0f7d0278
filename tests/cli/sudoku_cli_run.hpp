// Running sudoku-cli in a scratch directory beside an earlier output, for the CLI tests.
#pragma once

#include "support/process.hpp"
#include "support/text.hpp"

#include <string>
#include <vector>

namespace dlx_test {

inline const std::string bin = SUDOKU_CLI_BIN;

// A puzzle with one solution (the Wikipedia example).
inline const std::string puzzle =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

inline std::string previous_output(const TempDir& dir)
{
    return dir.write("sudoku.txt", "an earlier run's output\n").string();
}

// Runs sudoku-cli with `args` in a directory that holds an earlier sudoku.txt and a
// puzzles.txt; tells whether the earlier output survived.
struct UsageRun {
    dlx_test::RunResult result;
    bool previous_kept = false;
};

inline UsageRun run_beside_previous_output(const std::vector<std::string>& args)
{
    const TempDir dir;
    const auto before = previous_output(dir);
    dir.write("puzzles.txt", puzzle + "\n");
    std::vector<std::string> argv{bin};
    argv.insert(argv.end(), args.begin(), args.end());
    UsageRun run_result{dlx_test::run(argv, {}, dir.path())};
    run_result.previous_kept = read_file(before) == "an earlier run's output\n";
    return run_result;
}

} // namespace dlx_test
