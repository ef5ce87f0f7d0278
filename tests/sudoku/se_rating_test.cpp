// Ratings on Sudoku Explainer's scale (sudoku/se_rating.hpp), against Sukaku Explainer
// 1.15.10's serate: its ratings of 1,903 puzzles are recorded as facts in
// data/sudoku/se/serate_1.15.10.txt (how they were made is written at its top).
#include <sudoku/logic.hpp>
#include <sudoku/se_rating.hpp>
#include <sudoku/solver.hpp>

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Reference {
    std::string puzzle;     // 81 characters
    std::string er, ep, ed; // as serate prints them
    std::string er_name, ep_name, ed_name;
};

// Lines "PUZZLE ED=ER/EP/ED ER_NAME/EP_NAME/ED_NAME"; '#' starts a comment.
std::vector<Reference> references()
{
    std::ifstream in(std::string(DLX_DATA_DIR) + "/sudoku/se/serate_1.15.10.txt");
    REQUIRE(in);
    std::vector<Reference> all;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        Reference r;
        r.puzzle = line.substr(0, 81);
        const auto numbers = line.find(" ED=") + 4, names = line.find(' ', numbers);
        std::istringstream rating(line.substr(numbers, names - numbers));
        std::getline(rating, r.er, '/');
        std::getline(rating, r.ep, '/');
        std::getline(rating, r.ed);
        std::istringstream named(line.substr(names + 1));
        std::getline(named, r.er_name, '/');
        std::getline(named, r.ep_name, '/');
        std::getline(named, r.ed_name);
        all.push_back(r);
    }
    return all;
}

} // namespace

TEST_CASE("SE ratings equal serate's", "[sudoku][se]")
{
    int rated = 0;
    for (const Reference& r : references()) {
        INFO(r.puzzle << ": serate " << r.er << "/" << r.ep << "/" << r.ed << " " << r.er_name);
        const auto rating = sudoku::rate_se(sudoku::Grid::from_string(r.puzzle));
        CHECK(rating.complete); // all of SE's techniques are here
        ++rated;
        CHECK(sudoku::se_number(rating.er) == r.er);
        CHECK(sudoku::se_number(rating.ep) == r.ep);
        CHECK(sudoku::se_number(rating.ed) == r.ed);
        CHECK(rating.er_technique == r.er_name);
        CHECK(rating.ep_technique == r.ep_name);
        CHECK(rating.ed_technique == r.ed_name);
    }
    CHECK(rated > 1800); // the reference covers 1.0 to 9.6
}

TEST_CASE("SE numbers are printed as serate prints them", "[sudoku][se]")
{
    CHECK(sudoku::se_number(1.0) == "1.0");
    CHECK(sudoku::se_number(7.2) == "7.2");
    CHECK(sudoku::se_number(6.6 + 0.1 + 0.1) == "6.8");
    CHECK(sudoku::se_number(20.0) == "20.0");
    CHECK(sudoku::se_number(0.0) == "0.0");
}

TEST_CASE("a full grid needs no step, and a blank one gets stuck", "[sudoku][se]")
{
    const auto full = sudoku::rate_se(sudoku::Grid::from_string(
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"));
    CHECK(full.complete);
    CHECK(full.steps == 0);
    CHECK(full.er == 0.0);
    const auto blank = sudoku::rate_se(sudoku::Grid::from_string(std::string(81, '.')));
    CHECK_FALSE(blank.complete);
    CHECK(blank.steps == 0);
}

TEST_CASE("rating with a solver refuses what se_refusal refuses and rates the rest alike",
          "[sudoku][se]")
{
    sudoku::Solver solver;
    const auto same = [&](const std::string& text) {
        INFO(text);
        const sudoku::Grid puzzle = sudoku::Grid::from_string(text);
        const sudoku::SeVerdict verdict = sudoku::rate_se(puzzle, solver);
        const auto refusal = sudoku::se_refusal(puzzle, solver);
        CHECK(verdict.refusal == refusal);
        if (refusal) {
            CHECK(verdict.rating.steps == 0);
            CHECK(verdict.rating.er == 0.0);
            CHECK_FALSE(verdict.rating.complete);
            CHECK(verdict.rating.er_technique.empty());
            return;
        }
        const sudoku::SeRating alone = sudoku::rate_se(puzzle);
        CHECK(verdict.rating.er == alone.er);
        CHECK(verdict.rating.ep == alone.ep);
        CHECK(verdict.rating.ed == alone.ed);
        CHECK(verdict.rating.er_technique == alone.er_technique);
        CHECK(verdict.rating.ep_technique == alone.ep_technique);
        CHECK(verdict.rating.ed_technique == alone.ed_technique);
        CHECK(verdict.rating.complete == alone.complete);
        CHECK(verdict.rating.steps == alone.steps);
    };
    const auto all = references();
    for (std::size_t i = 0; i < all.size(); i += 97)
        same(all[i].puzzle);
    same(std::string(81, '.')); // many solutions: stuck, rated
    same("534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    same("11" + std::string(79, '.'));                                    // givens that clash
    same("12345678." + std::string(8, '.') + "9" + std::string(63, '.')); // no solution
    // From the first reference puzzles: one with a given taken away (several solutions), and
    // one with a given changed to a digit that breaks no rule but leaves no solution (which
    // only the search shows), for a few givens each.
    int fewer = 0, none = 0;
    for (std::size_t k = 0; k < 20 && (fewer < 3 || none < 3); ++k) {
        const std::string& puzzle = all[k].puzzle;
        for (std::size_t cell = 0; cell < puzzle.size() && (fewer < 3 || none < 3); ++cell) {
            if (puzzle[cell] == '.' || puzzle[cell] == '0')
                continue;
            std::string other = puzzle;
            other[cell] = '.';
            if (fewer < 3 && solver.count(sudoku::Grid::from_string(other), 2) == 2) {
                same(other);
                ++fewer;
            }
            for (char digit = '1'; digit <= '9' && none < 3; ++digit) {
                other[cell] = digit;
                const sudoku::Grid grid = sudoku::Grid::from_string(other);
                if (digit != puzzle[cell] && !sudoku::find_conflict(grid) &&
                    solver.count(grid, 1) == 0) {
                    same(other);
                    ++none;
                    break;
                }
            }
        }
    }
    CHECK(fewer == 3);
    CHECK(none == 3);
}

TEST_CASE("a step of SE's is sound: it never rules out the solution's digit", "[sudoku][se]")
{
    sudoku::Solver engine;
    const auto all = references();
    for (std::size_t i = 0; i < all.size(); i += 3) { // a third of them: chains take time
        const Reference& r = all[i];
        INFO(r.puzzle);
        const sudoku::Grid puzzle = sudoku::Grid::from_string(r.puzzle);
        const auto solved = engine.solve(puzzle);
        REQUIRE(solved.status == sudoku::Status::solved);
        sudoku::SeSolver solver(puzzle);
        while (const auto step = solver.next_step()) {
            if (step->places())
                REQUIRE(solved.solution[step->cell] == step->digit);
            for (const auto& [cell, digits] : step->removed)
                REQUIRE((digits & sudoku::digit_bit(solved.solution[cell])) == 0);
            solver.apply(*step);
        }
    }
}

TEST_CASE("SeSolver's empty cells are its grid's from either start and step by step",
          "[sudoku][se]")
{
    const auto agree = [](const sudoku::SeSolver& state) {
        bool any = false;
        for (int cell = 0; cell < sudoku::Grid::cells; ++cell) {
            const bool bit =
                (state.empty_cells()[static_cast<std::size_t>(cell / 64)] >> (cell % 64) & 1) != 0;
            REQUIRE(bit == (state.grid()[cell] == 0));
            any = any || bit;
        }
        REQUIRE(state.solved() == !any);
    };
    const auto all = references();
    for (std::size_t i = 0; i < all.size(); i += 97) {
        INFO(all[i].puzzle);
        sudoku::SeSolver from_givens(sudoku::Grid::from_string(all[i].puzzle));
        agree(from_givens);
        int steps = 0;
        while (const auto step = from_givens.next_step(false)) {
            from_givens.apply(*step);
            agree(from_givens);
            // at the 20th step, the same state again from its digits and candidates
            if (++steps == 20) {
                std::vector<std::uint16_t> marks(sudoku::Grid::cells);
                for (int cell = 0; cell < sudoku::Grid::cells; ++cell)
                    marks[static_cast<std::size_t>(cell)] = from_givens.candidates(cell);
                const sudoku::SeSolver from_marks(from_givens.grid(), marks);
                agree(from_marks);
                CHECK(from_marks.empty_cells() == from_givens.empty_cells());
            }
        }
        CHECK(from_givens.solved());
    }
}
