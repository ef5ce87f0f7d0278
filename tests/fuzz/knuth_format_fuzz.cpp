// libFuzzer: Knuth's format reader. Any bytes either parse or raise ParseError; what parses
// writes back and reads again to an equal problem, and its search runs clean (a few thousand
// nodes at most).
#include <dlx/knuth_format.hpp>
#include <dlx/solver.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    dlx::Problem problem;
    try {
        problem = dlx::read_knuth(in, "fuzz");
    } catch (const dlx::ParseError&) {
        return 0; // refused: fine, as long as it was refused cleanly
    }
    // The primary items come first in anything read_knuth() made, so the round trip is exact.
    std::ostringstream out;
    dlx::write_knuth(out, problem);
    std::istringstream again(out.str());
    if (!(dlx::read_knuth(again, "again") == problem))
        std::abort();
    dlx::Solver solver(problem);
    const dlx::Solver fresh(problem);
    dlx::SearchOptions options;
    options.node_limit = 5000;
    (void)solver.count(options);
    if (!solver.check_links().empty() || !solver.same_links_as(fresh)) // restored after the search
        std::abort();
    return 0;
}
