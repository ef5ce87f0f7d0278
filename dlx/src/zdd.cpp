// Zdd (zdd.hpp): counting its paths, walking them, drawing one at random, and DLX6's text.
#include <dlx/error.hpp>
#include <dlx/zdd.hpp>

#include <charconv>
#include <cstdio>
#include <istream>
#include <ostream>
#include <string>

namespace dlx {

namespace {

// A node id as an index (ids fit: the nodes are in memory).
std::size_t ix(std::uint64_t id) noexcept { return static_cast<std::size_t>(id); }

// The solutions below every node: paths[id] for ids 0, 1, 2, ..., children before parents.
std::vector<BigCount> paths_below(std::span<const Zdd::Node> nodes)
{
    std::vector<BigCount> paths(nodes.size() + 2);
    paths[ix(Zdd::empty)] = 1;
    for (std::size_t i = 0; i < nodes.size(); ++i)
        paths[ix(i + 2)] = paths[ix(nodes[i].lo)] + paths[ix(nodes[i].hi)];
    return paths;
}

// DLX6 numbers the options that have a primary item, from 1, in input order (it drops the
// others): its number of each option of `problem`, 0 for one it drops.
std::vector<std::uint64_t> dlx6_numbers(const Problem& problem)
{
    std::vector<std::uint64_t> numbers(problem.option_count(), 0);
    std::uint64_t next = 1;
    for (OptionId option = 0; option < problem.option_count(); ++option) {
        for (const Entry& entry : problem.option(option)) {
            if (problem.kind(entry.item) == ItemKind::primary) {
                numbers[option] = next++;
                break;
            }
        }
    }
    return numbers;
}

std::string hex(std::uint64_t value)
{
    char text[24];
    std::snprintf(text, sizeof text, "%llx", static_cast<unsigned long long>(value));
    return text;
}

} // namespace

Zdd::Zdd(std::vector<Node> nodes, std::uint64_t root) : nodes_(std::move(nodes)), root_(root)
{
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
        if (nodes_[i].lo >= i + 2 || nodes_[i].hi >= i + 2)
            throw ArgumentError("dlx::Zdd: node " + std::to_string(i + 2) +
                                " points to itself or to a node above it");
    }
    if (root_ >= nodes_.size() + 2)
        throw ArgumentError("dlx::Zdd: the root " + std::to_string(root_) + " is not a node");
}

BigCount Zdd::count() const { return paths_below(nodes_)[ix(root_)]; }

// Depth first: each node's hi branch (its option taken), then its lo branch. The stack holds the
// lo branches still to walk, with the length of the solution where they start.
Zdd::Paths::Paths(const Zdd& zdd) : zdd_(&zdd), pending_{{zdd.root_, 0}} {}

std::optional<std::span<const OptionId>> Zdd::Paths::next()
{
    while (!pending_.empty()) {
        auto [at, length] = pending_.back();
        pending_.pop_back();
        solution_.resize(length);
        while (at > empty) {
            const Node& n = zdd_->nodes_[ix(at - 2)];
            if (n.lo != none)
                pending_.emplace_back(n.lo, solution_.size());
            solution_.push_back(n.option);
            at = n.hi;
        }
        if (at == empty)
            return std::span<const OptionId>(solution_);
    }
    return std::nullopt;
}

void Zdd::for_each(const std::function<Visit(std::span<const OptionId>)>& visit) const
{
    Paths paths(*this);
    while (const auto solution = paths.next()) {
        if (visit(*solution) == Visit::stop)
            return;
    }
}

std::optional<std::vector<OptionId>> Zdd::sample(Random& random) const
{
    std::vector<std::vector<OptionId>> drawn = sample(random, 1);
    if (drawn.empty())
        return std::nullopt;
    return std::move(drawn.front());
}

std::vector<std::vector<OptionId>> Zdd::sample(Random& random, std::uint64_t k) const
{
    const std::vector<BigCount> paths = paths_below(nodes_);
    std::vector<std::vector<OptionId>> drawn;
    if (paths[ix(root_)] == BigCount())
        return drawn;
    // At each node, the hi branch with the share of the solutions below it, else the lo one.
    for (std::uint64_t i = 0; i < k; ++i) {
        std::vector<OptionId>& solution = drawn.emplace_back();
        for (std::uint64_t at = root_; at > empty;) {
            const Node& n = nodes_[ix(at - 2)];
            if (paths[ix(at)].random_below(random) < paths[ix(n.hi)]) {
                solution.push_back(n.option);
                at = n.hi;
            } else {
                at = n.lo;
            }
        }
    }
    return drawn;
}

void Zdd::write(std::ostream& out, const Problem& problem) const
{
    const std::vector<std::uint64_t> number = dlx6_numbers(problem);
    char line[96];
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
        const Node& n = nodes_[i];
        std::snprintf(line, sizeof line, "%llx: (~%llu?%llx:%llx)\n",
                      static_cast<unsigned long long>(i + 2),
                      static_cast<unsigned long long>(number.at(n.option)),
                      static_cast<unsigned long long>(n.lo), static_cast<unsigned long long>(n.hi));
        out << line;
    }
    std::snprintf(line, sizeof line, "%llx: (~0?0:%llx)\n",
                  static_cast<unsigned long long>(nodes_.size() + 2),
                  static_cast<unsigned long long>(root_));
    out << line;
}

Zdd Zdd::read(std::istream& in, const Problem& problem, std::string_view file_name)
{
    const std::vector<std::uint64_t> number = dlx6_numbers(problem);
    std::vector<OptionId> option_of(1, 0); // by DLX6's number
    for (OptionId option = 0; option < problem.option_count(); ++option) {
        if (number[option] != 0)
            option_of.push_back(option);
    }
    std::vector<Node> nodes;
    std::optional<std::uint64_t> root;
    std::size_t root_line = 0;
    std::string text;
    std::size_t line = 0;
    while (std::getline(in, text)) {
        ++line;
        if (!text.empty() && text.back() == '\r')
            text.pop_back();
        const auto fail = [&](std::size_t column, const std::string& message) {
            return ParseError(std::string(file_name), line, column, message);
        };
        if (root && text.find_first_not_of(" \t") == std::string::npos)
            continue; // blank lines after the root: the end of a file as editors leave it
        if (root)
            throw fail(1, "a line after the root line (" + std::to_string(root_line) +
                              "), which ends a ZDD");
        // id: (~option?lo:hi)
        std::size_t at = 0;
        const auto number_at = [&](int base, const char* what) {
            std::uint64_t value = 0;
            const char* const first = text.data() + at;
            const auto [end, error] =
                std::from_chars(first, text.data() + text.size(), value, base);
            if (error != std::errc() || end == first)
                throw fail(at + 1, std::string("expected ") + what);
            at = static_cast<std::size_t>(end - text.data());
            return value;
        };
        const auto expect = [&](std::string_view literal) {
            if (text.compare(at, literal.size(), literal) != 0)
                throw fail(at + 1, "expected '" + std::string(literal) + "'");
            at += literal.size();
        };
        const std::uint64_t id = number_at(16, "a node id in hexadecimal");
        expect(": (~");
        const std::uint64_t option = number_at(10, "an option number");
        expect("?");
        const std::uint64_t lo = number_at(16, "the lo child in hexadecimal");
        expect(":");
        const std::uint64_t hi = number_at(16, "the hi child in hexadecimal");
        expect(")");
        if (at != text.size())
            throw fail(at + 1, "unexpected text after the node");
        if (id != nodes.size() + 2)
            throw fail(1, "node " + hex(id) + " out of sequence (expected " +
                              hex(nodes.size() + 2) + ")");
        if (lo >= id || hi >= id)
            throw fail(1, "node " + hex(id) + " points to a node not yet defined");
        if (option == 0) { // the root line
            if (lo != 0)
                throw fail(1, "the root line must read 'id: (~0?0:root)'");
            root = hi;
            root_line = line;
            continue;
        }
        if (option >= option_of.size())
            throw fail(1, "option " + std::to_string(option) + " is not an option of the " +
                              "problem (it has " + std::to_string(option_of.size() - 1) +
                              " with a primary item)");
        nodes.push_back({option_of[ix(option)], lo, hi});
    }
    if (!root)
        throw ParseError(std::string(file_name), line, 0,
                         line == 0 ? "empty: not a ZDD"
                                   : "no root line 'id: (~0?0:root)' at the end");
    return Zdd(std::move(nodes), *root);
}

} // namespace dlx
