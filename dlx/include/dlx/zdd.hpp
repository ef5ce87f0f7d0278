// The ZDD of all solutions that a memoised count builds (Solver::count_memo), as Knuth's DLX6
// builds it: a zero-suppressed decision diagram whose paths to the terminal 1 are the solutions.
//
//   node k = (option, lo, hi): the solutions of lo, and those of hi with the option added
//   0: no solution; 1: the empty solution (nothing more to add)
//
// Nodes are made children first, so a node's lo and hi are always smaller than its id. It is
// not reduced or ordered as textbook ZDDs are: equal subproblems share a node only where the
// count met them in its cache. Counting, iterating and drawing uniform samples need no more.
#pragma once

#include <dlx/big_count.hpp>
#include <dlx/problem.hpp>
#include <dlx/random.hpp>
#include <dlx/solver.hpp>

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

namespace dlx {

class Zdd {
public:
    struct Node {
        OptionId option = 0;
        std::uint64_t lo = 0, hi = 0;
        friend bool operator==(const Node&, const Node&) = default;
    };

    /// The terminals: no solution, and the empty solution.
    static constexpr std::uint64_t none = 0, empty = 1;

    Zdd() = default;
    /// Node ids 2, 3, ... are `nodes` in order; `root` is one of them or a terminal. Throws
    /// ArgumentError when a node points to itself or above it.
    Zdd(std::vector<Node> nodes, std::uint64_t root);

    [[nodiscard]] std::uint64_t root() const noexcept { return root_; }
    /// The node with id `id` (at least 2).
    [[nodiscard]] const Node& node(std::uint64_t id) const
    {
        return nodes_.at(static_cast<std::size_t>(id - 2));
    }
    /// The nodes, ids 2, 3, ... in order.
    [[nodiscard]] std::span<const Node> nodes() const noexcept { return nodes_; }
    /// The nodes as DLX6 counts them: these, and the two terminals; 1 when there is no solution.
    [[nodiscard]] std::uint64_t size() const noexcept
    {
        return nodes_.empty() ? 1 : nodes_.size() + 2;
    }

    /// The solutions: the paths from the root to 1.
    [[nodiscard]] BigCount count() const;
    /// The solutions one at a time, in for_each()'s order: each next() gives the next one (its
    /// options, valid until the following call), then nothing. The Zdd must outlive it.
    class Paths {
    public:
        explicit Paths(const Zdd& zdd);
        [[nodiscard]] std::optional<std::span<const OptionId>> next();

    private:
        const Zdd* zdd_;
        std::vector<std::pair<std::uint64_t, std::size_t>> pending_; // lo branches, and where
        std::vector<OptionId> solution_;
    };
    /// Calls `visit` with each solution (its options, in the order the path takes them), until
    /// it returns Visit::stop.
    void for_each(const std::function<Visit(std::span<const OptionId>)>& visit) const;
    /// A solution drawn uniformly at random (each equally likely), or nothing when there is
    /// none.
    [[nodiscard]] std::optional<std::vector<OptionId>> sample(Random& random) const;
    /// `k` solutions drawn so, each independently of the others (a solution may come twice),
    /// the counts below every node computed once for all of them; none when there is none.
    [[nodiscard]] std::vector<std::vector<OptionId>> sample(Random& random, std::uint64_t k) const;

    /// Writes the diagram in DLX6's text format, which Knuth's tools read: a line per node,
    /// `id: (~option?lo:hi)` (ids in hexadecimal, the option numbered from 1 among the options
    /// of `problem` that have a primary item, as DLX6 numbers them), then the line
    /// `id: (~0?0:root)`.
    void write(std::ostream& out, const Problem& problem) const;
    /// Reads what write() writes, for `problem`. Throws ParseError ("file:line:column:
    /// message") for anything else: a line not of that form, an id out of sequence, a child
    /// not yet defined, an option the problem does not have.
    static Zdd read(std::istream& in, const Problem& problem, std::string_view file_name);

    friend bool operator==(const Zdd&, const Zdd&) = default;

private:
    std::vector<Node> nodes_;
    std::uint64_t root_ = none;
};

} // namespace dlx
