// SE's chaining engine (se_chains.cpp, se_chain_links.hpp, se_chain_reach.cpp,
// se_chain_multiple.cpp, se_chain_hints.cpp, se_chain_nested.cpp), private: potentials ("this cell
// has / has not this digit") that remember the potentials they follow from, the sets and queues SE
// propagates them with (se_chain_potentials.hpp), what the static links allow on a grid
// (se_chain_reach.hpp), and the searches: forcing chains and cycles (static, one assumption),
// Nishio, multiple and dynamic forcing chains, and the nested levels, where other techniques (and
// chains) rule candidates out inside a chain.
//
// SE's results depend on the order things are found in: its sets keep their insertion order,
// its queues are first in first out, an "on" potential waiting is always taken before an
// "off" one, and its hints are sorted by (difficulty, complexity, kind) with a stable sort.
// The complexity (the number of distinct potentials a conclusion follows from, and at the
// nested levels the complexity of each distinct chain nested in it) sets the length bonus of
// the rating. All of that is kept here exactly.
#pragma once

#include "se_chain_reach.hpp"

#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace sudoku::se::chains {

/// An "on" potential of a chain with why it holds, where the chain is nested in another: the
/// candidates its cause needed ruled out are the nested chain's parents (SE's getRuleParents).
struct RuleOn {
    std::int8_t cell, digit;
    Cause cause; ///< naked_single or hidden_*
};

/// A hint of the chaining engine, with what SE sorts it by.
struct ChainHint {
    enum Kind : std::uint8_t { forcing_chain, cycle, binary, cell_reduction, region_reduction };
    Kind kind = forcing_chain;
    double difficulty = 0;
    int complexity = 0;
    int sort_key = 0;
    std::vector<std::pair<int, std::uint16_t>> removed; ///< by cell
    int cell = -1, digit = 0;                           ///< the placement, when it places
    std::string name;
    std::vector<int> cells;    ///< the chain's cells, in order
    std::vector<SeLink> links; ///< the chains' links, for a hint (none for a nested hint)
    // For a hint nested in another chain (Chaining::nesting):
    std::vector<std::int8_t> removal_order;   ///< the cells SE inserted its removals in, if not one
    std::vector<RuleOn> rule_ons;             ///< the chains' "on" potentials, in SE's order
    std::array<std::uint64_t, 2> signature{}; ///< its chains' potentials (SE's FullChain)

    /// SE's equality of chaining hints: the same candidates removed.
    [[nodiscard]] bool same_removals(const ChainHint& other) const
    {
        return removed == other.removed;
    }
};

/// Adds a number to a signature (two hashes of a sequence; -1 separates chains).
inline void add_to_signature(std::array<std::uint64_t, 2>& signature, int value)
{
    const auto v = static_cast<std::uint64_t>(static_cast<std::int64_t>(value) + 2);
    signature[0] = (signature[0] ^ v) * 0x100000001b3ull;
    signature[1] = signature[1] * 0x9e3779b97f4a7c15ull + v * 0xc2b2ae3d27d4eb4full;
}

/// The rating added for a chain's complexity: 0.1 for each threshold passed, the thresholds
/// 4, 6, 8, 12, 16, 24, ... on complexity - 2 (summed as SE sums it, in doubles).
double length_bonus(int complexity);

/// SE's Chaining producer with its flags: multiple (cell and region forcing chains), dynamic,
/// Nishio, and the nesting level. (false, false, false, 0) finds forcing chains and cycles.
class Chaining {
public:
    /// `nesting_limit`: at level 4, the level of the dynamic chains nested; `nesting`: the
    /// hints are for another chain (they then keep what SE's nested chains need).
    Chaining(bool multiple, bool dynamic, bool nishio, int level, int nesting_limit = 0,
             bool nesting = false)
        : multiple_(multiple), dynamic_(dynamic), nishio_(nishio), nesting_(nesting), level_(level),
          nesting_limit_(nesting_limit)
    {
        store_.keep_paths(!multiple_ && !dynamic_);
    }

    /// All hints on `grid`, sorted as SE sorts them, those with the same removals as an
    /// earlier one dropped.
    [[nodiscard]] std::vector<ChainHint> hints(const ChainGrid& grid);
    /// The same, kept for the next call on the same grid (SE keeps its last hints).
    const std::vector<ChainHint>& cached_hints(const ChainGrid& grid);

private:
    /// An implied potential, before it is made (most implied ones are known already).
    struct Implied {
        std::int8_t cell, digit;
        Cause cause;
        std::int8_t region_type; ///< for hidden parents: the region of a hidden single
    };
    /// A contradiction: a potential found both "on" and "off" (no contradiction: -1).
    struct Absurd {
        int on = -1, off = -1;
    };

    // What a potential "on" (each_off_implied) or "off" (each_on_implied) implies on grid_, as
    // SE links potentials (se_chain_links.hpp): visit(implied) for each, in SE's order, until
    // it returns false (and then false).
    template <typename Visit>
    bool each_off_implied(int cell, int digit, bool y_links, const Visit& visit) const;
    template <typename Visit>
    bool each_on_implied(int cell, int digit, bool y_links, bool x_links, const Visit& visit) const;
    /// The implications of a potential (by key) in a search that does not change the grid
    /// (forcing chains and cycles), found once per kind of links: where they start in
    /// implied_ (an index: finding more moves them), and their count.
    std::size_t implications(int key, bool y_links, bool x_links, int& count)
    {
        count = implication_count(key, y_links, x_links);
        return static_cast<std::size_t>(implied_start_[static_cast<std::size_t>(key)]);
    }
    int implication_count(int key, bool y_links, bool x_links)
    {
        if (implied_count_[static_cast<std::size_t>(key)] < 0)
            find_implications(key, y_links, x_links);
        return implied_count_[static_cast<std::size_t>(key)];
    }
    void find_implications(int key, bool y_links, bool x_links);
    int make_on(const Implied& implied, int parent, const PotentialSet& offs);
    /// Calls `visit(cell, digit)` for each candidate the search has ruled out since its source
    /// grid that makes (cell, digit) hold: the cell's other candidates (`region_type` -1, a
    /// naked single) or the digit's other places in its region of that type (a hidden single).
    template <typename Visit>
    void each_ruled_out(int cell, int digit, int region_type, const Visit& visit) const
    {
        if (region_type < 0) {
            for (unsigned m = source_.candidates[static_cast<std::size_t>(cell)] &
                              ~grid_.candidates[static_cast<std::size_t>(cell)];
                 m != 0; m &= m - 1)
                visit(cell, std::countr_zero(m) + 1);
            return;
        }
        const int region = region_of(region_type, cell);
        for (unsigned m = source_.positions(region_type, region, digit) &
                          ~grid_.positions(region_type, region, digit);
             m != 0; m &= m - 1)
            visit(cell_at(region_type, region, std::countr_zero(m)), digit);
    }

    // Forcing chains and cycles (se_chains.cpp).
    void loop_hints(bool y_links, bool x_links, std::vector<ChainHint>& out);
    void unary_chaining(int cell, int digit, bool y_links, bool x_links,
                        std::vector<ChainHint>& out);
    void do_cycles(PotentialSet& to_on, bool y_links, bool x_links, int source_key,
                   std::vector<ChainHint>& out);
    void do_forcing_chains(PotentialSet& to_on, PotentialSet& to_off, bool y_links, int source_key);

    // Multiple, dynamic and Nishio chains (se_chain_multiple.cpp).
    Absurd do_chaining(PotentialSet& to_on, PotentialSet& to_off);
    struct Followed;
    /// A digit of a cell assumed "on", followed to its end (or its contradiction). SE follows
    /// the same assumption again for each region it is a place of (but the first); here it is
    /// followed once per grid (not for Nishio, which follows each once) and read where it was
    /// kept.
    const Followed& followed(int cell, int digit);
    /// The potential of `key` that `followed` found (it must have found one).
    [[nodiscard]] int found_node(const Followed& followed, int key) const;
    /// The cell or region forcing chains: what follows from every branch (`outcomes`, the
    /// first the cell's own), in the order the first one found it.
    void common_reductions(const Followed* const* outcomes, int count, ChainHint::Kind kind,
                           Cause cause, std::vector<ChainHint>& out);
    void cell_chainings(int cell, std::vector<ChainHint>& out);
    [[nodiscard]] bool multiple_reductions(int cell) const;
    /// Of a digit's places, those where Nishio's search from the digit assumed in or out may
    /// meet a contradiction (none elsewhere).
    static Cells nishio_assumptions(Cells places);
    void binary_chaining(int cell, int digit, bool reductions, bool contradictions,
                         std::vector<ChainHint>& out);
    /// The candidate (cell * 9 + digit - 1) whose "on" implies (cell, digit) "off" and is
    /// implied by it, if any: the cell's other digit if it has two, else the digit's other
    /// place in a region (box, row, column) of two; -1 for none.
    [[nodiscard]] int mirror_of_off(int cell, int digit) const;
    void region_chainings(int cell, int digit, std::vector<ChainHint>& out);

    // Nested levels (se_chain_nested.cpp).
    /// A chain nested in this one's chains: its complexity, and what tells it from others.
    struct NestedChain {
        int complexity;
        std::array<std::uint64_t, 2> signature;
    };
    bool add_advanced_potentials(PotentialSet& to_off);
    bool add_rule_potentials(const std::vector<std::pair<int, std::uint16_t>>& removed,
                             const std::vector<int>& parents, int nested, PotentialSet& to_off);
    bool chain_rule_potentials(Chaining& rule, PotentialSet& to_off);
    /// The complexity of a hint with these chain targets (their ancestors, and the chains
    /// nested in them); with `nesting_`, also the hint's rule "on"s and signature.
    /// `assumption`: the cause SE gives an assumption there (a cell or region hint's). Once it
    /// is more than `most`, that is returned: the count stops there.
    int measure(ChainHint& hint, const int* targets, int count, Cause assumption,
                int most = std::numeric_limits<int>::max());
    /// The most complexity a hint of this base difficulty can have without sorting after the
    /// best so far, where that is simply the best's own (the best is of the same difficulty
    /// at that complexity); otherwise no bound (the largest int).
    [[nodiscard]] int most_complexity(double base) const;

    // Hints (se_chain_hints.cpp).
    void add_cycle_hint(int dst_on, bool y_links, bool x_links, std::vector<ChainHint>& out);
    void add_forcing_chain_hint(int target, bool y_links, bool x_links,
                                std::vector<ChainHint>& out);
    void add_binary_hint(int dst_on, int dst_off, int source, int target, bool absurd,
                         std::vector<ChainHint>& out);
    void add_reduction_hint(ChainHint::Kind kind, int target, const int* chains, int count,
                            Cause assumption, std::vector<ChainHint>& out);
    [[nodiscard]] double rule_difficulty() const;
    [[nodiscard]] std::string name_prefix() const;
    [[nodiscard]] std::string name_suffix() const;
    [[nodiscard]] std::uint16_t ruled_out(const Potential& conclusion, bool places) const;
    void add_chain(int target, ChainHint& hint) const;
    // A hint shown (not nested), where only the first hint in SE's order counts: whether it
    // may be that one (it does not sort after the least (difficulty, complexity) found so far,
    // which it then becomes); and whether a forcing chain or cycle of this base and at least
    // this complexity would sort after it (its search can stop).
    bool note_best(const ChainHint& hint);
    [[nodiscard]] bool beyond_best(double base, int complexity) const;
    // Whether the forcing chain from this assumption may be the first hint shown. The kinds
    // of links are searched in the order of their sort keys and the sort is stable, so the
    // best so far sorts before any hint found after it with the same difficulty and
    // complexity: only a chain of less may (its complexity: its links + 1), and the shortest
    // chain is the one the search finds.
    [[nodiscard]] bool chain_may_lead(int cell, int digit, Assumed assumed, bool y_links) const;

    bool multiple_, dynamic_, nishio_, nesting_;
    int level_, nesting_limit_;
    ChainGrid grid_;   ///< the grid searched (dynamic chains write their assumptions to it)
    ChainGrid source_; ///< SE's saveGrid: the grid before the assumptions, for hidden parents
    /// [digit - 1]: the cells with that candidate in the grid hints() was given (static
    /// chains and Nishio)
    std::array<Cells, 9> with_digit_;
    /// Nishio: [digit - 1]: nishio_assumptions of the digit's places
    std::array<Cells, 9> nishio_assumptions_;
    bool has_source_ = false;
    PotentialStore store_;
    PotentialSet sets_[2];
    std::vector<int> pending_on_, pending_off_; ///< (the static searches' queues)
    std::vector<int> chains_; ///< the forcing chains' targets found from one assumption
    bool has_best_ = false;
    double best_difficulty_ = 0;
    int best_complexity_ = 0;
    // forcing chains and cycles: each key's implications (start in implied_, count; -1: not
    // found yet), for the kind of links searched
    std::array<std::int32_t, key_count> implied_start_{};
    std::array<std::int8_t, key_count> implied_count_{};
    std::vector<Implied> implied_;
    // cycles: the "off" keys whose implications are all known in the search numbered search_
    std::array<std::uint32_t, key_count> spent_{};
    std::uint32_t search_ = 0;
    std::shared_ptr<const ChainReach> reach_; ///< of grid_: for the static and multiple chains
    ShortestChains shortest_;                 ///< of grid_: for the static chains
    // the assumptions "on" followed so far on this grid ([cell * 9 + digit - 1])
    struct Followed {
        bool done = false;
        int assumption = -1;
        Absurd absurd;
        std::vector<int> on, off; ///< the potentials found, in order
        /// their keys, in the same order (read where a search looks for a key: the store's
        /// potentials lie far apart)
        std::vector<std::int16_t> on_keys, off_keys;
        KeyBits keys; ///< their keys as a set
    };
    std::vector<Followed> followed_;
    // the multiple chains' propagation: "on" then "off"
    std::vector<PotentialSet> work_;
    // nested levels: the chains nested (by Potential::nested), the chain techniques used
    // inside (made when first needed), and the last hints (with the grid they are of)
    std::vector<NestedChain> nested_;
    std::vector<std::unique_ptr<Chaining>> chain_rules_;
    std::vector<ChainHint> last_hints_;
    ChainGrid last_grid_;
    bool has_last_ = false;
};

/// The first hint of SE's Chaining producer with these flags, as a step.
std::optional<SeStep> chain_step(const SeTechniques& state, bool multiple, bool dynamic,
                                 bool nishio, SeTechnique technique, int level = 0,
                                 int nesting_limit = 0);

/// Whether every step of SE's path from `state` on rates `er` or less, shown by a certificate
/// (se_rest.cpp): the grid filled from here by singles and by forcing chains (X and Y links)
/// rated `er` or less. False where the certificate fails; SE's path may then rate more or not.
/// Below 7.0, false (the proof needs every technique before the forcing chains to rate less).
/// `state` must be one whose digits break no rule and whose candidates none of them rules out
/// (as SeSolver makes from givens that agree): the proof needs a grid filled to be a solution.
[[nodiscard]] bool rest_rates_at_most(const SeSolver& state, double er);

} // namespace sudoku::se::chains
