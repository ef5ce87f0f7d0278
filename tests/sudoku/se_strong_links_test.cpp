// Sudoku Explainer's strong links (chains of three strong links on a digit) against Sukaku
// Explainer 1.15.10's own classes where equal chains tie: data/sudoku/se/strong_links_1.15.10.txt
// records, for 85 states, the first hint of serate's StrongLinks(3). Those states are where the
// order SE's search meets chains in decides which one is the step.
#include "se_techniques.hpp"
#include "support/se_states.hpp"

#include <catch2/catch.hpp>

#include <bit>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <vector>

namespace {

struct Recorded {
    std::string state; // 81 digits, a space, 729 pencil marks
    std::string hint;  // "toString() | CELL:MASK ..."
};

std::vector<Recorded> recorded()
{
    std::ifstream in(std::string(DLX_DATA_DIR) + "/sudoku/se/strong_links_1.15.10.txt");
    REQUIRE(in);
    std::vector<Recorded> all;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#')
            continue;
        if (line.starts_with("state "))
            all.push_back({line.substr(6), {}});
        else {
            REQUIRE(!all.empty()); // (a hint follows its state)
            all.back().hint = line;
        }
    }
    return all;
}

// SE's name of a cell: its column as a letter, then its row.
std::string cell_name(int cell)
{
    return std::string(1, static_cast<char>('A' + cell % 9)) + std::to_string(cell / 9 + 1);
}

// The strong links step on a state, written as the recorded lines write serate's hint.
std::string first_hint(const std::string& state)
{
    const sudoku::SeSolver solver = dlx_test::se_state_of(state);
    const auto step = sudoku::se::SeTechniques(solver).strong_links();
    if (!step)
        return "none";
    std::map<int, unsigned> removed; // cell: digits
    for (const auto& [cell, digits] : step->removed)
        removed[cell] |= digits;
    std::string out = step->name + ": Cell ";
    for (std::size_t k = 0; k < step->cells.size(); ++k)
        out += (k == 0 ? "" : ",") + cell_name(step->cells[k]);
    out += " on value " + std::to_string(std::countr_zero(removed.begin()->second) + 1) + " |";
    for (const auto& [cell, digits] : removed) {
        char mask[8];
        std::snprintf(mask, sizeof mask, "%x", digits);
        out += " " + std::to_string(cell) + ":" + mask;
    }
    return out;
}

} // namespace

TEST_CASE("SE's strong links give serate's first hint where equal chains tie", "[sudoku][se]")
{
    const std::vector<Recorded> all = recorded();
    REQUIRE(all.size() == 85);
    for (const Recorded& r : all) {
        INFO("state " << r.state.substr(0, 81));
        CHECK(first_hint(r.state) == r.hint);
    }
}
