// Knuth's sanity() check of the links, and exact comparison of two sets of links: the tests'
// proof that a search restores everything it changed. Both only read: neither undoes the levels
// a stopped search left open.
#include "links.hpp"

#include <algorithm>
#include <sstream>

namespace dlx::detail {

// Every list doubly linked, every node in its own item's list, every length right. This holds
// at any moment between two dance steps, open levels or not: a covered item keeps its list
// and leaves the active ones; a hidden option leaves the lists of its other items.
std::string Links::check() const
{
    std::ostringstream fault;
    const auto items = static_cast<std::int32_t>(prev_.size()) - 1;
    for (std::int32_t q = root, p = next_[root]; keep_list_; q = p, p = next_[p]) {
        if (prev_[p] != q) {
            fault << "item " << item_id(p) << ": bad prev link";
            return fault.str();
        }
        if (p == root)
            break;
    }
    for (std::int32_t item = 1; item <= items; ++item) {
        std::int32_t count = 0;
        for (std::int32_t q = item, p = links_[item].down;; q = p, p = links_[p].down) {
            if (links_[p].up != q) {
                fault << "node " << p << ": bad up link";
                return fault.str();
            }
            if (p == item)
                break;
            if (top_[p] != item) {
                fault << "node " << p << ": in the list of item " << item_id(item)
                      << " but belongs to item " << item_id(top_[p]);
                return fault.str();
            }
            ++count;
        }
        if (count != length(item)) {
            fault << "item " << item_id(item) << ": length " << length(item) << ", list holds "
                  << count;
            return fault.str();
        }
    }
    return {};
}

// Compares the links as the next search will find them: where a stopped search left levels
// open (which that search undoes first), on copies with those levels undone.
bool Links::same_as(const Links& other) const
{
    if (open_levels_ > 0 || other.open_levels_ > 0) {
        Links settled(*this), other_settled(other);
        settled.settle();
        other_settled.settle();
        return settled.same_as(other_settled);
    }
    const auto link_equal = [](const Link& a, const Link& b) {
        return a.up == b.up && a.down == b.down;
    };
    const auto end = static_cast<std::size_t>(node_end_);
    return node_end_ == other.node_end_ &&
           std::equal(links_.begin(), links_.begin() + end, other.links_.begin(), link_equal) &&
           std::equal(top_.begin(), top_.begin() + end, other.top_.begin()) &&
           std::equal(color_.begin(), color_.begin() + end, other.color_.begin()) &&
           prev_ == other.prev_ && next_ == other.next_ && bound_ == other.bound_ &&
           slack_ == other.slack_;
}

} // namespace dlx::detail
