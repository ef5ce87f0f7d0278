// The single-digit searches (pointing and claiming, turbot fish, strong links) remember, per
// thread, the places of a digit on which they found nothing, and skip that digit the next time its
// places are the same. Along whole solving paths, each search made in path order (remembering the
// earlier grids' places) must answer exactly as the same search in a fresh thread, which remembers
// nothing.
#include "se_techniques.hpp"
#include "support/se_states.hpp"

#include <sudoku/se_rating.hpp>

#include <catch2/catch.hpp>

#include <optional>
#include <thread>
#include <vector>

namespace {

using sudoku::SeStep;
using sudoku::se::Cells;

struct Answers {
    std::optional<SeStep> direct_locking, locking, turbot, strong;
};

Answers answers(const sudoku::SeSolver& state)
{
    const sudoku::se::SeTechniques find(state);
    return {find.locking(true), find.locking(false), find.turbot_fish(), find.strong_links()};
}

void check_same(const std::optional<SeStep>& remembered, const std::optional<SeStep>& fresh)
{
    REQUIRE(remembered.has_value() == fresh.has_value());
    if (!fresh)
        return;
    CHECK(remembered->name == fresh->name);
    CHECK(remembered->rating == fresh->rating);
    CHECK(remembered->removed == fresh->removed);
    CHECK(remembered->cells == fresh->cells);
}

} // namespace

TEST_CASE("A memo of places keeps what it was given and forgets nothing else", "[sudoku][se]")
{
    sudoku::se::EmptyPlaces memo;
    const Cells none{}, some = Cells::of(3) | Cells::of(70), more = some | Cells::of(80);
    CHECK_FALSE(memo.known(none)); // (an unused slot matches no pattern, not even the empty one)
    CHECK_FALSE(memo.known(some));
    memo.add(some);
    CHECK(memo.known(some));
    CHECK_FALSE(memo.known(more));
    CHECK_FALSE(memo.known(none));
    memo.add(none);
    CHECK(memo.known(none));
    CHECK(memo.known(some));
}

TEST_CASE("Single-digit searches answer alike with and without their memo", "[sudoku][se]")
{
    // every 6th reference puzzle rated 5.6 or more, every grid from its first step of 4.0
    const std::vector<sudoku::SeSolver> states =
        dlx_test::se_states({.rated = 5.6, .every = 6, .first = 4.0, .to_the_end = true});
    CHECK(states.size() > 1000);
    int turbots = 0, strongs = 0;
    for (const sudoku::SeSolver& state : states) {
        const Answers remembered = answers(state);
        Answers fresh;
        std::thread([&] { fresh = answers(state); }).join();
        check_same(remembered.direct_locking, fresh.direct_locking);
        check_same(remembered.locking, fresh.locking);
        check_same(remembered.turbot, fresh.turbot);
        check_same(remembered.strong, fresh.strong);
        turbots += fresh.turbot ? 1 : 0;
        strongs += fresh.strong ? 1 : 0;
    }
    // (both searches find steps on some grids and nothing on others)
    CHECK(turbots > 0);
    CHECK(turbots < static_cast<int>(states.size()));
    CHECK(strongs > 0);
    CHECK(strongs < static_cast<int>(states.size()));
}
