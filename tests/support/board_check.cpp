// An independent reading of the board format and of the Sudoku rules.
#include "support/board_check.hpp"

#include <fstream>
#include <stdexcept>

namespace dlx_test {

std::vector<Board> parse_boards(const std::string& text, bool blanks)
{
    std::vector<Board> boards;
    std::size_t pos = 0, line = 0;
    auto fail = [&](const std::string& what) {
        throw std::runtime_error("board format, line " + std::to_string(line + 1) + ": " + what);
    };
    if (text.empty())
        fail("empty output");
    while (pos < text.size()) {
        if (!boards.empty()) {
            if (text[pos] != '\n')
                fail("expected one empty line between boards");
            ++pos, ++line;
        }
        Board board{};
        for (int row = 0; row < 9; ++row, ++line) {
            if (pos + 18 > text.size())
                fail("text ends inside a board");
            for (int col = 0; col < 9; ++col) {
                const char digit = text[pos + 2 * col];
                if (digit < (blanks ? '0' : '1') || digit > '9')
                    fail("expected a digit");
                board[row * 9 + col] = digit - '0';
                const char after = text[pos + 2 * col + 1];
                if (after != (col == 8 ? '\n' : ' '))
                    fail(col == 8 ? "expected the line to end after 9 digits"
                                  : "expected one space between digits");
            }
            pos += 18;
        }
        boards.push_back(board);
    }
    if (text.size() >= 2 && text[text.size() - 2] == '\n')
        fail("empty line at the end");
    return boards;
}

bool valid_solution(const Board& board)
{
    for (int unit = 0; unit < 9; ++unit) {
        int rows = 0, cols = 0, boxes = 0;
        for (int k = 0; k < 9; ++k) {
            const int r = board[unit * 9 + k], c = board[k * 9 + unit];
            const int b = board[((unit / 3) * 3 + k / 3) * 9 + (unit % 3) * 3 + k % 3];
            if (r < 1 || r > 9 || c < 1 || c > 9 || b < 1 || b > 9)
                return false;
            rows |= 1 << r, cols |= 1 << c, boxes |= 1 << b;
        }
        if (rows != 0x3FE || cols != 0x3FE || boxes != 0x3FE)
            return false;
    }
    return true;
}

bool solves_puzzle(const Board& solution, const Board& puzzle)
{
    if (!valid_solution(solution))
        return false;
    for (int i = 0; i < 81; ++i) {
        if (puzzle[i] != 0 && puzzle[i] != solution[i])
            return false;
    }
    return true;
}

std::vector<Board> read_one_line_puzzles(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
        throw std::runtime_error("cannot read " + path);
    std::vector<Board> puzzles;
    std::string line;
    while (std::getline(in, line)) {
        if (line.size() < 81)
            continue;
        Board puzzle{};
        for (int i = 0; i < 81; ++i)
            puzzle[i] = line[i] >= '1' && line[i] <= '9' ? line[i] - '0' : 0;
        puzzles.push_back(puzzle);
    }
    return puzzles;
}

} // namespace dlx_test
