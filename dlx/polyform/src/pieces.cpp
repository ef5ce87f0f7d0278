// Orientations, canonical forms and the enumeration of polyforms. See pieces.hpp.
#include <polyform/pieces.hpp>

#include <algorithm>
#include <set>

namespace polyform {

namespace {

// The symmetries that `turns` allows a piece.
std::span<const Transform> allowed(Grid grid, Turns turns)
{
    const std::span<const Transform> all = symmetries(grid);
    switch (turns) {
    case Turns::free: return all;
    case Turns::one_sided: return all.first(all.size() / 2); // the rotations come first
    case Turns::fixed: return all.first(1);
    }
    return all;
}

Shape transformed(Grid grid, const Transform& transform, const Shape& shape)
{
    Shape image;
    image.reserve(shape.size());
    for (const Point& p : shape)
        image.push_back(transform.apply(p));
    return normalised(grid, std::move(image));
}

} // namespace

std::string_view turns_name(Turns turns) noexcept
{
    switch (turns) {
    case Turns::free: return "free";
    case Turns::one_sided: return "one-sided";
    case Turns::fixed: return "fixed";
    }
    return "free";
}

bool is_piece_name(std::string_view name) noexcept
{
    if (name.empty() || name.size() > 16)
        return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               std::string_view("'-_+!()[]").find(c) != std::string_view::npos;
    });
}

std::vector<Shape> orientations(Grid grid, const Shape& shape, Turns turns)
{
    std::vector<Shape> found;
    for (const Transform& transform : allowed(grid, turns)) {
        Shape image = transformed(grid, transform, shape);
        if (std::find(found.begin(), found.end(), image) == found.end())
            found.push_back(std::move(image));
    }
    return found;
}

Shape canonical(Grid grid, const Shape& shape, Turns turns)
{
    std::vector<Shape> all = orientations(grid, shape, turns);
    return *std::min_element(all.begin(), all.end());
}

std::vector<Shape> enumerate_polyforms(Grid grid, int size, Turns turns)
{
    if (size < 1)
        return {};
    // Grown a cell at a time from one cell; each size's shapes kept as fixed shapes (all
    // orientations), so that every shape of the next size is reached from some shape of this
    // one whatever cell is added last.
    // One cell of each kind: triangles come pointing up and down.
    std::set<Shape> fixed{normalised(grid, {to_point(grid, Cell{})}),
                          normalised(grid, {to_point(grid, Cell{0, 0, grid == Grid::triangle})})};
    for (int cells = 1; cells < size; ++cells) {
        std::set<Shape> grown;
        for (const Shape& shape : fixed) {
            for (const Point& p : shape) {
                for (const Point& q : neighbours(grid, p)) {
                    if (std::binary_search(shape.begin(), shape.end(), q))
                        continue;
                    Shape bigger = shape;
                    bigger.push_back(q);
                    grown.insert(normalised(grid, std::move(bigger)));
                }
            }
        }
        fixed = std::move(grown);
    }
    std::set<Shape> classes;
    for (const Shape& shape : fixed)
        classes.insert(canonical(grid, shape, turns));
    return {classes.begin(), classes.end()};
}

} // namespace polyform
