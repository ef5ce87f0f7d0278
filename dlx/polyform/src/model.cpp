// From a puzzle to the engine: every placement of every piece, the puzzle's symmetries, and the
// exact-cover problem. See model.hpp; the restriction for distinct solutions is in distinct.cpp.
#include "model_detail.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <unordered_map>

namespace polyform {

namespace {

struct PointHash {
    std::size_t operator()(const Point& p) const noexcept
    {
        return (static_cast<std::size_t>(p.x) * 73856093u) ^
               (static_cast<std::size_t>(p.y) * 19349663u) ^
               (static_cast<std::size_t>(p.z) * 83492791u);
    }
};

std::string plural(std::uint64_t n, const char* word)
{
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// The symmetry of `puzzle` that `transform` gives, if it is one.
std::optional<Symmetry> symmetry_of(const Puzzle& puzzle, const Transform& transform,
                                    const std::vector<std::vector<Shape>>& orientation_sets)
{
    const Grid grid = puzzle.grid;
    const auto moved = [&](const Shape& shape) {
        Shape image;
        for (const Point& p : shape)
            image.push_back(transform.apply(p));
        std::sort(image.begin(), image.end());
        return image;
    };
    Shape board = moved(puzzle.board);
    const Point offset = puzzle.board.front() - board.front();
    if (!is_translation(grid, offset))
        return std::nullopt;
    const auto shifted = [&](Shape shape) {
        for (Point& p : shape)
            p = p + offset;
        return shape;
    };
    if (shifted(board) != puzzle.board ||
        shifted(moved(puzzle.may_stay_empty)) != puzzle.may_stay_empty)
        return std::nullopt;
    Symmetry symmetry{transform, offset, {}};
    for (std::size_t i = 0; i < puzzle.pieces.size(); ++i) {
        std::vector<Shape> image;
        for (const Shape& shape : orientation_sets[i]) {
            Shape turned;
            for (const Point& p : shape)
                turned.push_back(transform.apply(p));
            image.push_back(normalised(grid, std::move(turned)));
        }
        std::sort(image.begin(), image.end());
        const auto same = [&](std::size_t j) {
            return orientation_sets[j] == image &&
                   puzzle.pieces[j].copies == puzzle.pieces[i].copies;
        };
        std::size_t j = i;
        if (!same(i)) {
            j = 0;
            while (j < puzzle.pieces.size() && !same(j))
                ++j;
            if (j == puzzle.pieces.size())
                return std::nullopt;
        }
        symmetry.piece.push_back(static_cast<std::uint32_t>(j));
    }
    return symmetry;
}

// Where names and drawings count from: the board's top left as drawn.
Cell board_origin(const Puzzle& puzzle) { return drawing_origin(puzzle.grid, puzzle.board); }

// What a pocket of cells must be for pieces to fill it: a multiple of the greatest common
// divisor of the pieces' sizes, and at least the smallest. Where cells may stay empty any
// pocket can be left, so none is ruled out (step 0).
struct Pockets {
    std::size_t step = 0;
    std::size_t least = 0;
};

Pockets pockets(const Puzzle& puzzle)
{
    Pockets pocket;
    if (!puzzle.may_stay_empty.empty())
        return pocket;
    pocket.least = puzzle.board.size();
    for (const Piece& piece : puzzle.pieces) {
        pocket.step = std::gcd(pocket.step, piece.shape.size());
        pocket.least = std::min(pocket.least, piece.shape.size());
    }
    return pocket;
}

// Whether a placement cuts off a pocket of the board (a region of cells next to it, at most
// 256 cells: larger ones are let be) that pieces cannot fill. The cells are marked by board
// index with the number of the walk that reached them, so no walk clears anything.
class PocketFinder {
public:
    PocketFinder(const Puzzle& puzzle,
                 const std::unordered_map<Point, std::uint32_t, PointHash>& board, Pockets pocket)
        : puzzle_(puzzle), board_(board), pocket_(pocket), mark_(puzzle.board.size(), 0)
    {
    }

    bool walls_in(const Placement& placement)
    {
        if (pocket_.step == 0)
            return false;
        constexpr std::size_t most = 256;
        ++walk_; // the placement's own cells, then each region, marked with this number
        for (const Point& p : placement.cells)
            mark_[board_.at(p)] = walk_;
        std::vector<std::uint32_t> region;
        for (const Point& cell : placement.cells) {
            for (const Point& start : neighbours(puzzle_.grid, cell)) {
                const auto at = board_.find(start);
                if (at == board_.end() || mark_[at->second] == walk_)
                    continue;
                // The region of `start`, walked until it is whole or larger than `most`.
                region.assign(1, at->second);
                mark_[at->second] = walk_;
                for (std::size_t next = 0; next < region.size() && region.size() <= most; ++next) {
                    for (const Point& q : neighbours(puzzle_.grid, puzzle_.board[region[next]])) {
                        const auto there = board_.find(q);
                        if (there != board_.end() && mark_[there->second] != walk_) {
                            mark_[there->second] = walk_;
                            region.push_back(there->second);
                        }
                    }
                }
                // A walk cut short leaves part of its region marked, which would make the next
                // walk's region look smaller than it is: stop there, keeping the placement.
                const std::size_t size = region.size();
                if (size > most)
                    return false;
                if (size < pocket_.least || size % pocket_.step != 0)
                    return true;
            }
        }
        return false;
    }

private:
    const Puzzle& puzzle_;
    const std::unordered_map<Point, std::uint32_t, PointHash>& board_;
    Pockets pocket_;
    std::vector<std::uint32_t> mark_; // per board cell: the walk that last reached it
    std::uint32_t walk_ = 0;
};

std::string name_at(Grid grid, Cell origin, Point point)
{
    const Cell cell = to_cell(grid, point);
    std::string name =
        std::to_string(cell.row - origin.row) + "," + std::to_string(cell.col - origin.col);
    if (grid == Grid::cube)
        name = std::to_string(cell.layer - origin.layer) + "," + name;
    return name;
}

} // namespace

namespace detail {

std::uint32_t copies_at_most(const Puzzle& puzzle, const Piece& piece)
{
    if (piece.copies.upper != Copies::any)
        return piece.copies.upper;
    return static_cast<std::uint32_t>(std::max<std::size_t>(
        1, puzzle.board.size() / std::max<std::size_t>(1, piece.shape.size())));
}

Part make_part(const Model& model, std::vector<PartOption> options, std::uint32_t cases,
               std::vector<std::uint32_t> filter)
{
    // The items: the pieces, then the cells to cover, then those that may stay empty, as
    // Model::cell_item numbers them; then the cases.
    dlx::ProblemBuilder builder;
    const Puzzle& puzzle = model.puzzle;
    const Cell origin = board_origin(puzzle);
    for (const Piece& piece : puzzle.pieces)
        builder.add_primary(piece.name, {piece.copies.lower, copies_at_most(puzzle, piece)});
    std::vector<std::size_t> by_item(puzzle.board.size());
    for (std::size_t i = 0; i < puzzle.board.size(); ++i)
        by_item[model.cell_item[i] - puzzle.pieces.size()] = i;
    for (const std::size_t i : by_item) {
        const Point p = puzzle.board[i];
        const std::string name = name_at(puzzle.grid, origin, p);
        if (std::binary_search(puzzle.may_stay_empty.begin(), puzzle.may_stay_empty.end(), p))
            builder.add_secondary(name);
        else
            builder.add_primary(name);
    }
    const auto first_case = static_cast<dlx::ItemId>(builder.item_count());
    for (std::uint32_t c = 1; c <= cases; ++c)
        builder.add_secondary("@" + std::to_string(c));

    std::vector<std::vector<std::uint32_t>> placements;
    std::vector<dlx::ItemId> items;
    for (PartOption& option : options) {
        items.clear();
        for (const std::uint32_t index : option.placements) {
            const Placement& placement = model.placements[index];
            items.push_back(placement.piece);
            const auto first_cell = static_cast<std::ptrdiff_t>(items.size());
            for (const Point& p : placement.cells) {
                const auto at = std::lower_bound(puzzle.board.begin(), puzzle.board.end(), p);
                items.push_back(
                    model.cell_item[static_cast<std::size_t>(at - puzzle.board.begin())]);
            }
            std::sort(items.begin() + first_cell, items.end()); // as drawn: row by row
        }
        for (const std::uint32_t c : option.cases)
            items.push_back(first_case + c);
        builder.add_option(items);
        placements.push_back(std::move(option.placements));
    }
    return {std::move(builder).build(), std::move(placements), std::move(filter)};
}

} // namespace detail

std::string cell_name(const Puzzle& puzzle, Point point)
{
    return name_at(puzzle.grid, board_origin(puzzle), point);
}

Model build_model(const Puzzle& puzzle, Solutions solutions, Placements placements)
{
    Model model;
    model.puzzle = puzzle;
    const Grid grid = puzzle.grid;
    // The board's cells as they are drawn, layer by layer and row by row: the order of the
    // cells' items, and of each piece's placements (as Knuth's polyomino-dlx orders them).
    std::vector<std::uint32_t> order(puzzle.board.size());
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return to_cell(grid, puzzle.board[a]) < to_cell(grid, puzzle.board[b]);
    });

    // The cells the pieces must cover, and may cover, against what they bring.
    const std::size_t must = puzzle.board.size() - puzzle.may_stay_empty.size();
    std::uint64_t least = 0, most = 0;
    bool unbounded = false;
    for (const Piece& piece : puzzle.pieces) {
        least += std::uint64_t{piece.copies.lower} * piece.shape.size();
        if (piece.copies.upper == Copies::any)
            unbounded = true;
        else
            most += std::uint64_t{piece.copies.upper} * piece.shape.size();
    }
    if (least > puzzle.board.size() || (!unbounded && most < must)) {
        const std::string pieces =
            least == most || unbounded
                ? (unbounded ? "at least " : "") + plural(least, "cell")
                : "from " + std::to_string(least) + " to " + plural(most, "cell");
        throw PuzzleError(
            "the pieces cover " + pieces + ", the board has " +
                plural(puzzle.board.size(), "cell") +
                (puzzle.may_stay_empty.empty() ? "" : " (" + std::to_string(must) + " to fill)"),
            std::nullopt);
    }

    // A placement that walls in a pocket of the board that no pieces can fill is in no
    // solution: left out, the search never tries it (Knuth's pentomino programs, BurrTools'
    // "reduce").
    const Pockets pocket = placements == Placements::fillable ? pockets(puzzle) : Pockets{};

    // Every placement: each orientation of each piece, its first (least) cell on each cell of
    // the board in turn, kept when all its cells are on the board.
    // Each piece's orientations, made once: in their order (symmetries()') the placements come
    // from them; sorted, two pieces with the same set are interchangeable under a symmetry.
    std::vector<std::vector<Shape>> turned, orientation_sets;
    for (const Piece& piece : puzzle.pieces) {
        turned.push_back(orientations(grid, piece.shape, piece.turns));
        orientation_sets.push_back(turned.back());
        std::sort(orientation_sets.back().begin(), orientation_sets.back().end());
    }
    std::unordered_map<Point, std::uint32_t, PointHash> on_board;
    for (std::size_t i = 0; i < puzzle.board.size(); ++i)
        on_board.emplace(puzzle.board[i], static_cast<std::uint32_t>(i));
    PocketFinder pockets_of(puzzle, on_board, pocket);
    for (std::uint32_t piece = 0; piece < puzzle.pieces.size(); ++piece) {
        const Piece& shape = puzzle.pieces[piece];
        bool fits = false; // somewhere on the board, whatever it walls in
        for (const Shape& orientation : turned[piece]) {
            for (const std::uint32_t index : order) {
                const Point anchor = puzzle.board[index];
                const Point offset = anchor - orientation.front();
                if (!is_translation(grid, offset))
                    continue;
                Placement placement{piece, {}};
                for (const Point& p : orientation) {
                    if (on_board.count(p + offset) == 0)
                        break;
                    placement.cells.push_back(p + offset);
                }
                if (placement.cells.size() != orientation.size())
                    continue;
                fits = true;
                if (!pockets_of.walls_in(placement))
                    model.placements.push_back(std::move(placement));
            }
        }
        // A piece that fits but only where it walls in a pocket is in no solution: the count
        // says 0, as for any puzzle without one. One that fits nowhere is a fault of the file.
        if (!fits && shape.copies.lower > 0)
            throw PuzzleError("piece '" + shape.name + "' fits nowhere on the board", piece);
    }

    // The symmetries, and where each takes each placement. Two symmetries that move every
    // placement alike are one symmetry of the solutions: the first is kept. (On a board of
    // cubes one layer thick, the mirror through the layer moves nothing: it is the identity,
    // and kept as a symmetry no piece can break, it would send the classes' cases down through
    // every piece.)
    std::map<std::pair<std::uint32_t, Shape>, std::uint32_t> index;
    for (std::uint32_t i = 0; i < model.placements.size(); ++i)
        index.emplace(std::pair{model.placements[i].piece, model.placements[i].cells}, i);
    for (const Transform& transform : symmetries(grid)) {
        auto symmetry = symmetry_of(puzzle, transform, orientation_sets);
        if (!symmetry)
            continue;
        std::vector<std::uint32_t> image(model.placements.size());
        for (std::uint32_t i = 0; i < model.placements.size(); ++i) {
            const Placement& placement = model.placements[i];
            Shape cells;
            for (const Point& p : placement.cells)
                cells.push_back(symmetry->apply(p));
            std::sort(cells.begin(), cells.end());
            image[i] = index.at({symmetry->piece[placement.piece], cells});
        }
        if (std::find(model.image.begin(), model.image.end(), image) != model.image.end())
            continue;
        model.symmetries.push_back(std::move(*symmetry));
        model.image.push_back(std::move(image));
    }

    // The items: the pieces, then the cells to cover, then those that may stay empty.
    model.cell_item.resize(puzzle.board.size());
    dlx::ItemId next = static_cast<dlx::ItemId>(puzzle.pieces.size());
    for (const bool optional : {false, true})
        for (const std::uint32_t i : order)
            if (std::binary_search(puzzle.may_stay_empty.begin(), puzzle.may_stay_empty.end(),
                                   puzzle.board[i]) == optional)
                model.cell_item[i] = next++;

    if (solutions == Solutions::distinct && model.symmetries.size() > 1) {
        detail::add_distinct_parts(model);
    } else {
        std::vector<detail::PartOption> options(model.placements.size());
        for (std::uint32_t i = 0; i < options.size(); ++i)
            options[i].placements = {i};
        model.parts.push_back(detail::make_part(model, std::move(options), 0, {}));
    }
    return model;
}

bool Model::keeps(const Part& part, std::span<const dlx::OptionId> solution) const
{
    if (part.filter.empty())
        return true;
    std::vector<std::uint32_t> own;
    for (const dlx::OptionId option : solution)
        for (const std::uint32_t index : part.placements[option])
            own.push_back(index);
    std::sort(own.begin(), own.end());
    std::vector<std::uint32_t> other(own.size());
    for (const std::uint32_t s : part.filter) {
        for (std::size_t i = 0; i < own.size(); ++i)
            other[i] = image[s][own[i]];
        std::sort(other.begin(), other.end());
        if (other < own)
            return false;
    }
    return true;
}

dlx::Method default_method(const dlx::Problem& problem) noexcept
{
    return problem.has_multiplicities() ? dlx::Method::links : dlx::Method::cells;
}

dlx::SearchStats count(const Model& model, const Part& part, unsigned threads,
                       const dlx::SearchOptions& options)
{
    if (part.filter.empty())
        return threads > 1 ? dlx::count_parallel(part.problem, threads, options)
                           : dlx::Solver(part.problem).count(options);
    std::uint64_t kept = 0;
    dlx::SearchStats stats = dlx::Solver(part.problem)
                                 .search(
                                     [&](std::span<const dlx::OptionId> solution) {
                                         kept += model.keeps(part, solution) ? 1 : 0;
                                         return dlx::Visit::keep_going;
                                     },
                                     options);
    stats.solutions = kept;
    return stats;
}

std::vector<Placement> Model::decode(const Part& part,
                                     std::span<const dlx::OptionId> solution) const
{
    std::vector<std::uint32_t> indices;
    for (const dlx::OptionId option : solution)
        for (const std::uint32_t index : part.placements[option])
            indices.push_back(index);
    std::sort(indices.begin(), indices.end());
    std::vector<Placement> decoded;
    for (const std::uint32_t index : indices)
        decoded.push_back(placements[index]);
    return decoded;
}

std::string draw(const Puzzle& puzzle, std::span<const Placement> placements)
{
    const Grid grid = puzzle.grid;
    const Cell origin = board_origin(puzzle);
    // Each placement's label: its piece's name, and where a piece lies more than once, a letter
    // a, b, c, ... for each copy (then #27, #28, ...), so that copies side by side are told
    // apart: "Da Db".
    std::vector<std::size_t> copies(puzzle.pieces.size(), 0);
    for (const Placement& placement : placements)
        ++copies[placement.piece];
    std::vector<std::size_t> seen(puzzle.pieces.size(), 0);
    std::vector<std::string> labels;
    std::size_t width = 1;
    for (const Placement& placement : placements) {
        std::string label = puzzle.pieces[placement.piece].name;
        if (copies[placement.piece] > 1) {
            const std::size_t k = seen[placement.piece]++;
            label +=
                k < 26 ? std::string(1, static_cast<char>('a' + k)) : "#" + std::to_string(k + 1);
        }
        width = std::max(width, label.size());
        labels.push_back(std::move(label));
    }
    const int unit = width == 1              ? 1
                     : grid == Grid::hexagon ? static_cast<int>(width + 2) / 2
                                             : static_cast<int>(width) + 1;
    std::map<Point, std::string> label;
    for (const Point& p : puzzle.board)
        label[p] = std::string(width, '.');
    for (std::size_t i = 0; i < placements.size(); ++i) {
        std::string name = labels[i];
        name.resize(width, ' ');
        for (const Point& p : placements[i].cells)
            label[p] = name;
    }
    int layers = 1, rows = 1, cols = 1;
    for (const Point& p : puzzle.board) {
        const Cell c = to_cell(grid, p);
        layers = std::max(layers, c.layer - origin.layer + 1);
        rows = std::max(rows, c.row - origin.row + 1);
        cols = std::max(cols, c.col - origin.col + 1);
    }
    const std::size_t layer_width = static_cast<std::size_t>((cols - 1) * unit) + width;
    std::vector<std::string> lines(static_cast<std::size_t>(rows));
    for (auto& line : lines)
        line.assign(static_cast<std::size_t>(layers) * (layer_width + 3), ' ');
    for (const auto& [p, name] : label) {
        const Cell c = to_cell(grid, p);
        const std::size_t at =
            static_cast<std::size_t>(c.layer - origin.layer) * (layer_width + 3) +
            static_cast<std::size_t>((c.col - origin.col) * unit);
        lines[static_cast<std::size_t>(c.row - origin.row)].replace(at, width, name);
    }
    std::string text;
    for (std::string& line : lines) {
        line.erase(line.find_last_not_of(' ') + 1);
        text += line + '\n';
    }
    return text;
}

} // namespace polyform
