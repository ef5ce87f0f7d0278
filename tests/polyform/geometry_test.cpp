// The four grids and the pieces on them: symmetries, drawn cells and lattice points, neighbours
// checked against the drawing, normal forms; every polyform of a size counted against OEIS; the
// named sets checked against the enumeration and against shapes drawn here.
#include <polyform/geometry.hpp>
#include <polyform/pieces.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

using polyform::Cell;
using polyform::Grid;
using polyform::Piece;
using polyform::PieceSet;
using polyform::Point;
using polyform::Shape;
using polyform::Transform;
using polyform::Turns;

namespace {

constexpr Grid all_grids[] = {Grid::square, Grid::triangle, Grid::hexagon, Grid::cube};

// (Streams rather than "text" + std::string: GCC 12 at -O3 warns of a memcpy overlap there.)
std::string text(Point p)
{
    std::ostringstream out;
    out << "(" << p.x << ", " << p.y << ", " << p.z << ")";
    return out.str();
}

std::string text(Cell c)
{
    std::ostringstream out;
    out << "layer " << c.layer << " row " << c.row << " col " << c.col;
    return out.str();
}

using Matrix = std::array<std::array<int, 3>, 3>;

Matrix product(const Matrix& a, const Matrix& b)
{
    Matrix c{};
    for (std::size_t i = 0; i < 3; ++i)
        for (std::size_t j = 0; j < 3; ++j)
            for (std::size_t k = 0; k < 3; ++k)
                c[i][j] += a[i][k] * b[k][j];
    return c;
}

int determinant(const Matrix& m)
{
    return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
           m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
           m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}

// The drawn cells around the origin that the tests sample: every position for the grids whose
// every position is a cell, those with row + column even for hexagons, layers for cubes.
std::vector<Cell> sample_cells(Grid grid, int reach)
{
    std::vector<Cell> cells;
    const int layers = grid == Grid::cube ? reach : 0;
    for (int layer = -layers; layer <= layers; ++layer)
        for (int row = -reach; row <= reach; ++row)
            for (int col = -reach; col <= reach; ++col)
                if (grid != Grid::hexagon || (row + col) % 2 == 0)
                    cells.push_back({layer, row, col});
    return cells;
}

// The cells that share a side with `cell` as the drawing shows them (geometry.hpp, the top):
// squares and cubes beside, above, below (and in the layers before and after); hexagons two
// columns left and right, and one row up or down half a cell (one column) either side; a
// triangle the two beside it in its row, and the one across its horizontal side: below an up
// triangle, above a down one.
std::set<Cell> drawn_neighbours(Grid grid, Cell c)
{
    switch (grid) {
    case Grid::square:
        return {{0, c.row - 1, c.col},
                {0, c.row + 1, c.col},
                {0, c.row, c.col - 1},
                {0, c.row, c.col + 1}};
    case Grid::cube:
        return {{c.layer, c.row - 1, c.col}, {c.layer, c.row + 1, c.col},
                {c.layer, c.row, c.col - 1}, {c.layer, c.row, c.col + 1},
                {c.layer - 1, c.row, c.col}, {c.layer + 1, c.row, c.col}};
    case Grid::hexagon:
        return {{0, c.row, c.col - 2},     {0, c.row, c.col + 2},     {0, c.row - 1, c.col - 1},
                {0, c.row - 1, c.col + 1}, {0, c.row + 1, c.col - 1}, {0, c.row + 1, c.col + 1}};
    case Grid::triangle: {
        const bool up = (c.row + c.col) % 2 == 0;
        return {
            {0, c.row, c.col - 1}, {0, c.row, c.col + 1}, {0, up ? c.row + 1 : c.row - 1, c.col}};
    }
    }
    return {};
}

// Whether `p` is the point of a cell: every point but on the triangle grid, where cells are
// the points (3a+1, 3b+1) and (3a+2, 3b+2).
bool is_point_of_cell(Grid grid, Point p)
{
    return polyform::to_point(grid, polyform::to_cell(grid, p)) == p;
}

// A translation of the grid: on the triangle grid both coordinates multiples of 3.
Point translation(Grid grid, int dx, int dy, int dz)
{
    const int step = grid == Grid::triangle ? 3 : 1;
    return {step * dx, step * dy, grid == Grid::cube ? dz : 0};
}

// A connected shape of `size` cells grown at random from one cell.
Shape random_shape(Grid grid, std::size_t size, std::mt19937& random)
{
    std::set<Point> cells{polyform::to_point(grid, Cell{})};
    while (cells.size() < size) {
        std::vector<Point> list(cells.begin(), cells.end());
        const Point from = list[random() % list.size()];
        const std::vector<Point> next = polyform::neighbours(grid, from);
        cells.insert(next[random() % next.size()]);
    }
    return {cells.begin(), cells.end()};
}

// A shape drawn as text: '#' a cell, on the square grid (point = column, row).
Shape drawn(std::initializer_list<std::string_view> rows)
{
    Shape shape;
    int y = 0;
    for (const std::string_view row : rows) {
        for (std::size_t x = 0; x < row.size(); ++x)
            if (row[x] == '#')
                shape.push_back({static_cast<int>(x), y, 0});
        ++y;
    }
    return polyform::normalised(Grid::square, shape);
}

Shape cubes(std::initializer_list<Point> points)
{
    return polyform::normalised(Grid::cube, Shape(points));
}

Shape mirrored(Grid grid, const Shape& shape)
{
    const auto all = polyform::symmetries(grid);
    const Transform& mirror = all[all.size() / 2];
    Shape image;
    for (const Point& p : shape)
        image.push_back(mirror.apply(p));
    return polyform::normalised(grid, image);
}

const Piece& piece_named(const PieceSet& set, std::string_view name)
{
    const auto found = std::find_if(set.pieces.begin(), set.pieces.end(),
                                    [&](const Piece& piece) { return piece.name == name; });
    REQUIRE(found != set.pieces.end());
    return *found;
}

const PieceSet& set_named(std::string_view name)
{
    const PieceSet* set = polyform::find_piece_set(name);
    REQUIRE(set != nullptr);
    return *set;
}

std::set<Shape> canonical_forms(const PieceSet& set, Turns turns)
{
    std::set<Shape> forms;
    for (const Piece& piece : set.pieces)
        forms.insert(polyform::canonical(set.grid, piece.shape, turns));
    return forms;
}

} // namespace

// ---------------------------------------------------------------------------------------------
// The grids

TEST_CASE("grid names read back, and an unknown name is no grid", "[polyform][geometry]")
{
    for (const Grid grid : all_grids)
        CHECK(polyform::grid_named(polyform::grid_name(grid)) == grid);
    CHECK(polyform::grid_name(Grid::triangle) == "triangle");
    CHECK_FALSE(polyform::grid_named("octagon").has_value());
    CHECK_FALSE(polyform::grid_named("").has_value());
    CHECK_FALSE(polyform::grid_named("Square").has_value());
}

TEST_CASE("each grid has its symmetry group: identity first, then rotations, then reflections",
          "[polyform][geometry]")
{
    const auto [grid, order] = GENERATE(table<Grid, std::size_t>(
        {{Grid::square, 8}, {Grid::triangle, 12}, {Grid::hexagon, 12}, {Grid::cube, 48}}));
    INFO("grid " << polyform::grid_name(grid));
    const auto group = polyform::symmetries(grid);
    REQUIRE(group.size() == order);

    const Matrix identity{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
    CHECK(group.front().matrix == identity);
    CHECK_FALSE(group.front().mirror);
    for (std::size_t i = 0; i < group.size(); ++i) {
        INFO("symmetry " << i);
        // Rotations (determinant 1) in the first half, reflections (-1) in the second.
        const bool second_half = i >= order / 2;
        CHECK(group[i].mirror == second_half);
        CHECK(determinant(group[i].matrix) == (group[i].mirror ? -1 : 1));
        // The plane grids keep the third axis.
        if (grid != Grid::cube) {
            CHECK(group[i].matrix[2] == std::array<int, 3>{0, 0, 1});
            CHECK(group[i].matrix[0][2] == 0);
            CHECK(group[i].matrix[1][2] == 0);
        }
    }
    // Distinct, and closed under composition: a group.
    std::set<Matrix> matrices;
    for (const Transform& t : group)
        matrices.insert(t.matrix);
    CHECK(matrices.size() == order);
    for (const Transform& a : group)
        for (const Transform& b : group)
            CHECK(matrices.count(product(a.matrix, b.matrix)) == 1);
    // The same span each time.
    CHECK(polyform::symmetries(grid).data() == group.data());
}

TEST_CASE("a drawn cell goes to a point of the lattice and back", "[polyform][geometry]")
{
    const Grid grid = GENERATE(Grid::square, Grid::triangle, Grid::hexagon, Grid::cube);
    INFO("grid " << polyform::grid_name(grid));
    std::set<Point> points;
    const std::vector<Cell> cells = sample_cells(grid, 9);
    for (const Cell& cell : cells) {
        INFO(text(cell));
        REQUIRE(polyform::is_cell(grid, cell));
        const Point point = polyform::to_point(grid, cell);
        CHECK(polyform::to_cell(grid, point) == cell);
        if (grid != Grid::cube)
            CHECK(point.z == 0);
        points.insert(point);
    }
    CHECK(points.size() == cells.size()); // no two cells at one point
    if (grid == Grid::hexagon) {
        CHECK_FALSE(polyform::is_cell(grid, Cell{0, 0, 1}));
        CHECK_FALSE(polyform::is_cell(grid, Cell{0, -3, 0}));
        CHECK(polyform::is_cell(grid, Cell{0, -3, 1}));
    }
}

TEST_CASE("cells sit where geometry.hpp says: columns, axial hexagons, triangles' centroids",
          "[polyform][geometry]")
{
    CHECK(polyform::to_point(Grid::square, {0, 2, 5}) == Point{5, 2, 0});
    CHECK(polyform::to_point(Grid::cube, {3, 2, 5}) == Point{5, 2, 3});
    // Hexagons: x = (column - row) / 2, y = row.
    CHECK(polyform::to_point(Grid::hexagon, {0, 0, 0}) == Point{0, 0, 0});
    CHECK(polyform::to_point(Grid::hexagon, {0, 1, 1}) == Point{0, 1, 0});
    CHECK(polyform::to_point(Grid::hexagon, {0, 1, 3}) == Point{1, 1, 0});
    CHECK(polyform::to_point(Grid::hexagon, {0, -2, 0}) == Point{1, -2, 0});
    // Triangles: the first row up, down, up...; an up triangle (3a+1, 3b+1), a down one
    // (3a+2, 3b+2); the rhombus of an up triangle and the down one to its right.
    CHECK(polyform::to_point(Grid::triangle, {0, 0, 0}) == Point{1, 1, 0});
    CHECK(polyform::to_point(Grid::triangle, {0, 0, 1}) == Point{2, 2, 0});
    CHECK(polyform::to_point(Grid::triangle, {0, 0, 2}) == Point{4, 1, 0});
    // Where both coordinates are 1 or both 2 modulo 3, a point is a triangle.
    for (int x = -7; x <= 7; ++x) {
        for (int y = -7; y <= 7; ++y) {
            const int kx = ((x % 3) + 3) % 3, ky = ((y % 3) + 3) % 3;
            INFO(text(Point{x, y, 0}));
            CHECK(is_point_of_cell(Grid::triangle, {x, y, 0}) == (kx == ky && kx != 0));
        }
    }
}

TEST_CASE("each cell has 4, 3, 6 or 6 neighbours, each of which has it as a neighbour",
          "[polyform][geometry]")
{
    const auto [grid, count] = GENERATE(table<Grid, std::size_t>(
        {{Grid::square, 4}, {Grid::triangle, 3}, {Grid::hexagon, 6}, {Grid::cube, 6}}));
    INFO("grid " << polyform::grid_name(grid));
    for (const Cell& cell : sample_cells(grid, 5)) {
        const Point p = polyform::to_point(grid, cell);
        INFO(text(cell));
        const std::vector<Point> around = polyform::neighbours(grid, p);
        CHECK(around.size() == count);
        CHECK(std::set<Point>(around.begin(), around.end()).size() == count);
        for (const Point& q : around) {
            CHECK(q != p);
            CHECK(is_point_of_cell(grid, q));
            const std::vector<Point> back = polyform::neighbours(grid, q);
            CHECK(std::count(back.begin(), back.end(), p) == 1);
        }
    }
}

TEST_CASE("neighbours are the cells that share a side in the drawing", "[polyform][geometry]")
{
    const Grid grid = GENERATE(Grid::square, Grid::triangle, Grid::hexagon, Grid::cube);
    INFO("grid " << polyform::grid_name(grid));
    for (const Cell& cell : sample_cells(grid, 5)) {
        INFO(text(cell));
        std::set<Cell> found;
        for (const Point& q : polyform::neighbours(grid, polyform::to_point(grid, cell)))
            found.insert(polyform::to_cell(grid, q));
        CHECK(found == drawn_neighbours(grid, cell));
    }
}

TEST_CASE("every symmetry maps cells to cells and neighbours to neighbours", "[polyform][geometry]")
{
    const Grid grid = GENERATE(Grid::square, Grid::triangle, Grid::hexagon, Grid::cube);
    INFO("grid " << polyform::grid_name(grid));
    const auto group = polyform::symmetries(grid);
    const std::vector<Cell> cells = sample_cells(grid, grid == Grid::cube ? 2 : 4);
    for (std::size_t s = 0; s < group.size(); ++s) {
        const Transform& t = group[s];
        INFO("symmetry " << s);
        for (const Cell& cell : cells) {
            const Point p = polyform::to_point(grid, cell);
            const Point image = t.apply(p);
            INFO(text(cell) << " goes to " << text(image));
            REQUIRE(is_point_of_cell(grid, image));
            std::set<Point> moved;
            for (const Point& q : polyform::neighbours(grid, p))
                moved.insert(t.apply(q));
            const std::vector<Point> around = polyform::neighbours(grid, image);
            CHECK(moved == std::set<Point>(around.begin(), around.end()));
        }
    }
}

TEST_CASE("translations of the triangle grid are multiples of 3, other grids take any offset",
          "[polyform][geometry]")
{
    CHECK(polyform::is_translation(Grid::triangle, {0, 0, 0}));
    CHECK(polyform::is_translation(Grid::triangle, {3, -6, 0}));
    CHECK_FALSE(polyform::is_translation(Grid::triangle, {1, 1, 0}));
    CHECK_FALSE(polyform::is_translation(Grid::triangle, {3, 1, 0}));
    CHECK_FALSE(polyform::is_translation(Grid::triangle, {-2, 0, 0}));
    for (const Grid grid : {Grid::square, Grid::hexagon, Grid::cube})
        CHECK(polyform::is_translation(grid, {1, -1, grid == Grid::cube ? 1 : 0}));
    // A translation moves every cell onto a cell, and keeps up triangles up.
    for (const Cell& cell : sample_cells(Grid::triangle, 3)) {
        const Point p = polyform::to_point(Grid::triangle, cell);
        const Cell moved = polyform::to_cell(Grid::triangle, p + Point{3, -6, 0});
        CHECK((moved.row + moved.col - cell.row - cell.col) % 2 == 0);
    }
}

TEST_CASE("a shape's normal form does not depend on where the shape is", "[polyform][geometry]")
{
    const Grid grid = GENERATE(Grid::square, Grid::triangle, Grid::hexagon, Grid::cube);
    INFO("grid " << polyform::grid_name(grid));
    std::mt19937 random(20240611);
    for (int trial = 0; trial < 60; ++trial) {
        const Shape shape = random_shape(grid, 1 + static_cast<std::size_t>(trial % 9), random);
        const Shape normal = polyform::normalised(grid, shape);
        CHECK(std::is_sorted(normal.begin(), normal.end()));
        CHECK(normal.size() == shape.size());
        CHECK(polyform::normalised(grid, normal) == normal);
        // At the least place with no negative coordinate: below 3 (triangles) or 1 (others).
        const int step = grid == Grid::triangle ? 3 : 1;
        int low_x = normal.front().x, low_y = normal.front().y, low_z = normal.front().z;
        for (const Point& p : normal) {
            low_x = std::min(low_x, p.x);
            low_y = std::min(low_y, p.y);
            low_z = std::min(low_z, p.z);
        }
        CHECK((low_x >= 0 && low_x < step));
        CHECK((low_y >= 0 && low_y < step));
        CHECK(low_z == 0);
        // A translate of the shape.
        CHECK(polyform::is_translation(grid, normal.front() - shape.front()) ==
              std::is_sorted(shape.begin(), shape.end()));
        for (int move = 0; move < 5; ++move) {
            const Point offset = translation(grid, static_cast<int>(random() % 21) - 10,
                                             static_cast<int>(random() % 21) - 10,
                                             static_cast<int>(random() % 21) - 10);
            Shape moved = shape;
            for (Point& p : moved)
                p = p + offset;
            std::reverse(moved.begin(), moved.end());
            CHECK(polyform::normalised(grid, moved) == normal);
        }
    }
    // Repeated points are dropped.
    CHECK(polyform::normalised(Grid::square, {{2, 2, 0}, {2, 2, 0}, {3, 2, 0}}) ==
          Shape{{0, 0, 0}, {1, 0, 0}});
    CHECK(polyform::normalised(grid, {}).empty());
}

TEST_CASE("a shape is connected when its cells touch side to side", "[polyform][geometry]")
{
    CHECK(polyform::is_connected(Grid::square, {}));
    CHECK(polyform::is_connected(Grid::square, {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}}));
    CHECK_FALSE(polyform::is_connected(Grid::square, {{0, 0, 0}, {1, 1, 0}})); // corners only
    CHECK(polyform::is_connected(Grid::cube, {{0, 0, 0}, {0, 0, 1}}));
    CHECK_FALSE(polyform::is_connected(Grid::cube, {{0, 0, 0}, {0, 1, 1}}));
    // The up triangle and the down one to its right share a side; two up triangles never do.
    const Point up = polyform::to_point(Grid::triangle, {0, 0, 0});
    const Point down = polyform::to_point(Grid::triangle, {0, 0, 1});
    const Point next_up = polyform::to_point(Grid::triangle, {0, 0, 2});
    CHECK(polyform::is_connected(Grid::triangle, {up, down}));
    CHECK_FALSE(polyform::is_connected(Grid::triangle, {up, next_up}));
    CHECK(polyform::is_connected(Grid::triangle, {up, down, next_up}));
    // Hexagons: (0,0) and (1,-1) touch, (0,0) and (1,1) do not.
    CHECK(polyform::is_connected(Grid::hexagon, {{0, 0, 0}, {1, -1, 0}}));
    CHECK_FALSE(polyform::is_connected(Grid::hexagon, {{0, 0, 0}, {1, 1, 0}}));
}

// ---------------------------------------------------------------------------------------------
// Orientations and the enumeration

TEST_CASE("a piece has as many orientations as its symmetry allows", "[polyform][pieces]")
{
    const Shape x = drawn({".#.", "###", ".#."});
    const Shape i = drawn({"#####"});
    const Shape f = drawn({".##", "##.", ".#."});
    CHECK(polyform::orientations(Grid::square, x, Turns::free).size() == 1);
    CHECK(polyform::orientations(Grid::square, i, Turns::free).size() == 2);
    CHECK(polyform::orientations(Grid::square, f, Turns::free).size() == 8);
    CHECK(polyform::orientations(Grid::square, f, Turns::one_sided).size() == 4);
    CHECK(polyform::orientations(Grid::square, f, Turns::fixed).size() == 1);
    // The shape as given first.
    CHECK(polyform::orientations(Grid::square, f, Turns::free).front() == f);
    // A flat piece of cubes turns over by a rotation: one-sided is free in 3D.
    CHECK(polyform::orientations(Grid::cube, f, Turns::one_sided).size() == 24);
    CHECK(polyform::orientations(Grid::cube, f, Turns::free).size() == 24);
    // A hexagon has 12 orientations of a shape with no symmetry, 1 of a hexagon's worth.
    const Shape hook{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {2, 1, 0}, {3, 1, 0}};
    CHECK(polyform::is_connected(Grid::hexagon, hook));
    CHECK(polyform::orientations(Grid::hexagon, polyform::normalised(Grid::hexagon, hook),
                                 Turns::free)
              .size() == 12);
    // Mirror images are one piece free and two one-sided.
    const Shape mirror_f = mirrored(Grid::square, f);
    CHECK(polyform::canonical(Grid::square, f, Turns::free) ==
          polyform::canonical(Grid::square, mirror_f, Turns::free));
    CHECK(polyform::canonical(Grid::square, f, Turns::one_sided) !=
          polyform::canonical(Grid::square, mirror_f, Turns::one_sided));
}

// OEIS: A000105 (free polyominoes), A000988 (one-sided), A001168 (fixed); A000577, A006534,
// A001420 (polyiamonds); A000228, A006535, A001207 (polyhexes); A038119 (polycubes up to
// rotations and reflections), A000162 (up to rotations), A001931 (fixed).
TEST_CASE("counts every polyform of a size as OEIS does", "[polyform][pieces][known]")
{
    const auto [grid, turns, counts] = GENERATE(table<Grid, Turns, std::vector<std::size_t>>({
        {Grid::square, Turns::free, {1, 1, 2, 5, 12, 35}},
        {Grid::square, Turns::one_sided, {1, 1, 2, 7, 18, 60}},
        {Grid::square, Turns::fixed, {1, 2, 6, 19, 63, 216}},
        {Grid::triangle, Turns::free, {1, 1, 1, 3, 4, 12}},
        {Grid::triangle, Turns::one_sided, {1, 1, 1, 4, 6, 19}},
        {Grid::triangle, Turns::fixed, {2, 3, 6, 14, 36, 94}},
        {Grid::hexagon, Turns::free, {1, 1, 3, 7, 22}},
        {Grid::hexagon, Turns::one_sided, {1, 1, 3, 10, 33}},
        {Grid::hexagon, Turns::fixed, {1, 3, 11, 44, 186}},
        {Grid::cube, Turns::free, {1, 1, 2, 7, 23}},
        {Grid::cube, Turns::one_sided, {1, 1, 2, 8, 29}},
        {Grid::cube, Turns::fixed, {1, 3, 15, 86, 534}},
    }));
    INFO("grid " << polyform::grid_name(grid) << ", " << polyform::turns_name(turns));
    for (std::size_t n = 1; n <= counts.size(); ++n) {
        INFO("size " << n);
        const std::vector<Shape> found =
            polyform::enumerate_polyforms(grid, static_cast<int>(n), turns);
        // (Fixed monoiamonds: an up and a down triangle, which no translation makes one.)
        const std::size_t expected = counts[n - 1];
        CHECK(found.size() == expected);
        CHECK(std::is_sorted(found.begin(), found.end()));
        CHECK(std::adjacent_find(found.begin(), found.end()) == found.end());
        for (const Shape& shape : found) {
            CHECK(shape.size() == n);
            CHECK(polyform::is_connected(grid, shape));
            CHECK(polyform::canonical(grid, shape, turns) == shape);
        }
    }
    CHECK(polyform::enumerate_polyforms(grid, 0, turns).empty());
}

TEST_CASE("the orientations of the free polyforms are the fixed ones", "[polyform][pieces]")
{
    const Grid grid = GENERATE(Grid::square, Grid::triangle, Grid::hexagon, Grid::cube);
    const int size = grid == Grid::square || grid == Grid::triangle ? 6 : 5;
    INFO("grid " << polyform::grid_name(grid));
    for (const Turns turns : {Turns::free, Turns::one_sided}) {
        std::set<Shape> fixed;
        for (const Shape& shape : polyform::enumerate_polyforms(grid, size, turns)) {
            for (const Shape& turned : polyform::orientations(grid, shape, turns)) {
                INFO("turns " << polyform::turns_name(turns));
                CHECK(fixed.insert(turned).second); // each fixed shape reached once
            }
        }
        const std::vector<Shape> all = polyform::enumerate_polyforms(grid, size, Turns::fixed);
        CHECK(fixed == std::set<Shape>(all.begin(), all.end()));
    }
}

// ---------------------------------------------------------------------------------------------
// The named sets

TEST_CASE("every named set is found by its name and holds distinct connected pieces",
          "[polyform][pieces]")
{
    REQUIRE(!polyform::piece_sets().empty());
    std::set<std::string_view> names;
    for (const PieceSet& set : polyform::piece_sets()) {
        INFO("set " << set.name);
        CHECK(names.insert(set.name).second);
        CHECK(polyform::find_piece_set(set.name) == &set);
        CHECK(!set.description.empty());
        REQUIRE(!set.pieces.empty());
        std::set<std::string> piece_names;
        std::set<Shape> forms;
        for (const Piece& piece : set.pieces) {
            INFO("piece " << piece.name);
            CHECK(polyform::is_piece_name(piece.name));
            CHECK(piece_names.insert(piece.name).second);
            CHECK(piece.copies == polyform::Copies{1, 1});
            CHECK(piece.shape == polyform::normalised(set.grid, piece.shape));
            CHECK(polyform::is_connected(set.grid, piece.shape));
            // Pairwise distinct as the set turns them.
            CHECK(forms.insert(polyform::canonical(set.grid, piece.shape, piece.turns)).second);
        }
    }
    CHECK(polyform::find_piece_set("heptominoes") == nullptr);
    CHECK(polyform::find_piece_set("") == nullptr);
}

TEST_CASE("each complete set is every polyform of its size, as OEIS counts them",
          "[polyform][pieces][known]")
{
    struct Expected {
        std::string_view set;
        Grid grid;
        int size;
        Turns turns;
        std::size_t count;
    };
    // The sets of one size of cells, each piece once (OEIS as in the enumeration test).
    const std::vector<Expected> complete{
        {"monominoes", Grid::square, 1, Turns::free, 1},
        {"dominoes", Grid::square, 2, Turns::free, 1},
        {"trominoes", Grid::square, 3, Turns::free, 2},
        {"tetrominoes", Grid::square, 4, Turns::free, 5},
        {"pentominoes", Grid::square, 5, Turns::free, 12},
        {"hexominoes", Grid::square, 6, Turns::free, 35},
        {"one-sided-trominoes", Grid::square, 3, Turns::one_sided, 2},
        {"one-sided-tetrominoes", Grid::square, 4, Turns::one_sided, 7},
        {"one-sided-pentominoes", Grid::square, 5, Turns::one_sided, 18},
        {"one-sided-hexominoes", Grid::square, 6, Turns::one_sided, 60},
        {"moniamonds", Grid::triangle, 1, Turns::free, 1},
        {"diamonds", Grid::triangle, 2, Turns::free, 1},
        {"triamonds", Grid::triangle, 3, Turns::free, 1},
        {"tetriamonds", Grid::triangle, 4, Turns::free, 3},
        {"pentiamonds", Grid::triangle, 5, Turns::free, 4},
        {"hexiamonds", Grid::triangle, 6, Turns::free, 12},
        {"one-sided-tetriamonds", Grid::triangle, 4, Turns::one_sided, 4},
        {"one-sided-pentiamonds", Grid::triangle, 5, Turns::one_sided, 6},
        {"one-sided-hexiamonds", Grid::triangle, 6, Turns::one_sided, 19},
        {"monohexes", Grid::hexagon, 1, Turns::free, 1},
        {"dihexes", Grid::hexagon, 2, Turns::free, 1},
        {"trihexes", Grid::hexagon, 3, Turns::free, 3},
        {"tetrahexes", Grid::hexagon, 4, Turns::free, 7},
        {"one-sided-trihexes", Grid::hexagon, 3, Turns::one_sided, 3},
        {"one-sided-tetrahexes", Grid::hexagon, 4, Turns::one_sided, 10},
        // Pieces of cubes turn in space only (no reflections): tetracubes 8, pentacubes 29.
        {"monocubes", Grid::cube, 1, Turns::one_sided, 1},
        {"dicubes", Grid::cube, 2, Turns::one_sided, 1},
        {"tricubes", Grid::cube, 3, Turns::one_sided, 2},
        {"tetracubes", Grid::cube, 4, Turns::one_sided, 8},
        {"pentacubes", Grid::cube, 5, Turns::one_sided, 29},
    };
    // Every set is checked here or in a test of its own below.
    std::set<std::string_view> checked{"solid-pentominoes", "soma"};
    for (const Expected& expected : complete)
        checked.insert(expected.set);
    for (const PieceSet& set : polyform::piece_sets())
        CHECK(checked.count(set.name) == 1);

    for (const Expected& expected : complete) {
        INFO("set " << expected.set);
        const PieceSet& set = set_named(expected.set);
        CHECK(set.grid == expected.grid);
        CHECK(set.pieces.size() == expected.count);
        for (const Piece& piece : set.pieces) {
            CHECK(piece.turns == expected.turns);
            CHECK(piece.shape.size() == static_cast<std::size_t>(expected.size));
        }
        const std::vector<Shape> all =
            polyform::enumerate_polyforms(expected.grid, expected.size, expected.turns);
        CHECK(canonical_forms(set, expected.turns) == std::set<Shape>(all.begin(), all.end()));
    }
}

TEST_CASE("each set's description gives its number of pieces", "[polyform][pieces]")
{
    // "the 12 pentominoes ...", "the 4 one-sided tetriamonds: ...": the number said is the
    // number of pieces a puzzle gets.
    for (const PieceSet& set : polyform::piece_sets()) {
        const std::string_view text = set.description;
        if (text.rfind("the ", 0) != 0 || text.size() < 5 ||
            !std::isdigit(static_cast<unsigned char>(text[4])))
            continue;
        const std::size_t said = std::stoul(std::string(text.substr(4)));
        INFO("set " << set.name << ": \"" << set.description << "\"");
        CHECK(said == set.pieces.size());
    }
}

TEST_CASE("the pentominoes carry Golomb's letters", "[polyform][pieces]")
{
    const PieceSet& set = set_named("pentominoes");
    const std::map<std::string, Shape> letters{
        {"F", drawn({".##", "##.", ".#."})}, {"I", drawn({"#####"})},
        {"L", drawn({"####", "#..."})},      {"N", drawn({"##..", ".###"})},
        {"P", drawn({"##", "##", "#."})},    {"T", drawn({"###", ".#.", ".#."})},
        {"U", drawn({"#.#", "###"})},        {"V", drawn({"#..", "#..", "###"})},
        {"W", drawn({"#..", "##.", ".##"})}, {"X", drawn({".#.", "###", ".#."})},
        {"Y", drawn({"####", ".#.."})},      {"Z", drawn({"##.", ".#.", ".##"})},
    };
    REQUIRE(set.pieces.size() == letters.size());
    for (const auto& [name, shape] : letters) {
        INFO("pentomino " << name);
        CHECK(polyform::canonical(Grid::square, piece_named(set, name).shape, Turns::free) ==
              polyform::canonical(Grid::square, shape, Turns::free));
    }
    // The X is the plus, the only pentomino that every symmetry keeps; the I the only one
    // that fits in one row.
    CHECK(polyform::orientations(Grid::square, piece_named(set, "X").shape, Turns::free).size() ==
          1);
    CHECK(piece_named(set, "I").shape ==
          Shape{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {4, 0, 0}});
}

TEST_CASE("a one-sided set adds each free piece's mirror image, named in lower case",
          "[polyform][pieces]")
{
    const auto [free_name, one_sided_name] = GENERATE(table<std::string_view, std::string_view>({
        {"trominoes", "one-sided-trominoes"},
        {"tetrominoes", "one-sided-tetrominoes"},
        {"pentominoes", "one-sided-pentominoes"},
        {"hexominoes", "one-sided-hexominoes"},
        {"tetriamonds", "one-sided-tetriamonds"},
        {"pentiamonds", "one-sided-pentiamonds"},
        {"hexiamonds", "one-sided-hexiamonds"},
        {"trihexes", "one-sided-trihexes"},
        {"tetrahexes", "one-sided-tetrahexes"},
    }));
    INFO("set " << one_sided_name);
    const PieceSet& free_set = set_named(free_name);
    const PieceSet& one_sided = set_named(one_sided_name);
    CHECK(one_sided.grid == free_set.grid);
    std::size_t mirrors = 0;
    for (const Piece& piece : free_set.pieces) {
        INFO("piece " << piece.name);
        CHECK(piece_named(one_sided, piece.name).shape == piece.shape);
        const Shape image = mirrored(free_set.grid, piece.shape);
        const bool chiral = polyform::canonical(free_set.grid, image, Turns::one_sided) !=
                            polyform::canonical(free_set.grid, piece.shape, Turns::one_sided);
        std::string lower = piece.name;
        for (char& c : lower)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        const bool listed = std::any_of(one_sided.pieces.begin(), one_sided.pieces.end(),
                                        [&](const Piece& other) { return other.name == lower; });
        CHECK(listed == chiral);
        if (chiral && listed) {
            ++mirrors;
            CHECK(polyform::canonical(free_set.grid, piece_named(one_sided, lower).shape,
                                      Turns::one_sided) ==
                  polyform::canonical(free_set.grid, image, Turns::one_sided));
        }
    }
    CHECK(one_sided.pieces.size() == free_set.pieces.size() + mirrors);
}

TEST_CASE("the solid pentominoes are the 12 flat pentacubes", "[polyform][pieces]")
{
    const PieceSet& solid = set_named("solid-pentominoes");
    CHECK(solid.grid == Grid::cube);
    CHECK(solid.pieces.size() == 12);
    // The flat ones among all pentacubes: every cell in one plane.
    std::set<Shape> flat;
    for (const Shape& shape : polyform::enumerate_polyforms(Grid::cube, 5, Turns::one_sided)) {
        const auto same = [&](int Point::*axis) {
            return std::all_of(shape.begin(), shape.end(),
                               [&](const Point& p) { return p.*axis == shape.front().*axis; });
        };
        if (same(&Point::x) || same(&Point::y) || same(&Point::z))
            flat.insert(shape);
    }
    CHECK(flat.size() == 12);
    CHECK(canonical_forms(solid, Turns::one_sided) == flat);
    // Named as the pentominoes; in the pentacubes with the suffix 5.
    const PieceSet& pentominoes = set_named("pentominoes");
    const PieceSet& pentacubes = set_named("pentacubes");
    for (const Piece& piece : pentominoes.pieces) {
        INFO("pentomino " << piece.name);
        const Shape form = polyform::canonical(Grid::cube, piece.shape, Turns::one_sided);
        CHECK(polyform::canonical(Grid::cube, piece_named(solid, piece.name).shape,
                                  Turns::one_sided) == form);
        CHECK(polyform::canonical(Grid::cube, piece_named(pentacubes, piece.name + "5").shape,
                                  Turns::one_sided) == form);
    }
}

TEST_CASE("the Soma cube's pieces are the tricube V and the six non-straight tetracubes",
          "[polyform][pieces]")
{
    const PieceSet& soma = set_named("soma");
    CHECK(soma.grid == Grid::cube);
    REQUIRE(soma.pieces.size() == 7);
    std::size_t cells = 0;
    for (const Piece& piece : soma.pieces)
        cells += piece.shape.size();
    CHECK(cells == 27);
    const auto form = [](const Shape& shape) {
        return polyform::canonical(Grid::cube, shape, Turns::one_sided);
    };
    // Piet Hein's pieces drawn here: V, L, T, Z (S), the two screws A and B, the tripod P.
    const Shape v = cubes({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}});
    const Shape l = cubes({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}});
    const Shape t = cubes({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {1, 1, 0}});
    const Shape z = cubes({{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {2, 1, 0}});
    const Shape screw = cubes({{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {1, 1, 1}});
    const Shape other_screw = cubes({{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {1, 1, -1}});
    const Shape tripod = cubes({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
    CHECK(form(other_screw) == form(mirrored(Grid::cube, screw)));
    CHECK(form(other_screw) != form(screw));

    CHECK(form(piece_named(soma, "V").shape) == form(v));
    CHECK(form(piece_named(soma, "L").shape) == form(l));
    CHECK(form(piece_named(soma, "T").shape) == form(t));
    CHECK(form(piece_named(soma, "Z").shape) == form(z));
    CHECK(form(piece_named(soma, "p").shape) == form(tripod));
    CHECK(std::set<Shape>{form(piece_named(soma, "a").shape), form(piece_named(soma, "b").shape)} ==
          std::set<Shape>{form(screw), form(other_screw)});
    // The tetracubes are these six with the I and the O.
    const PieceSet& tetracubes = set_named("tetracubes");
    CHECK(canonical_forms(tetracubes, Turns::one_sided) ==
          std::set<Shape>{form(l), form(t), form(z), form(screw), form(other_screw), form(tripod),
                          form(cubes({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}})),
                          form(cubes({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}}))});
    CHECK(form(piece_named(tetracubes, "A4").shape) ==
          form(mirrored(Grid::cube, piece_named(tetracubes, "B4").shape)));
    CHECK(form(piece_named(tetracubes, "P4").shape) == form(tripod));
    CHECK(form(piece_named(tetracubes, "I4").shape) ==
          form(cubes({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}})));
}

TEST_CASE("piece names are 1 to 16 letters, digits or ' - _ + ! ( ) [ ]", "[polyform][pieces]")
{
    CHECK(polyform::is_piece_name("X"));
    CHECK(polyform::is_piece_name("L4'"));
    CHECK(polyform::is_piece_name("a-b_c+d!(e)[f]"));
    CHECK(polyform::is_piece_name(std::string(16, 'Q')));
    CHECK_FALSE(polyform::is_piece_name(std::string(17, 'Q')));
    CHECK_FALSE(polyform::is_piece_name(""));
    CHECK_FALSE(polyform::is_piece_name("a b"));
    CHECK_FALSE(polyform::is_piece_name("a/b"));
    CHECK_FALSE(polyform::is_piece_name("#"));
    CHECK(polyform::turns_name(Turns::free) == "free");
    CHECK(polyform::turns_name(Turns::one_sided) == "one-sided");
    CHECK(polyform::turns_name(Turns::fixed) == "fixed");
}
