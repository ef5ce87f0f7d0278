// The model of a polyform puzzle: solution counts against published numbers; distinct
// solutions against Burnside's lemma and against the classes of all solutions, both worked out
// here from the grid's symmetries; all solutions against a plain backtracking tiler written
// here; placements against every placement and every fillable one, made here; decoded and drawn
// solutions checked cell by cell; the faults build_model() reports.
#include "support/problems.hpp"

#include <polyform/model.hpp>

#include <dlx/solver.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using dlx_test::require_restored;
using polyform::Copies;
using polyform::Grid;
using polyform::Model;
using polyform::Part;
using polyform::Piece;
using polyform::Placement;
using polyform::Point;
using polyform::Puzzle;
using polyform::PuzzleError;
using polyform::Shape;
using polyform::Solutions;
using polyform::Transform;
using polyform::Turns;

namespace {

Puzzle puzzle_of(std::string_view text) { return polyform::parse_puzzle(text, "test"); }

// ---------------------------------------------------------------------------------------------
// The model as a caller uses it

// The count as a caller makes it: each part counted by the engine, a part with a filter by
// visiting its solutions and keeping those that Model::keeps() keeps. Every search leaves the
// links as they were built.
std::uint64_t count(const Model& model)
{
    std::uint64_t total = 0;
    for (const Part& part : model.parts) {
        dlx::Solver solver(part.problem);
        if (part.filter.empty()) {
            total += solver.count().solutions;
        } else {
            solver.search([&](std::span<const dlx::OptionId> solution) {
                if (model.keeps(part, solution))
                    ++total;
                return dlx::Visit::keep_going;
            });
        }
        require_restored(solver, part.problem);
    }
    return total;
}

// A solution as a value: its placements as (piece, cells), sorted, so that two solutions are
// equal exactly when they place the same pieces on the same cells.
using Solution = std::vector<std::pair<std::uint32_t, Shape>>;

Solution solution_of(const std::vector<Placement>& placements)
{
    Solution solution;
    for (const Placement& placement : placements)
        solution.emplace_back(placement.piece, placement.cells);
    std::sort(solution.begin(), solution.end());
    return solution;
}

// Every solution that the model's parts give and keep, decoded.
std::vector<Solution> solutions_of(const Model& model)
{
    std::vector<Solution> all;
    for (const Part& part : model.parts) {
        dlx::Solver solver(part.problem);
        solver.search([&](std::span<const dlx::OptionId> solution) {
            if (model.keeps(part, solution))
                all.push_back(solution_of(model.decode(part, solution)));
            return dlx::Visit::keep_going;
        });
        require_restored(solver, part.problem);
    }
    return all;
}

// ---------------------------------------------------------------------------------------------
// The reference: what a solution is and which maps are the puzzle's symmetries, from the
// definitions (model.hpp, pieces.hpp) and the grid's geometry alone

bool is_lattice_translation(Grid grid, Point offset)
{
    return grid != Grid::triangle || (offset.x % 3 == 0 && offset.y % 3 == 0);
}

Shape turned(Grid grid, const Transform& transform, const Shape& shape)
{
    Shape image;
    for (const Point& p : shape)
        image.push_back(transform.apply(p));
    return polyform::normalised(grid, image);
}

// The shapes a piece may take: turned by every symmetry of the grid (free), by those that are
// not reflections (one-sided), or as drawn (fixed); each moved to its normal place.
std::set<Shape> orientation_set(Grid grid, const Piece& piece)
{
    std::set<Shape> found;
    for (const Transform& t : polyform::symmetries(grid)) {
        if (piece.turns == Turns::fixed) {
            found.insert(polyform::normalised(grid, piece.shape));
            break;
        }
        if (piece.turns == Turns::one_sided && t.mirror)
            continue;
        found.insert(turned(grid, t, piece.shape));
    }
    return found;
}

std::uint32_t upper_copies(const Puzzle& puzzle, const Piece& piece)
{
    return piece.copies.upper == Copies::any ? static_cast<std::uint32_t>(puzzle.board.size())
                                             : piece.copies.upper;
}

Shape moved(const Transform& transform, Point offset, const Shape& shape)
{
    Shape image;
    for (const Point& p : shape)
        image.push_back(transform.apply(p) + offset);
    std::sort(image.begin(), image.end());
    return image;
}

// A symmetry of a puzzle as model.hpp defines one, found here independently of the model.
struct Symmetry {
    Transform transform;
    Point offset;
    std::vector<std::uint32_t> piece;
};

// A puzzle as the definitions see it: its pieces' orientations and its symmetries.
class Reference {
public:
    explicit Reference(const Puzzle& puzzle) : puzzle_(puzzle)
    {
        for (const Piece& piece : puzzle.pieces)
            orientations_.push_back(orientation_set(puzzle.grid, piece));
        find_symmetries();
    }

    [[nodiscard]] const std::vector<std::set<Shape>>& orientations() const { return orientations_; }
    /// The maps of the grid that take the board onto itself (the cells that may stay empty onto
    /// such cells), and each piece onto a piece with the same turns and copies that can take
    /// the turned shape (the piece itself where it can); in the order of symmetries().
    [[nodiscard]] const std::vector<Symmetry>& group() const { return group_; }

    /// What is wrong with `solution` (empty: nothing): each placement must be an orientation
    /// of its piece moved by a translation of the grid, onto cells of the board; each cell that
    /// must be covered covered once, the others at most once; each piece used within its
    /// copies.
    [[nodiscard]] std::string fault_of(const Solution& solution) const
    {
        const Grid grid = puzzle_.grid;
        std::map<Point, int> covered;
        std::vector<std::uint32_t> used(puzzle_.pieces.size(), 0);
        for (const auto& [piece, cells] : solution) {
            if (piece >= puzzle_.pieces.size())
                return "a placement of no piece";
            const std::string& name = puzzle_.pieces[piece].name;
            ++used[piece];
            const Shape normal = polyform::normalised(grid, cells);
            if (normal.size() != cells.size() || orientations_[piece].count(normal) == 0)
                return "a placement of " + name + " that is not its shape";
            if (!is_lattice_translation(grid, cells.front() - normal.front()))
                return "a placement of " + name + " off the grid";
            for (const Point& p : cells) {
                if (!std::binary_search(puzzle_.board.begin(), puzzle_.board.end(), p))
                    return "a placement of " + name + " off the board";
                ++covered[p];
            }
        }
        for (const Point& p : puzzle_.board) {
            const bool optional =
                std::binary_search(puzzle_.may_stay_empty.begin(), puzzle_.may_stay_empty.end(), p);
            if (covered[p] > 1 || (!optional && covered[p] == 0))
                return "a cell covered " + std::to_string(covered[p]) + " times";
        }
        for (std::size_t i = 0; i < puzzle_.pieces.size(); ++i)
            if (used[i] < puzzle_.pieces[i].copies.lower ||
                used[i] > upper_copies(puzzle_, puzzle_.pieces[i]))
                return "piece " + puzzle_.pieces[i].name + " used " + std::to_string(used[i]) +
                       " times";
        return {};
    }

    [[nodiscard]] static Solution image_of(const Symmetry& symmetry, const Solution& solution)
    {
        Solution image;
        for (const auto& [piece, cells] : solution)
            image.emplace_back(symmetry.piece[piece],
                               moved(symmetry.transform, symmetry.offset, cells));
        std::sort(image.begin(), image.end());
        return image;
    }

    /// The least of a solution's images: two solutions are in one class exactly when these
    /// agree.
    [[nodiscard]] Solution class_of(const Solution& solution) const
    {
        Solution least = solution;
        for (const Symmetry& symmetry : group_)
            least = std::min(least, image_of(symmetry, solution));
        return least;
    }

    /// Every placement: each orientation of each piece moved by each translation of the grid
    /// that puts it on the board.
    [[nodiscard]] std::set<std::pair<std::uint32_t, Shape>> placements() const
    {
        std::set<std::pair<std::uint32_t, Shape>> found;
        for (std::uint32_t piece = 0; piece < puzzle_.pieces.size(); ++piece) {
            for (const Shape& shape : orientations_[piece]) {
                for (const Point& anchor : puzzle_.board) {
                    const Point offset = anchor - shape.front();
                    if (!is_lattice_translation(puzzle_.grid, offset))
                        continue;
                    Shape cells;
                    for (const Point& p : shape)
                        if (std::binary_search(puzzle_.board.begin(), puzzle_.board.end(),
                                               p + offset))
                            cells.push_back(p + offset);
                    if (cells.size() == shape.size())
                        found.emplace(piece, cells);
                }
            }
        }
        return found;
    }

    /// Whether the board without `cells` falls apart into regions whose sizes pieces could
    /// fill: each at least the least piece and a multiple of the greatest common divisor of
    /// the pieces' sizes (always, where cells may stay empty).
    [[nodiscard]] bool leaves_fillable_regions(const Shape& cells) const
    {
        if (!puzzle_.may_stay_empty.empty())
            return true;
        std::size_t step = 0, least = puzzle_.board.size();
        for (const Piece& piece : puzzle_.pieces) {
            step = std::gcd(step, piece.shape.size());
            least = std::min(least, piece.shape.size());
        }
        std::set<Point> rest(puzzle_.board.begin(), puzzle_.board.end());
        for (const Point& p : cells)
            rest.erase(p);
        while (!rest.empty()) {
            std::vector<Point> region{*rest.begin()};
            rest.erase(rest.begin());
            for (std::size_t next = 0; next < region.size(); ++next)
                for (const Point& q : polyform::neighbours(puzzle_.grid, region[next]))
                    if (rest.erase(q) == 1)
                        region.push_back(q);
            if (region.size() < least || region.size() % step != 0)
                return false;
        }
        return true;
    }

private:
    void find_symmetries()
    {
        const Grid grid = puzzle_.grid;
        for (const Transform& t : polyform::symmetries(grid)) {
            const Point offset = puzzle_.board.front() - moved(t, {}, puzzle_.board).front();
            if (!is_lattice_translation(grid, offset) ||
                moved(t, offset, puzzle_.board) != puzzle_.board ||
                moved(t, offset, puzzle_.may_stay_empty) != puzzle_.may_stay_empty)
                continue;
            Symmetry symmetry{t, offset, {}};
            for (std::uint32_t i = 0; i < puzzle_.pieces.size(); ++i) {
                const Shape shape = turned(grid, t, puzzle_.pieces[i].shape);
                const auto takes = [&](std::uint32_t j) {
                    return puzzle_.pieces[j].turns == puzzle_.pieces[i].turns &&
                           puzzle_.pieces[j].copies == puzzle_.pieces[i].copies &&
                           orientations_[j].count(shape) == 1;
                };
                std::uint32_t j = i;
                if (!takes(i)) {
                    j = 0;
                    while (j < puzzle_.pieces.size() && !takes(j))
                        ++j;
                }
                if (j == puzzle_.pieces.size())
                    break;
                symmetry.piece.push_back(j);
            }
            if (symmetry.piece.size() == puzzle_.pieces.size())
                group_.push_back(std::move(symmetry));
        }
    }

    const Puzzle& puzzle_;
    std::vector<std::set<Shape>> orientations_;
    std::vector<Symmetry> group_;
};

// Counts the solutions of `puzzle` by the plainest backtracking, without the engine: the first
// cell not yet decided is covered by each placement that fits there, or, where it may stay
// empty, left empty; a piece's copies are checked at the end.
class Tiler {
public:
    explicit Tiler(const Puzzle& puzzle)
        : puzzle_(puzzle), by_cell_(puzzle.board.size()), state_(puzzle.board.size(), open),
          used_(puzzle.pieces.size(), 0)
    {
        std::map<Point, std::size_t> index;
        for (std::size_t i = 0; i < puzzle.board.size(); ++i)
            index[puzzle.board[i]] = i;
        for (std::uint32_t piece = 0; piece < puzzle.pieces.size(); ++piece) {
            for (const Shape& shape : orientation_set(puzzle.grid, puzzle.pieces[piece])) {
                for (const Point& anchor : puzzle.board) {
                    const Point offset = anchor - shape.front();
                    if (!is_lattice_translation(puzzle.grid, offset))
                        continue;
                    std::vector<std::size_t> cells;
                    for (const Point& p : shape) {
                        const auto at = index.find(p + offset);
                        if (at == index.end())
                            break;
                        cells.push_back(at->second);
                    }
                    if (cells.size() != shape.size())
                        continue;
                    for (const std::size_t cell : cells)
                        by_cell_[cell].push_back(placements_.size());
                    placements_.push_back({piece, std::move(cells)});
                }
            }
        }
    }

    std::uint64_t count() { return search(0); }

private:
    enum State { open, covered, empty };
    struct Fit {
        std::uint32_t piece;
        std::vector<std::size_t> cells;
    };

    std::uint64_t search(std::size_t from)
    {
        while (from < state_.size() && state_[from] != open)
            ++from;
        if (from == state_.size()) {
            for (std::size_t i = 0; i < used_.size(); ++i)
                if (used_[i] < puzzle_.pieces[i].copies.lower)
                    return 0;
            return 1;
        }
        std::uint64_t total = 0;
        for (const std::size_t index : by_cell_[from]) {
            const Fit& fit = placements_[index];
            if (used_[fit.piece] >= upper_copies(puzzle_, puzzle_.pieces[fit.piece]) ||
                std::any_of(fit.cells.begin(), fit.cells.end(),
                            [&](std::size_t cell) { return state_[cell] != open; }))
                continue;
            for (const std::size_t cell : fit.cells)
                state_[cell] = covered;
            ++used_[fit.piece];
            total += search(from + 1);
            --used_[fit.piece];
            for (const std::size_t cell : fit.cells)
                state_[cell] = open;
        }
        if (std::binary_search(puzzle_.may_stay_empty.begin(), puzzle_.may_stay_empty.end(),
                               puzzle_.board[from])) {
            state_[from] = empty;
            total += search(from + 1);
            state_[from] = open;
        }
        return total;
    }

    const Puzzle& puzzle_;
    std::vector<Fit> placements_;
    std::vector<std::vector<std::size_t>> by_cell_;
    std::vector<State> state_;
    std::vector<std::uint32_t> used_;
};

std::string pentomino_rectangle(int rows, int cols)
{
    return "pieces pentominoes\nboard " + std::to_string(rows) + "x" + std::to_string(cols) + "\n";
}

// Dana Scott's 1958 problem: the 8x8 board without its centre 2x2.
constexpr const char* scott = "pieces pentominoes\n"
                              "board\n"
                              "########\n"
                              "########\n"
                              "########\n"
                              "###  ###\n"
                              "###  ###\n"
                              "########\n"
                              "########\n"
                              "########\n";

} // namespace

// ---------------------------------------------------------------------------------------------
// Counts

TEST_CASE("a board of cubes one layer thick has the symmetries of the same board drawn flat",
          "[polyform][model][symmetry]")
{
    // On the cube grid, the mirror through a one-layer board moves no placement: it is the
    // identity, counted once, and the classes are the flat board's (Scott's 65, of 520).
    const std::string layer = std::string(scott) + "-\n";
    const Puzzle cubes = puzzle_of(layer);
    REQUIRE(cubes.grid == polyform::Grid::cube);
    const Model model = polyform::build_model(cubes, Solutions::distinct);
    const Model flat = polyform::build_model(puzzle_of(scott), Solutions::distinct);
    // (REQUIRE: with the mirror kept, the count below would take minutes)
    REQUIRE(model.symmetries.size() == 8);
    CHECK(model.symmetries.size() == flat.symmetries.size());
    CHECK(model.parts.size() == flat.parts.size());
    // each symmetry moves the placements its own way, and only the first moves none
    for (std::size_t s = 0; s < model.image.size(); ++s) {
        INFO("symmetry " << s);
        bool moves = false;
        for (std::uint32_t i = 0; i < model.image[s].size(); ++i)
            moves = moves || model.image[s][i] != i;
        CHECK(moves == (s != 0));
        for (std::size_t t = 0; t < s; ++t)
            CHECK(model.image[t] != model.image[s]);
    }
    CHECK(count(polyform::build_model(cubes, Solutions::all)) == 520);
    CHECK(count(model) == 65);
}

TEST_CASE("counts pentomino rectangles as published", "[polyform][model][known]")
{
    // Up to symmetry: 3x20 2, 4x15 368, 5x12 1010 (Haselgrove 1960). A rectangle's 4 symmetries
    // each give another tiling (no piece is placed twice), so there are 4 times as many in all:
    // counted here for 3x20 only (and 6x10 below), the larger ones being slow.
    const auto [rows, cols, distinct] =
        GENERATE(table<int, int, std::uint64_t>({{3, 20, 2}, {4, 15, 368}, {5, 12, 1010}}));
    INFO(rows << "x" << cols);
    const Puzzle puzzle = puzzle_of(pentomino_rectangle(rows, cols));
    if (rows == 3)
        CHECK(count(polyform::build_model(puzzle, Solutions::all)) == 4 * distinct);
    const Model model = polyform::build_model(puzzle, Solutions::distinct);
    CHECK(model.symmetries.size() == 4);
    CHECK(count(model) == distinct);
}

TEST_CASE("counts the 2339 tilings of the 6x10 rectangle by the pentominoes, 9356 in all",
          "[polyform][model][known][slow]")
{
    // About 5 s in a release build, all solutions and then the classes.
    const Puzzle puzzle = puzzle_of(pentomino_rectangle(6, 10));
    CHECK(count(polyform::build_model(puzzle, Solutions::all)) == 9356);
    CHECK(count(polyform::build_model(puzzle, Solutions::distinct)) == 2339);
}

TEST_CASE("places the pentominoes and a 2x2 square on the 8x8 board in 16146 distinct ways",
          "[polyform][model][known][slow]")
{
    // The classes only (about 5 s in a release build): all solutions would take ten times as
    // long, and classes are checked against all solutions on smaller boards below.
    const Model model = polyform::build_model(
        puzzle_of("pieces pentominoes\npiece O\n##\n##\nboard 8x8\n"), Solutions::distinct);
    CHECK(model.symmetries.size() == 8);
    CHECK(count(model) == 16146);
}

TEST_CASE("packs the eight tetracubes into a 2x4x4 box as Ishino counted, 1390 up to rotations",
          "[polyform][model][known]")
{
    // Ishino's 1390 packings (the "magnified O" problem) are classes under the box's 8
    // rotations. The model's classes take the reflections too, which swap the mirror pieces A4
    // and B4 (model.hpp, Symmetry): half as many, as no packing is its own mirror image (the
    // classes are checked against Burnside's lemma below).
    const Puzzle puzzle = puzzle_of("pieces tetracubes\nboard 2x4x4\n");
    CHECK(count(polyform::build_model(puzzle, Solutions::all)) == 1390 * 8);
    const Model model = polyform::build_model(puzzle, Solutions::distinct);
    CHECK(model.symmetries.size() == 16);
    CHECK(count(model) == 1390 / 2);
}

TEST_CASE("places the trihexes and tetrahexes in the hexagon of side 4 in 12290 distinct ways",
          "[polyform][model][known]")
{
    // Polyform Puzzler's count, up to the hexagon's 12 symmetries (147480 in all: 1.5 s, left
    // out).
    const Model model = polyform::build_model(puzzle_of("pieces trihexes tetrahexes\n"
                                                        "board\n"
                                                        "    # # # #\n"
                                                        "   # # # # #\n"
                                                        "  # # # # # #\n"
                                                        " # # # # # # #\n"
                                                        "  # # # # # #\n"
                                                        "   # # # # #\n"
                                                        "    # # # #\n"),
                                              Solutions::distinct);
    CHECK(model.puzzle.board.size() == 37);
    CHECK(model.symmetries.size() == 12);
    CHECK(count(model) == 12290);
}

TEST_CASE("counts domino and lozenge tilings as the formulas do", "[polyform][model][known]")
{
    const auto [text, all] = GENERATE(table<std::string, std::uint64_t>({
        // Domino tilings of rectangles (Kasteleyn; OEIS A004003, A005178).
        {"piece D *\n##\nboard 2x2\n", 2},
        {"piece D *\n##\nboard 4x4\n", 36},
        {"piece D *\n##\nboard 4x6\n", 281},
        {"piece D *\n##\nboard 6x6\n", 6728},
        {"pieces dominoes *\nboard 3x3\n", 0},
        // Of 2x2xn boxes by dicubes (OEIS A006253).
        {"pieces dicubes *\nboard 2x2x2\n", 9},
        {"pieces dicubes *\nboard 2x2x4\n", 121},
        // Lozenge tilings of a hexagon of sides a, b, c (MacMahon's formula): 20 for 2, 2, 2,
        // 980 for 3, 3, 3; a parallelogram has one.
        {"pieces diamonds *\nboard\n  #####\n #######\n #######\n  #####\n", 20},
        {"pieces diamonds *\nboard\n    #######\n   #########\n  ###########\n"
         "  ###########\n   #########\n    #######\n",
         980},
        {"pieces diamonds *\nboard 3x4\n", 1},
    }));
    INFO(text);
    CHECK(count(polyform::build_model(puzzle_of(text), Solutions::all)) == all);
}

// ---------------------------------------------------------------------------------------------
// Distinct solutions

TEST_CASE("distinct solutions are one of each class of all solutions under the puzzle's "
          "symmetries",
          "[polyform][model][symmetry]")
{
    // Each puzzle: its text, its number of solutions in all and up to symmetry where published
    // (0: in all, counted by the tiler above; up to symmetry, by Burnside's lemma only).
    // Boards with symmetric solutions (pieces with copies), pieces that stay put under a
    // symmetry (an X in the centre, an O on a diagonal), cells that may stay empty, mirror
    // pieces swapped by a reflection, and every grid.
    const auto [text, published_all,
                published_distinct] = GENERATE(table<std::string, std::uint64_t, std::uint64_t>({
        {"piece D *\n##\nboard 4x4\n", 36, 0},
        {"piece D *\n##\nboard 4x6\n", 281, 0},
        {"piece D *\n##\nboard 6x6\n", 6728, 0},
        {"piece D *\n##\nboard\n####\n#++#\n#++#\n####\n", 0, 0},
        {"piece L *\n#\n##\nboard 6x6\n", 0, 0},
        {"piece X\n.#.\n###\n.#.\npiece D *\n##\nboard\n.###.\n#####\n#####\n#####\n.###.\n", 0, 0},
        {"piece X\n.#.\n###\n.#.\npiece O\n##\n##\npiece D *\n##\n"
         "board\n.###.\n#####\n#####\n#####\n.###.\n",
         0, 0},
        {"pieces pentominoes\nboard 3x20\n", 8, 2},
        // Scott's board: 65 solutions (Scott 1958), each in 8 positions.
        {scott, 520, 65},
        {"pieces diamonds *\nboard\n  #####\n #######\n #######\n  #####\n", 20, 0},
        {"pieces diamonds *\nboard\n    #######\n   #########\n  ###########\n"
         "  ###########\n   #########\n    #######\n",
         980, 0},
        {"pieces tetriamonds *\nboard\n  #####\n #######\n #######\n  #####\n", 0, 0},
        // The hexiamonds in a 6x6 rhombus (4 symmetries) and a 4x9 parallelogram (2).
        {"pieces hexiamonds\nboard 6x6\n", 624, 156},
        {"pieces hexiamonds\nboard 4x9\n", 148, 74},
        {"grid hexagon\npiece C\n#\npiece D *\n# #\nboard\n  # #\n # # #\n  # #\n", 0, 0},
        {"grid hexagon\npiece C\n#\npiece D *\n# #\n"
         "board\n  # # #\n # # # #\n# # # # #\n # # # #\n  # # #\n",
         0, 0},
        {"grid hexagon\npiece C\n#\npieces trihexes *\n"
         "board\n  # # #\n # # # #\n# # # # #\n # # # #\n  # # #\n",
         0, 0},
        // The tetrahexes in a 4x7 parallelogram: 9 up to its half turn.
        {"pieces tetrahexes\nboard 4x7\n", 18, 9},
        {"pieces dicubes *\nboard 2x2x2\n", 9, 0},
        {"pieces dicubes *\nboard 2x2x4\n", 121, 0},
        // The Soma cube: 240 up to rotations and reflections (which swap a and b).
        {"pieces soma\nboard 3x3x3\n", 11520, 240},
        // Ishino's count: 1390 up to the box's rotations (see above).
        {"pieces tetracubes\nboard 2x4x4\n", 1390 * 8, 0},
        // The solid pentominoes in a 2x3x10 box: 12; none is symmetric (each piece is
        // placed once), so 12 for each of the box's 8 symmetries.
        {"pieces solid-pentominoes\nboard 2x3x10\n", 12 * 8, 12},
    }));
    INFO(text);
    const Puzzle puzzle = puzzle_of(text);
    const Reference reference(puzzle);
    const std::vector<Symmetry>& group = reference.group();
    REQUIRE(!group.empty());
    const Model all_model = polyform::build_model(puzzle, Solutions::all);
    const Model model = polyform::build_model(puzzle, Solutions::distinct);

    // All solutions: each a solution, none twice, as many as published or as the tiler finds.
    const std::vector<Solution> all = solutions_of(all_model);
    REQUIRE(all.size() == (published_all != 0 ? published_all : Tiler(puzzle).count()));
    for (const Solution& solution : all) {
        const std::string fault = reference.fault_of(solution);
        REQUIRE(fault.empty());
    }
    CHECK(std::set<Solution>(all.begin(), all.end()).size() == all.size());

    // The puzzle's symmetries: the model's are those found here, the identity first.
    for (const Model* each : {&all_model, &model}) {
        REQUIRE(each->symmetries.size() == group.size());
        CHECK(each->symmetries.front().transform == polyform::symmetries(puzzle.grid).front());
        CHECK(each->symmetries.front().offset == Point{});
        for (std::size_t s = 0; s < group.size(); ++s) {
            INFO("symmetry " << s);
            CHECK(each->symmetries[s].transform == group[s].transform);
            CHECK(each->symmetries[s].offset == group[s].offset);
            CHECK(each->symmetries[s].piece == group[s].piece);
        }
        // Where each symmetry takes each placement.
        REQUIRE(each->image.size() == group.size());
        for (std::size_t s = 0; s < group.size(); ++s) {
            REQUIRE(each->image[s].size() == each->placements.size());
            bool right = true;
            for (std::size_t i = 0; i < each->placements.size(); ++i) {
                const Placement& from = each->placements[i];
                const Placement& to = each->placements[each->image[s][i]];
                right = right && to.piece == group[s].piece[from.piece] &&
                        to.cells == moved(group[s].transform, group[s].offset, from.cells);
            }
            INFO("symmetry " << s);
            CHECK(right);
        }
    }

    // Burnside: the classes are as many as the solutions that a symmetry keeps, on average.
    std::uint64_t kept = 0;
    std::set<Solution> every_class;
    for (const Solution& solution : all) {
        Solution least = solution;
        for (const Symmetry& symmetry : group) {
            Solution image = Reference::image_of(symmetry, solution);
            if (image == solution)
                ++kept;
            least = std::min(least, std::move(image));
        }
        every_class.insert(std::move(least));
    }
    REQUIRE(kept % group.size() == 0);
    const std::uint64_t classes = kept / group.size();
    CHECK(every_class.size() == classes);
    if (published_distinct != 0)
        CHECK(classes == published_distinct);

    // The distinct solutions: as many as the classes, one in each, each a solution.
    const std::vector<Solution> distinct = solutions_of(model);
    CHECK(distinct.size() == classes);
    CHECK(count(model) == classes);
    std::set<Solution> classes_met;
    for (const Solution& solution : distinct) {
        const std::string fault = reference.fault_of(solution);
        CHECK(fault.empty());
        CHECK(classes_met.insert(reference.class_of(solution)).second); // no class twice
    }
    CHECK(classes_met == every_class);
}

// ---------------------------------------------------------------------------------------------
// The problem, placements, decoding and drawing

TEST_CASE("makes every placement, and leaves out those that wall in a pocket no piece fills",
          "[polyform][model]")
{
    // Knuth's figures for the plain encodings: 2056 placements of the pentominoes in the 6x10
    // rectangle, 1568 on Scott's board.
    const auto [text, every_count] = GENERATE(table<std::string, std::size_t>({
        {pentomino_rectangle(6, 10), 2056},
        {scott, 1568},
        {pentomino_rectangle(3, 20), 0},
        {"pieces hexiamonds\nboard 6x6\n", 0},
        {"pieces tetrahexes\nboard 4x7\n", 0},
        {"pieces soma\nboard 3x3x3\n", 0},
        {"pieces tetracubes\nboard 2x4x4\n", 0},
        {"piece X\n.#.\n###\n.#.\npiece O\n##\n##\npiece D *\n##\n"
         "board\n.###.\n#####\n#####\n#####\n.###.\n",
         0},
        {"piece D *\n##\nboard\n####\n#++#\n#++#\n####\n", 0},
    }));
    INFO(text);
    const Puzzle puzzle = puzzle_of(text);
    const Reference reference(puzzle);
    const std::set<std::pair<std::uint32_t, Shape>> expected = reference.placements();
    if (every_count != 0)
        CHECK(expected.size() == every_count);

    const auto placements_of = [](const Model& model) {
        std::set<std::pair<std::uint32_t, Shape>> found;
        for (const Placement& placement : model.placements)
            found.emplace(placement.piece, placement.cells);
        CHECK(found.size() == model.placements.size());
        return found;
    };
    const Model every = polyform::build_model(puzzle, Solutions::all, polyform::Placements::every);
    CHECK(placements_of(every) == expected);
    CHECK(every.parts.front().problem.option_count() == expected.size());

    // The default: a placement is left out when a region of the board beside it is smaller
    // than the least piece or not a multiple of the greatest common divisor of the pieces'
    // sizes; where cells may stay empty, none is.
    std::set<std::pair<std::uint32_t, Shape>> fillable;
    for (const auto& placement : expected)
        if (reference.leaves_fillable_regions(placement.second))
            fillable.insert(placement);
    if (!puzzle.may_stay_empty.empty())
        CHECK(fillable == expected);
    const Model model = polyform::build_model(puzzle);
    CHECK(placements_of(model) == fillable);
    CHECK(model.placements.size() <= every.placements.size());
}

TEST_CASE("the model of all solutions has an item per piece and per cell, an option per "
          "placement",
          "[polyform][model]")
{
    const Puzzle puzzle = puzzle_of("piece X\n.#.\n###\n.#.\npiece D *\n##\npiece M 0-3\n#\n"
                                    "board\n+#####\n######\n######\n#####+\n");
    const Model model = polyform::build_model(puzzle, Solutions::all);
    REQUIRE(model.parts.size() == 1);
    const Part& part = model.parts.front();
    CHECK(part.filter.empty());
    REQUIRE(part.placements.size() == model.placements.size());
    for (std::uint32_t i = 0; i < part.placements.size(); ++i)
        CHECK(part.placements[i] == std::vector<std::uint32_t>{i});

    // The pieces first, bounded by their copies (as many as the board holds for '*').
    const dlx::Problem& problem = part.problem;
    CHECK(problem.item_count() == 3 + puzzle.board.size());
    CHECK(problem.name(0) == "X");
    CHECK(problem.bounds(0) == dlx::Bounds{1, 1});
    CHECK(problem.name(1) == "D");
    CHECK(problem.bounds(1) == dlx::Bounds{0, 12});
    CHECK(problem.name(2) == "M");
    CHECK(problem.bounds(2) == dlx::Bounds{0, 3});
    // Then a cell each, named row,column from the board's top left; secondary where it may
    // stay empty.
    REQUIRE(model.cell_item.size() == puzzle.board.size());
    std::set<dlx::ItemId> items;
    for (std::size_t i = 0; i < puzzle.board.size(); ++i) {
        const Point p = puzzle.board[i];
        const dlx::ItemId item = model.cell_item[i];
        items.insert(item);
        CHECK(item >= 3);
        CHECK(problem.name(item) == std::to_string(p.y) + "," + std::to_string(p.x));
        CHECK(problem.name(item) == polyform::cell_name(puzzle, p));
        const bool optional = (p == Point{0, 0, 0} || p == Point{5, 3, 0});
        CHECK(problem.kind(item) == (optional ? dlx::ItemKind::secondary : dlx::ItemKind::primary));
    }
    CHECK(items.size() == puzzle.board.size());
    // Each option: its piece's item and its cells' items.
    for (dlx::OptionId option = 0; option < problem.option_count(); ++option) {
        const Placement& placement = model.placements[option];
        std::set<dlx::ItemId> expected{placement.piece};
        for (const Point& p : placement.cells) {
            const auto at = std::lower_bound(puzzle.board.begin(), puzzle.board.end(), p);
            expected.insert(model.cell_item[static_cast<std::size_t>(at - puzzle.board.begin())]);
        }
        std::set<dlx::ItemId> found;
        for (const dlx::Entry& entry : problem.option(option))
            found.insert(entry.item);
        CHECK(found == expected);
    }
    // Every placement on the board, cells that may stay empty included.
    std::map<std::uint32_t, std::size_t> per_piece;
    for (const Placement& placement : model.placements)
        ++per_piece[placement.piece];
    CHECK(per_piece[0] == 2 * 4); // the X's centre: rows 1..2, columns 1..4
    CHECK(per_piece[1] == 4 * 5 + 3 * 6);
    CHECK(per_piece[2] == 24);
    CHECK(count(model) == Tiler(puzzle).count());
}

TEST_CASE("names the cells from the board's top left, layer first on the cube grid",
          "[polyform][model]")
{
    const Puzzle rectangle = puzzle_of(pentomino_rectangle(6, 10));
    CHECK(polyform::cell_name(rectangle, {0, 0, 0}) == "0,0");
    CHECK(polyform::cell_name(rectangle, {9, 5, 0}) == "5,9");
    const Puzzle box = puzzle_of("pieces solid-pentominoes\nboard 2x3x10\n");
    CHECK(polyform::cell_name(box, {2, 1, 9}) == "9,1,2");
    // A drawing that starts to the right: its first cell is still column 0.
    const Puzzle drawn = puzzle_of("piece D *\n##\nboard\n   ##\n   ##\n");
    CHECK(polyform::cell_name(drawn, drawn.board.front()) == "0,0");
    CHECK(polyform::cell_name(drawn, drawn.board.back()) == "1,1");
    CHECK(polyform::draw(drawn, {}) == "..\n..\n");
}

TEST_CASE("a decoded solution covers the board with its pieces' shapes", "[polyform][model]")
{
    const std::string text =
        GENERATE(std::string(scott),
                 std::string("pieces pentominoes\nboard\n########\n########\n########\n###++###\n"
                             "###++###\n########\n########\n########\n"),
                 std::string("piece X\n.#.\n###\n.#.\npiece O\n##\n##\npiece D *\n##\n"
                             "board\n.###.\n#####\n#####\n#####\n.###.\n"),
                 std::string("piece D *\n##\nboard\n####\n#++#\n#++#\n####\n"),
                 std::string("pieces hexiamonds\nboard 6x6\n"),
                 std::string("grid hexagon\npiece C\n#\npieces trihexes *\n"
                             "board\n  # # #\n # # # #\n# # # # #\n # # # #\n  # # #\n"),
                 std::string("pieces soma\nboard 3x3x3\n"),
                 std::string("pieces tetracubes one-sided\nboard\n####\n####\n----\n####\n####\n"
                             "----\n####\n####\n----\n####\n####\n"));
    INFO(text);
    const Puzzle puzzle = puzzle_of(text);
    const Reference reference(puzzle);
    for (const Solutions solutions : {Solutions::all, Solutions::distinct}) {
        const Model model = polyform::build_model(puzzle, solutions);
        // A part can have no solution (a piece fixed on a mirror line where the others cannot
        // fill the rest); the puzzle has some.
        std::size_t solved = 0;
        for (const Part& part : model.parts) {
            dlx::Solver solver(part.problem);
            const auto first = solver.first_solution();
            if (!first)
                continue;
            ++solved;
            const std::vector<Placement> placements = model.decode(part, *first);
            CHECK(std::is_sorted(
                placements.begin(), placements.end(),
                [](const Placement& a, const Placement& b) { return a.piece < b.piece; }));
            CHECK(reference.fault_of(solution_of(placements)).empty());
            if (puzzle.may_stay_empty.empty()) {
                std::size_t cells = 0;
                for (const Placement& placement : placements)
                    cells += placement.cells.size();
                CHECK(cells == puzzle.board.size());
            }
            require_restored(solver, part.problem);
        }
        CHECK(solved > 0);
    }
}

TEST_CASE("draws a solution with each cell's piece name", "[polyform][model]")
{
    SECTION("the 6x10 rectangle: 6 lines of 10 letters, each letter 5 times")
    {
        const Model model =
            polyform::build_model(puzzle_of(pentomino_rectangle(6, 10)), Solutions::distinct);
        const Part& part = model.parts.front();
        const auto first = dlx::Solver(part.problem).first_solution();
        REQUIRE(first.has_value());
        const std::vector<Placement> placements = model.decode(part, *first);
        const std::string drawing = polyform::draw(model.puzzle, placements);
        std::istringstream in(drawing);
        std::vector<std::string> lines;
        for (std::string line; std::getline(in, line);)
            lines.push_back(line);
        REQUIRE(lines.size() == 6);
        std::map<char, int> letters;
        for (const std::string& line : lines) {
            CHECK(line.size() == 10);
            for (const char c : line)
                ++letters[c];
        }
        CHECK(letters.size() == 12);
        for (const auto& [letter, times] : letters) {
            INFO("letter " << letter);
            CHECK(std::string("FILNPTUVWXYZ").find(letter) != std::string::npos);
            CHECK(times == 5);
        }
        // Each cell's letter is its piece's.
        for (const Placement& placement : placements)
            for (const Point& p : placement.cells)
                CHECK(lines[static_cast<std::size_t>(p.y)][static_cast<std::size_t>(p.x)] ==
                      model.puzzle.pieces[placement.piece].name.front());
        CHECK(drawing.back() == '\n');
    }
    SECTION("the Soma cube: its three layers side by side")
    {
        const Model model =
            polyform::build_model(puzzle_of("pieces soma\nboard 3x3x3\n"), Solutions::distinct);
        const Part& part = model.parts.front();
        const auto first = dlx::Solver(part.problem).first_solution();
        REQUIRE(first.has_value());
        const std::vector<Placement> placements = model.decode(part, *first);
        const std::string drawing = polyform::draw(model.puzzle, placements);
        std::istringstream in(drawing);
        std::vector<std::string> lines;
        for (std::string line; std::getline(in, line);)
            lines.push_back(line);
        REQUIRE(lines.size() == 3);
        for (const std::string& line : lines) {
            REQUIRE(line.size() == 15); // 3 + 3 spaces + 3 + 3 spaces + 3
            CHECK(line.substr(3, 3) == "   ");
            CHECK(line.substr(9, 3) == "   ");
        }
        for (const Placement& placement : placements)
            for (const Point& p : placement.cells)
                CHECK(
                    lines[static_cast<std::size_t>(p.y)][static_cast<std::size_t>(p.z * 6 + p.x)] ==
                    model.puzzle.pieces[placement.piece].name.front());
    }
    SECTION("hexagons where the board drew them; empty cells '.', holes blank")
    {
        const Puzzle puzzle = puzzle_of(
            "grid hexagon\npiece C 0-1\n#\npiece D *\n# #\nboard\n  # #\n # # #\n  # #\n");
        CHECK(polyform::draw(puzzle, {}) == "  . .\n . . .\n  . .\n");
        const Model model = polyform::build_model(puzzle, Solutions::all);
        std::vector<Placement> placements;
        for (const Placement& placement : model.placements)
            if (placement.piece == 0 && placement.cells.front() == puzzle.board[3])
                placements.push_back(placement);
        REQUIRE(placements.size() == 1);
        CHECK(polyform::draw(puzzle, placements) == "  . .\n . C .\n  . .\n");
    }
    SECTION("names wider than a letter are padded to one width")
    {
        Puzzle puzzle = puzzle_of("piece Long\n##\npiece S\n#\nboard 1x3\n");
        const std::vector<Placement> placements{{0, {{0, 0, 0}, {1, 0, 0}}}, {1, {{2, 0, 0}}}};
        CHECK(polyform::draw(puzzle, placements) == "Long Long S\n");
        CHECK(polyform::draw(puzzle, std::vector<Placement>{{1, {{0, 0, 0}}}}) == "S..\n");
    }
}

// ---------------------------------------------------------------------------------------------
// Faults

TEST_CASE("a piece that fits nowhere is a fault of that piece", "[polyform][model][errors]")
{
    const Puzzle puzzle = puzzle_of("piece A 7\n#\npiece I\n#####\nboard 3x4\n");
    try {
        (void)polyform::build_model(puzzle);
        FAIL("no PuzzleError");
    } catch (const PuzzleError& error) {
        REQUIRE(error.piece().has_value());
        CHECK(*error.piece() == 1);
        CHECK_THAT(error.what(), Catch::Contains("'I'") && Catch::Contains("fits nowhere"));
    }
    // Unless the piece may be left out.
    const Puzzle optional = puzzle_of("piece A *\n#\npiece I 0-1\n#####\nboard 3x4\n");
    CHECK(count(polyform::build_model(optional)) == 1);
    // A PuzzleError is a dlx::Error.
    CHECK_THROWS_AS(polyform::build_model(puzzle, Solutions::distinct), dlx::Error);
}

TEST_CASE("cell counts that cannot match are a fault of no piece", "[polyform][model][errors]")
{
    const auto [text, words] = GENERATE(table<std::string, std::string>({
        {"pieces pentominoes\nboard 6x11\n", "the pieces cover 60 cells, the board has 66 cells"},
        {"pieces pentominoes\nboard 5x5\n", "the pieces cover 60 cells, the board has 25 cells"},
        {"piece P 1-2\n##\n##\n#.\nboard 4x5\n",
         "the pieces cover from 5 to 10 cells, the board has 20 cells"},
        {"pieces pentominoes\nboard\n########\n########\n########\n###++###\n###+####\n"
         "########\n########\n########\n",
         "the board has 64 cells (61 to fill)"},
        {"piece M\n#\nboard 1x2\n", "the pieces cover 1 cell, the board has 2 cells"},
    }));
    INFO(text);
    const Puzzle puzzle = puzzle_of(text);
    for (const Solutions solutions : {Solutions::all, Solutions::distinct}) {
        try {
            (void)polyform::build_model(puzzle, solutions);
            FAIL("no PuzzleError");
        } catch (const PuzzleError& error) {
            CHECK_FALSE(error.piece().has_value());
            CHECK_THAT(error.what(), Catch::Contains(words));
        }
    }
    // Copies without a bound: at least so many cells.
    Puzzle made;
    made.grid = Grid::square;
    made.pieces.push_back({"D", {{0, 0, 0}, {1, 0, 0}}, Turns::free, {20, Copies::any}});
    made.board = polyform::box(Grid::square, 4, 4);
    try {
        (void)polyform::build_model(made);
        FAIL("no PuzzleError");
    } catch (const PuzzleError& error) {
        CHECK_FALSE(error.piece().has_value());
        CHECK_THAT(error.what(), Catch::Contains("at least 40 cells, the board has 16 cells"));
    }
}
