// Aligned pair and triplet exclusion against a second model: the same pairs and triplets in
// SE's order, each combination of digits tried one by one against SE's rules, on random
// pencil marks (the engine rules combinations out by masks and skips most triplets by
// bounds; the model skips none).
#include "se_techniques.hpp"

#include <sudoku/se_rating.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <bitset>
#include <cstdint>
#include <optional>
#include <random>
#include <utility>
#include <vector>

namespace {

using Removals = std::vector<std::pair<int, std::uint16_t>>;

struct Found {
    std::vector<int> cells; ///< the pair or triplet
    Removals removed;
};

struct Model {
    int degree = 3; // cells aligned: an excluder has two candidates up to this many
    std::vector<std::uint16_t> marks;
    std::vector<std::bitset<81>> excludes; // [cell]: its excluders

    int count(int cell) const { return std::popcount(marks[static_cast<std::size_t>(cell)]); }
    void prepare()
    {
        excludes.assign(81, {});
        for (int cell = 0; cell < 81; ++cell)
            for (int other = 0; other < 81; ++other)
                excludes[static_cast<std::size_t>(cell)][static_cast<std::size_t>(other)] =
                    sudoku::se::sees(cell, other) && count(other) >= 2 && count(other) <= degree;
    }
    bool excluder(int cell, int other) const
    {
        return excludes[static_cast<std::size_t>(cell)][static_cast<std::size_t>(other)];
    }
    bool base(int cell) const
    {
        if (count(cell) < 2)
            return false;
        bool any = false;
        for (int other = 0; other < 81; ++other) {
            if (sudoku::se::sees(cell, other) && count(other) == 1)
                return false;
            any = any || excluder(cell, other);
        }
        return any;
    }
    // What the cells (`n` of them) rule out: each digit of a cell in no allowed combination.
    Removals removals(const int* cells, int n) const
    {
        std::bitset<81> shared = excludes[static_cast<std::size_t>(cells[0])];
        for (int i = 1; i < n; ++i)
            shared &= excludes[static_cast<std::size_t>(cells[i])];
        if (shared.count() < 2)
            return {};
        std::vector<int> common;
        for (int e = 0; e < 81; ++e)
            if (shared[static_cast<std::size_t>(e)])
                common.push_back(e);
        std::uint16_t allowed[3] = {};
        int v[3] = {};
        // every combination of one digit per cell, as a number in base 9
        for (int code = 0; code < (n == 3 ? 729 : 81); ++code) {
            bool ok = true;
            for (int i = 0, c = code; i < n; ++i, c /= 9) {
                v[i] = c % 9 + 1;
                ok = ok && (marks[static_cast<std::size_t>(cells[i])] >> (v[i] - 1) & 1) != 0;
            }
            for (int i = 0; i < n && ok; ++i)
                for (int j = i + 1; j < n && ok; ++j)
                    ok = !(v[i] == v[j] && sudoku::se::sees(cells[i], cells[j]));
            for (std::size_t k = 0; k < common.size() && ok; ++k) {
                std::uint16_t left = marks[static_cast<std::size_t>(common[k])];
                for (int i = 0; i < n; ++i)
                    left = static_cast<std::uint16_t>(left & ~(1u << (v[i] - 1)));
                ok = left != 0;
            }
            if (ok)
                for (int i = 0; i < n; ++i)
                    allowed[i] = static_cast<std::uint16_t>(allowed[i] | 1u << (v[i] - 1));
        }
        Removals out;
        for (int i = 0; i < n; ++i) {
            const auto gone =
                static_cast<std::uint16_t>(marks[static_cast<std::size_t>(cells[i])] & ~allowed[i]);
            if (gone != 0)
                out.emplace_back(cells[i], gone);
        }
        std::sort(out.begin(), out.end());
        return out;
    }
    // SE's order: pairs of base cells (second, then first before it); for a triplet, the
    // third among the base cells the first sees as excluders, then those the second sees.
    std::optional<Found> first() const
    {
        std::vector<int> bases;
        for (int cell = 0; cell < 81; ++cell)
            if (base(cell))
                bases.push_back(cell);
        for (std::size_t second = 1; second < bases.size(); ++second)
            for (std::size_t first = 0; first < second; ++first) {
                const int c0 = bases[first], c1 = bases[second];
                if (degree == 2) {
                    const int cells[2] = {c0, c1};
                    Removals out = removals(cells, 2);
                    if (!out.empty())
                        return Found{{c0, c1}, out};
                    continue;
                }
                std::vector<int> thirds;
                for (const int c : bases)
                    if (c != c0 && c != c1 && excluder(c0, c))
                        thirds.push_back(c);
                for (const int c : bases)
                    if (c != c0 && c != c1 && excluder(c1, c) && !excluder(c0, c))
                        thirds.push_back(c);
                for (const int c2 : thirds) {
                    const int cells[3] = {c0, c1, c2};
                    Removals out = removals(cells, 3);
                    if (!out.empty())
                        return Found{{c0, c1, c2}, out};
                }
            }
        return std::nullopt;
    }
};

// Random states: about half the cells filled (their digits do not matter here), the others
// with pencil marks of two to six digits out of five to nine, and now and then one left with
// a single candidate (its peers are then no base cells). Checks the technique's first
// step against the model's on each; returns how many had one.
template <typename Find> int compare(int degree, int states, const Find& find)
{
    std::mt19937 random(20261126);
    int found = 0;
    for (int state = 0; state < states; ++state) {
        const int pool = 5 + state % 5;
        Model model;
        model.degree = degree;
        model.marks.assign(81, 0);
        sudoku::Grid digits;
        for (int cell = 0; cell < 81; ++cell) {
            if (random() % 2 == 0) {
                digits.set(cell, 1 + cell % 9);
                continue;
            }
            auto& mark = model.marks[static_cast<std::size_t>(cell)];
            const int n =
                random() % 40 == 0 ? 1 : std::min(pool, 2 + static_cast<int>(random() % 5));
            while (std::popcount(mark) < n)
                mark = static_cast<std::uint16_t>(mark |
                                                  1u << (random() % static_cast<unsigned>(pool)));
        }
        model.prepare();
        const sudoku::SeSolver solver(digits, model.marks);
        const auto ours = find(sudoku::se::SeTechniques(solver));
        const auto expected = model.first();
        INFO("state " << state);
        REQUIRE(ours.has_value() == expected.has_value());
        if (!ours)
            continue;
        ++found;
        CHECK(ours->removed == expected->removed);
        CHECK(ours->cells == expected->cells);
        CHECK(ours->rating == (degree == 2 ? 6.2 : 7.5));
    }
    return found;
}

} // namespace

TEST_CASE("aligned pair and triplet exclusion find what trying every combination finds",
          "[sudoku][se]")
{
    const int states = 1000;
    const int pairs = compare(2, states, [](const sudoku::se::SeTechniques& find) {
        return find.aligned_pair_exclusion();
    });
    const int triplets = compare(3, states, [](const sudoku::se::SeTechniques& find) {
        return find.aligned_triple_exclusion();
    });
    // (the states exercise both answers)
    CHECK(pairs > states / 20);
    CHECK(pairs < states);
    CHECK(triplets > states / 10);
    CHECK(triplets < states);
}
