// libFuzzer: the polyform puzzle reader. Any bytes either parse or raise ParseError; a small
// puzzle that parses is modelled (or refused with PuzzleError), all and distinct, and each part
// searched a little: its first solutions decode to placements on the board and draw.
#include <polyform/model.hpp>

#include <dlx/solver.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    polyform::Puzzle puzzle;
    try {
        puzzle =
            polyform::parse_puzzle(std::string(reinterpret_cast<const char*>(data), size), "fuzz");
    } catch (const dlx::ParseError&) {
        return 0; // refused cleanly
    }
    if (puzzle.board.empty() || puzzle.pieces.empty())
        std::abort(); // the reader promises a board and pieces
    if (puzzle.board.size() > 64 || puzzle.pieces.size() > 16)
        return 0; // a model this size is a benchmark, not a fuzz input
    for (const auto solutions : {polyform::Solutions::all, polyform::Solutions::distinct}) {
        polyform::Model model;
        try {
            model = polyform::build_model(puzzle, solutions);
        } catch (const polyform::PuzzleError&) {
            return 0;
        }
        for (const polyform::Part& part : model.parts) {
            dlx::SearchOptions options;
            options.node_limit = 500;
            dlx::Solver(part.problem)
                .search(
                    [&](std::span<const dlx::OptionId> solution) {
                        (void)model.keeps(part, solution);
                        for (const polyform::Placement& placement : model.decode(part, solution))
                            for (const polyform::Point& p : placement.cells)
                                if (!std::binary_search(puzzle.board.begin(), puzzle.board.end(),
                                                        p))
                                    std::abort();
                        (void)polyform::draw(puzzle, model.decode(part, solution));
                        return dlx::Visit::keep_going;
                    },
                    options);
        }
    }
    return 0;
}
