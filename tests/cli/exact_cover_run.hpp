// What the exact-cover CLI tests share: the binary, the sample problems, and a problem made
// to measure.
#pragma once

#include "support/process.hpp"

#include <string>

namespace dlx_test {

// The program, and the folder of sample problems (with a trailing '/').
namespace exact_cover {
inline const std::string bin = EXACT_COVER_BIN;
inline const std::string data = std::string(DLX_DATA_DIR) + "/exact-cover/";
} // namespace exact_cover

// N queens in Knuth's format: rows and columns primary, diagonals secondary.
inline std::string queens(int n)
{
    std::string text;
    for (int i = 0; i < n; ++i)
        text += "r" + std::to_string(i) + " c" + std::to_string(i) + " ";
    text += "|";
    for (int i = 0; i < 2 * n - 1; ++i)
        text += " a" + std::to_string(i) + " b" + std::to_string(i);
    text += "\n";
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c)
            text += "r" + std::to_string(r) + " c" + std::to_string(c) + " a" +
                    std::to_string(r + c) + " b" + std::to_string(r - c + n - 1) + "\n";
    }
    return text;
}

} // namespace dlx_test
