// Text that the tests take apart: a program's output, a file read back.
#pragma once

#include <sstream>
#include <string>
#include <vector>

namespace dlx_test {

// The lines of `text`, without their line ends.
inline std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> all;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        all.push_back(line);
    return all;
}

} // namespace dlx_test
