// One solution of each class under the puzzle's symmetries, by restricting placements before
// the search (the method of Knuth and of BurrTools), made exact for symmetric solutions.
//
// Let G be the symmetries and P a piece used exactly once that every symmetry maps to itself.
// G splits P's placements into orbits; keep one placement r of each. A class of solutions
// meets each orbit of P once, and its members with P at r are the images of one of them under
// H, the symmetries that fix r. So:
//
//   - where H is the identity alone, the class has one member with P at r: keep r as it is;
//   - where H is more (P at the centre, or on a mirror line), the solutions with P at r must be
//     counted once per class of H: the same question one level down, a case, with P fixed at
//     r, the group H, and a next piece Q whose orbits under H split again, until every group
//     left is the identity.
//
// One problem holds every case. A case has an anchor, the option that makes its fixed
// placements (P@r itself at the first level; below, one option placing them all together), and
// a secondary item "@k" that the anchor takes. Q's placements that the case does not keep take
// "@k" too, so that they cannot go with the anchor, and nothing else changes:
//
//   level 0   G: 8 symmetries     P's options: P@r1  P@r3       (orbit reps, H trivial)
//                                              P@r2 @1          (on a diagonal: H = 2)
//   level 1   case @1, H = 2      Q@q1  Q@q2 ...                (Q's reps: as they were)
//                                 Q@q1' @1  Q@q2' @1 ...        (their mirror images: not
//                                                                with P@r2)
//
// A solution with P at r2 takes the anchor P@r2, which forbids Q's placements that the case
// drops; below level 1, the anchor P@r2+Q@q (with its own "@m") places both pieces, and the
// plain Q@q takes "@1". The search branches on P's few options first, as in the plain count.
// Where no piece can break a group that is left (every piece with copies, say), the case is a
// part of its own whose solutions are kept only when least of their images (Model::keeps()).
#include "model_detail.hpp"

#include <algorithm>

namespace polyform::detail {

namespace {

class Reducer {
public:
    explicit Reducer(const Model& model)
        : model_(model), cases_of_(model.placements.size()), kept_(model.placements.size(), true)
    {
    }

    void add_parts(Model& model)
    {
        std::vector<std::uint32_t> all(model_.symmetries.size());
        for (std::uint32_t s = 0; s < all.size(); ++s)
            all[s] = s;
        split({}, all, std::nullopt);
        if (broken_at_top_) {
            std::vector<PartOption> options;
            for (std::uint32_t i = 0; i < model_.placements.size(); ++i)
                if (kept_[i])
                    options.push_back({{i}, cases_of_[i]});
            for (auto& anchor : anchors_)
                options.push_back(std::move(anchor));
            model.parts.push_back(make_part(model_, std::move(options), cases_, {}));
        }
        // Cases that no piece could break: the plain problem with their pieces fixed.
        for (const auto& [prefix, group] : filtered_) {
            std::vector<PartOption> options;
            for (std::uint32_t i = 0; i < model_.placements.size(); ++i) {
                const auto same_piece = [&](std::uint32_t j) {
                    return model_.placements[j].piece == model_.placements[i].piece;
                };
                if (std::none_of(prefix.begin(), prefix.end(), same_piece) ||
                    std::find(prefix.begin(), prefix.end(), i) != prefix.end())
                    options.push_back({{i}, {}});
            }
            std::vector<std::uint32_t> filter(group.begin() + 1, group.end());
            model.parts.push_back(make_part(model_, std::move(options), 0, std::move(filter)));
        }
    }

private:
    struct Orbit {
        std::uint32_t representative; // its least placement
        std::vector<std::uint32_t> members;
        std::vector<std::uint32_t> fixing; // the symmetries of the group that fix it
    };
    struct Choice {
        std::uint32_t piece;
        std::vector<Orbit> orbits;
        std::size_t symmetric; // orbits fixed by more than the identity
        // At the top, fewer placements kept make the smaller tree (the search branches on
        // them first), then fewer cases below. In a case, fewer cases below come first: each
        // is an anchor more among the top piece's options, where the search branches.
        [[nodiscard]] bool better_than(const Choice& other, bool top) const
        {
            if (top)
                return std::pair{orbits.size(), symmetric} <
                       std::pair{other.orbits.size(), other.symmetric};
            return std::pair{symmetric, orbits.size()} <
                   std::pair{other.symmetric, other.orbits.size()};
        }
    };

    // The case of the solutions whose placements include `prefix`, counted once per class of
    // `group` (the symmetries that fix each placement of `prefix`), whose anchor takes item
    // `item` (none at the top). Returns false when no piece could break the group.
    bool split(const std::vector<std::uint32_t>& prefix, const std::vector<std::uint32_t>& group,
               std::optional<std::uint32_t> item)
    {
        std::optional<Choice> best;
        for (std::uint32_t piece = 0; piece < model_.puzzle.pieces.size(); ++piece) {
            if (!can_break(piece, prefix, group))
                continue;
            Choice choice = orbits(piece, prefix, group);
            if (!best || choice.better_than(*best, !item))
                best = std::move(choice);
        }
        if (!best) {
            filtered_.push_back({prefix, group});
            return false;
        }
        if (!item)
            broken_at_top_ = true;
        for (const Orbit& orbit : best->orbits) {
            // At the top the dropped placements go; below, they are kept from the anchor.
            for (const std::uint32_t member : orbit.members) {
                if (member == orbit.representative)
                    continue;
                if (item)
                    cases_of_[member].push_back(*item);
                else
                    kept_[member] = false;
            }
            if (orbit.fixing.size() == 1)
                continue;
            std::vector<std::uint32_t> next = prefix;
            next.push_back(orbit.representative);
            const std::uint32_t own = cases_++;
            if (!split(next, orbit.fixing, own)) {
                --cases_; // a case that nothing breaks made no case below, and needs no item
                if (!item)
                    kept_[orbit.representative] = false; // its case is a part of its own
                else
                    cases_of_[orbit.representative].push_back(*item);
                continue;
            }
            if (!item) {
                cases_of_[orbit.representative].push_back(own); // P@r is the anchor
            } else {
                cases_of_[orbit.representative].push_back(*item); // not with the outer anchor
                anchors_.push_back({next, {own}});
            }
        }
        return true;
    }

    // A piece breaks symmetry when it is used exactly once, is not placed yet, and every
    // symmetry of the group maps it to itself.
    bool can_break(std::uint32_t piece, const std::vector<std::uint32_t>& prefix,
                   const std::vector<std::uint32_t>& group) const
    {
        if (model_.puzzle.pieces[piece].copies != Copies{1, 1})
            return false;
        for (const std::uint32_t placed : prefix)
            if (model_.placements[placed].piece == piece)
                return false;
        return std::all_of(group.begin(), group.end(), [&](std::uint32_t s) {
            return model_.symmetries[s].piece[piece] == piece;
        });
    }

    bool overlaps(const Placement& placement, const std::vector<std::uint32_t>& prefix) const
    {
        for (const std::uint32_t placed : prefix) {
            const Shape& cells = model_.placements[placed].cells;
            for (const Point& p : placement.cells)
                if (std::binary_search(cells.begin(), cells.end(), p))
                    return true;
        }
        return false;
    }

    // The orbits under `group` of the placements of `piece` beside those of `prefix` (a set
    // that the group maps onto itself, as it fixes each placement of the prefix).
    Choice orbits(std::uint32_t piece, const std::vector<std::uint32_t>& prefix,
                  const std::vector<std::uint32_t>& group) const
    {
        Choice choice{piece, {}, 0};
        std::vector<bool> seen(model_.placements.size(), false);
        for (std::uint32_t i = 0; i < model_.placements.size(); ++i) {
            const Placement& placement = model_.placements[i];
            if (placement.piece != piece || seen[i] || overlaps(placement, prefix))
                continue;
            // The first placement of an orbit met in order is its least.
            Orbit orbit{i, {}, {}};
            for (const std::uint32_t s : group) {
                const std::uint32_t image = model_.image[s][i];
                if (!seen[image]) {
                    seen[image] = true;
                    orbit.members.push_back(image);
                }
                if (image == i)
                    orbit.fixing.push_back(s);
            }
            if (orbit.fixing.size() > 1)
                ++choice.symmetric;
            choice.orbits.push_back(std::move(orbit));
        }
        return choice;
    }

    const Model& model_;
    std::vector<std::vector<std::uint32_t>> cases_of_; // per placement: the case items it takes
    std::vector<bool> kept_;                           // per placement: an option of the part
    std::vector<PartOption> anchors_;                  // of the cases below the first level
    std::uint32_t cases_ = 0;
    bool broken_at_top_ = false;
    std::vector<std::pair<std::vector<std::uint32_t>, std::vector<std::uint32_t>>> filtered_;
};

} // namespace

void add_distinct_parts(Model& model)
{
    Reducer reducer(model);
    reducer.add_parts(model);
}

} // namespace polyform::detail
