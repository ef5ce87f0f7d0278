// Some searches remember, per thread, the footprints (what a part of them reads of the grid)
// on which a part of them found nothing, and skip that part the next time the footprint is the
// same: pointing and claiming, fish, turbot fish and strong links by the places of each digit,
// naked and hidden subsets by the cells of each region, aligned triplet exclusion by what each
// pair of base cells reads, unique loops by what the loops from each start read, WXYZ- and
// VWXYZ-wings by the cells of each region and the bivalue cells that see them (unique loops and
// the wings relying on the cells they would rule digits out of having only lost candidates
// since: no cell has gained one). Along whole solving paths, each search made in this thread
// (whose memo holds the footprints of every grid met so far, on every path) must answer exactly
// as the same search in a fresh thread, whose memo is empty.
#include "se_techniques.hpp"
#include "support/se_states.hpp"

#include <sudoku/se_rating.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <optional>
#include <thread>
#include <vector>

namespace {

using sudoku::SeStep;
using sudoku::se::Cells;
using sudoku::se::Footprint;

using Answers = std::vector<std::optional<SeStep>>;

Answers answers(const sudoku::SeSolver& state)
{
    const sudoku::se::SeTechniques find(state);
    Answers all{find.locking(true),  find.locking(false), find.turbot_fish(),
                find.strong_links(), find.unique_loops(), find.aligned_triple_exclusion(),
                find.wxyz_wing(),    find.vwxyz_wing()};
    for (int size = 2; size <= 4; ++size) {
        all.push_back(find.fish(size));
        all.push_back(find.naked_set(size));
        all.push_back(find.hidden_set(size, false));
        if (size < 4)
            all.push_back(find.hidden_set(size, true));
    }
    return all;
}

void check_same(const std::optional<SeStep>& remembered, const std::optional<SeStep>& fresh)
{
    REQUIRE(remembered.has_value() == fresh.has_value());
    if (!fresh)
        return;
    CHECK(remembered->technique == fresh->technique);
    CHECK(remembered->cell == fresh->cell);
    CHECK(remembered->digit == fresh->digit);
    CHECK(remembered->name == fresh->name);
    CHECK(remembered->rating == fresh->rating);
    CHECK(remembered->removed == fresh->removed);
    CHECK(remembered->cells == fresh->cells);
}

} // namespace

TEST_CASE("A memo of footprints knows what it was given and nothing else", "[sudoku][se]")
{
    sudoku::se::FoundNothing memo;
    const Footprint none{}, some = Footprint::of(Cells::of(3) | Cells::of(70)),
                            more = Footprint::of(Cells::of(3) | Cells::of(70) | Cells::of(80));
    CHECK_FALSE(memo.known(none)); // (an unused slot matches nothing, not even the empty one)
    CHECK_FALSE(memo.known(some));
    memo.add(some);
    CHECK(memo.known(some));
    CHECK_FALSE(memo.known(more));
    CHECK_FALSE(memo.known(none));
    memo.add(none);
    CHECK(memo.known(none));
    CHECK(memo.known(some));
    // with values
    sudoku::se::FootprintMap<int> values;
    CHECK(values.find(some) == nullptr);
    values.put(some, 7);
    values.put(more, 8);
    REQUIRE(values.find(some) != nullptr);
    CHECK(*values.find(some) == 7);
    CHECK(*values.find(more) == 8);
    CHECK(values.find(none) == nullptr);
}

TEST_CASE("Searches answer alike with and without their memo", "[sudoku][se]")
{
    // every 6th reference puzzle rated 5.6 or more, every grid from its first step of 4.0
    const std::vector<sudoku::SeSolver> states =
        dlx_test::se_states({.rated = 5.6, .every = 6, .first = 4.0, .to_the_end = true});
    CHECK(states.size() > 1000);
    std::vector<int> found(answers(states.front()).size(), 0); // [search]: grids with a step
    for (const sudoku::SeSolver& state : states) {
        const Answers remembered = answers(state);
        Answers fresh;
        std::thread([&] { fresh = answers(state); }).join();
        REQUIRE(remembered.size() == fresh.size());
        for (std::size_t k = 0; k < fresh.size(); ++k) {
            check_same(remembered[k], fresh[k]);
            found[k] += fresh[k] ? 1 : 0;
        }
    }
    // (each search finds steps on some grids and nothing on others)
    for (const int grids : found) {
        CHECK(grids > 0);
        CHECK(grids < static_cast<int>(states.size()));
    }
}

TEST_CASE("Searches answer alike on a grid whose digits are renamed", "[sudoku][se]")
{
    // A part of a search kept by the places of a digit must not answer for another digit that
    // has those places later (or on another grid): each grid here comes right after the same
    // grid with its digits renamed (1 -> 2 -> ... -> 9 -> 1), so each digit now has the places
    // the one before it had there.
    const std::vector<sudoku::SeSolver> states =
        dlx_test::se_states({.rated = 4.0, .every = 9, .first = 4.0, .to_the_end = true});
    REQUIRE(states.size() > 500);
    const auto renamed = [](const sudoku::SeSolver& state) {
        sudoku::Grid digits = state.grid();
        std::vector<std::uint16_t> marks(81);
        for (int cell = 0; cell < 81; ++cell) {
            if (digits[cell] != 0)
                digits.set(cell, digits[cell] % 9 + 1);
            const unsigned m = state.candidates(cell);
            marks[static_cast<std::size_t>(cell)] =
                static_cast<std::uint16_t>((m << 1 | m >> 8) & 0x1ff);
        }
        return sudoku::SeSolver(digits, std::move(marks));
    };
    int turbot = 0; // (grids where turbot fish finds a step: the memo's case)
    for (const sudoku::SeSolver& state : states) {
        const sudoku::SeSolver other = renamed(state);
        (void)answers(state);
        const Answers remembered = answers(other);
        Answers fresh;
        std::thread([&] { fresh = answers(other); }).join();
        REQUIRE(remembered.size() == fresh.size());
        for (std::size_t k = 0; k < fresh.size(); ++k)
            check_same(remembered[k], fresh[k]);
        turbot += fresh[2] ? 1 : 0;
    }
    CHECK(turbot > 100);
}

TEST_CASE("A part kept as finding nothing answers again on a grid with more candidates",
          "[sudoku][se]")
{
    // The wings keep a region, unique loops a start, by what decides their patterns, not by
    // the cells a pattern would rule digits out of: those may only have lost candidates
    // since. Here a grid with a step (A), then the same grid with that step applied (B, only
    // candidates lost: B answers as in a fresh thread, with what A kept), then A again, whose
    // candidates B lacked (every part dropped: A's step again).
    const std::vector<sudoku::SeSolver> states =
        dlx_test::se_states({.rated = 4.5, .every = 3, .first = 4.0, .to_the_end = true});
    using Search = std::optional<SeStep> (*)(const sudoku::se::SeTechniques&);
    const Search searches[] = {
        [](const sudoku::se::SeTechniques& find) { return find.wxyz_wing(); },
        [](const sudoku::se::SeTechniques& find) { return find.vwxyz_wing(); },
        [](const sudoku::se::SeTechniques& find) { return find.unique_loops(); },
    };
    for (const Search search : searches) {
        const auto answer = [&](const sudoku::SeSolver& state) {
            return search(sudoku::se::SeTechniques(state));
        };
        int checked = 0;
        for (const sudoku::SeSolver& a : states) {
            std::optional<SeStep> fresh, fresh_b, before, after;
            std::thread([&] { fresh = answer(a); }).join();
            if (!fresh)
                continue;
            sudoku::SeSolver b = a;
            b.apply(*fresh);
            std::thread([&] { fresh_b = answer(b); }).join();
            std::thread([&] {
                (void)answer(a);
                before = answer(b);
                after = answer(a);
            }).join();
            checked += before ? 0 : 1;
            check_same(before, fresh_b);
            check_same(after, fresh);
        }
        CHECK(checked > 20); // (the grids where B had no such step at all)
    }
}
