// The search tree as a Graphviz DOT graph, drawn by a Tracer while the search runs: a box per
// search-tree node (the item chosen there and its number of options), an arrow per option tried,
// solutions as green leaves and dead ends (an item with no option left) in red.
//
//   dlx::DotTracer dot(problem, file, {.max_depth = 6, .max_nodes = 200});
//   solver.search(visit, {.tracer = &dot});
//   dot.finish();                      // closes the graph; then: dot -Tsvg file > tree.svg
#pragma once

#include <dlx/problem.hpp>
#include <dlx/solver.hpp>

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace dlx {

struct DotLimits {
    std::size_t max_depth = 8;   ///< nodes deeper than this are left out
    std::size_t max_nodes = 500; ///< after this many nodes the drawing stops (the search goes on)
};

class DotTracer : public Tracer {
public:
    /// How an option is labelled: by default its items, as format_option() writes them.
    using OptionLabel = std::function<std::string(OptionId)>;

    DotTracer(const Problem& problem, std::ostream& out, DotLimits limits = {},
              OptionLabel label = {});

    void choose(std::size_t level, ItemId item, std::size_t length) override;
    void try_option(std::size_t level, std::optional<OptionId> option) override;
    void solution(std::span<const OptionId> options) override;

    /// Ends the graph (a note says where the drawing was cut, if it was). Call once, after the
    /// search.
    void finish();
    /// Nodes drawn so far.
    [[nodiscard]] std::size_t nodes() const noexcept { return drawn_; }

private:
    // Adds a node below the option being tried at `level - 1`; false when the limits leave it out.
    bool add_node(std::size_t level, const std::string& label, const std::string& style);

    const Problem& problem_;
    std::ostream& out_;
    DotLimits limits_;
    OptionLabel label_;
    std::vector<std::size_t> node_at_;    // the node drawn at each open level
    std::vector<std::string> edge_label_; // the option being tried at each open level
    std::vector<bool> drawn_at_;          // whether the node at each level was drawn
    std::size_t drawn_ = 0;
    bool cut_ = false;
};

} // namespace dlx
