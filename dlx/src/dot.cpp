// The search tree as Graphviz DOT. See dot.hpp.
#include <dlx/dot.hpp>

#include <dlx/knuth_format.hpp>

#include <ostream>

namespace dlx {

namespace {

// A DOT string literal: quotes and backslashes escaped, line ends as Graphviz's "\n".
std::string quoted(const std::string& text)
{
    std::string out = "\"";
    for (const char c : text) {
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + "\"";
}

std::string options(std::size_t count)
{
    return std::to_string(count) + (count == 1 ? " option" : " options");
}

} // namespace

DotTracer::DotTracer(const Problem& problem, std::ostream& out, DotLimits limits, OptionLabel label)
    : problem_(problem), out_(out), limits_(limits), label_(std::move(label))
{
    if (!label_)
        label_ = [this](OptionId option) { return format_option(problem_, option); };
    out_ << "digraph search {\n"
         << "  node [shape=box, fontname=\"Helvetica\", fontsize=11];\n"
         << "  edge [fontname=\"Helvetica\", fontsize=10];\n";
}

bool DotTracer::add_node(std::size_t level, const std::string& label, const std::string& style)
{
    node_at_.resize(level + 1);
    edge_label_.resize(level + 1);
    drawn_at_.resize(level + 1);
    const bool parent_drawn = level == 0 || drawn_at_[level - 1];
    drawn_at_[level] = false;
    if (!parent_drawn || level > limits_.max_depth)
        return false;
    if (drawn_ >= limits_.max_nodes) {
        cut_ = true;
        return false;
    }
    const std::size_t id = drawn_++;
    node_at_[level] = id;
    drawn_at_[level] = true;
    out_ << "  n" << id << " [label=" << quoted(label) << style << "];\n";
    if (level > 0)
        out_ << "  n" << node_at_[level - 1] << " -> n" << id
             << " [label=" << quoted(edge_label_[level - 1]) << "];\n";
    return true;
}

void DotTracer::choose(std::size_t level, ItemId item, std::size_t length)
{
    const std::string style = length == 0 ? ", style=filled, fillcolor=mistyrose" : "";
    add_node(level, problem_.name(item) + "\n" + (length == 0 ? "no option left" : options(length)),
             style);
}

void DotTracer::try_option(std::size_t level, std::optional<OptionId> option)
{
    edge_label_.resize(level + 1);
    edge_label_[level] = option ? label_(*option) : "(no further option)";
}

void DotTracer::solution(std::span<const OptionId> options)
{
    add_node(options.size(), "solution", ", shape=ellipse, style=filled, fillcolor=palegreen");
}

void DotTracer::finish()
{
    if (cut_)
        out_ << "  cut [shape=plaintext, label="
             << quoted("drawing cut at " + std::to_string(limits_.max_nodes) + " nodes") << "];\n";
    out_ << "}\n";
}

} // namespace dlx
