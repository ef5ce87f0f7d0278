// The certificate that the rest of SE's path rates no more than a number (rest_rates_at_most,
// se_rest.cpp) against the path itself, followed to its end, on the reference puzzles that
// need a chain; and rate_se, which stops where the certificate holds, against the whole path.
#include "se_chains.hpp"
#include "support/se_states.hpp"

#include <sudoku/se_rating.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace {

// SE's whole path below 9.0: the state before each step, and each step's number.
struct Path {
    std::vector<sudoku::SeSolver> states;
    std::vector<double> ratings;
    std::vector<bool> places; ///< whether the step places a digit
    std::vector<std::string> names;
    bool complete = false;
};

Path whole_path(const std::string& puzzle)
{
    Path path;
    sudoku::SeSolver state(sudoku::Grid::from_string(puzzle));
    while (!state.solved()) {
        const auto step = state.next_step(false);
        if (!step)
            return path;
        path.states.push_back(state);
        path.ratings.push_back(step->rating);
        path.places.push_back(step->places());
        path.names.push_back(step->name);
        state.apply(*step);
    }
    path.complete = true;
    return path;
}

} // namespace

TEST_CASE("the certificate that the rest rates no higher holds where it is found", "[sudoku][se]")
{
    int found = 0, tried = 0;
    for (const std::string& puzzle : dlx_test::se_reference_puzzles(7.0)) {
        const Path path = whole_path(puzzle);
        if (!path.complete)
            continue; // (the nested chains' puzzles)
        // from each state on: the most any step rates
        std::vector<double> rest(path.ratings.size());
        double most = 0;
        for (std::size_t k = path.ratings.size(); k-- > 0;)
            rest[k] = most = std::max(most, path.ratings[k]);
        for (std::size_t k = 0; k < path.states.size(); ++k) {
            INFO(puzzle << " before step " << k + 1 << " of " << path.states.size()
                        << ", the rest rated up to " << rest[k]);
            ++tried;
            // a number below the rest's: never certified
            CHECK_FALSE(sudoku::se::chains::rest_rates_at_most(path.states[k], rest[k] - 0.05));
            // the rest's own (7.0 or more): often
            if (sudoku::se::chains::rest_rates_at_most(path.states[k], std::max(rest[k], 7.0)))
                ++found;
        }
    }
    CHECK(tried > 20000);
    CHECK(found > tried / 2);
}

TEST_CASE("rating stops where the rest rates no higher, with the whole path's numbers",
          "[sudoku][se]")
{
    int shorter = 0, rated = 0;
    for (const std::string& puzzle : dlx_test::se_reference_puzzles(7.0)) {
        INFO(puzzle);
        const Path path = whole_path(puzzle);
        if (!path.complete)
            continue;
        // the whole path's numbers, as SE takes them
        double er = 0, ep = 0, ed = path.ratings.front();
        std::string er_name, ep_name, ed_name = path.names.front();
        bool placed = false;
        for (std::size_t k = 0; k < path.ratings.size(); ++k) {
            if (path.ratings[k] > er) { // (the first step of the highest number)
                er = path.ratings[k];
                er_name = path.names[k];
            }
            if (!placed) {
                ep = er;
                ep_name = er_name;
                placed = path.places[k];
            }
        }
        const sudoku::SeRating rating = sudoku::rate_se(sudoku::Grid::from_string(puzzle));
        ++rated;
        CHECK(rating.complete);
        CHECK(rating.er == er);
        CHECK(rating.ep == ep);
        CHECK(rating.ed == ed);
        CHECK(rating.er_technique == er_name);
        CHECK(rating.ep_technique == ep_name);
        CHECK(rating.ed_technique == ed_name);
        CHECK(rating.steps <= static_cast<int>(path.ratings.size()));
        if (rating.steps < static_cast<int>(path.ratings.size()))
            ++shorter;
    }
    CHECK(rated > 300);
    CHECK(shorter > rated / 2);
}
