// Solutions drawn in SVG. Each cell becomes a polygon at its place in the drawing's rows and
// columns (geometry.hpp); the lines between cells are found by their ends: a side that two
// cells of one placement share is drawn thin, every other side thick.
#include <polyform/svg.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <vector>

namespace polyform {

namespace {

struct Vertex {
    double x, y;
};

// The corners of the cell drawn at `cell` (layers side by side, `layer_width` apart).
std::vector<Vertex> corners(Grid grid, Cell cell, double side, double layer_width)
{
    const double x0 = cell.layer * layer_width;
    switch (grid) {
    case Grid::square:
    case Grid::cube: {
        const double x = x0 + cell.col * side, y = cell.row * side;
        return {{x, y}, {x + side, y}, {x + side, y + side}, {x, y + side}};
    }
    case Grid::triangle: {
        // Row r is a strip of height h; the triangle at column c spans half-sides c to c + 2.
        const double h = side * std::sqrt(3.0) / 2, half = side / 2;
        const double left = x0 + cell.col * half, top = cell.row * h;
        if ((cell.row + cell.col) % 2 == 0) // up
            return {{left + half, top}, {left + side, top + h}, {left, top + h}};
        return {{left, top}, {left + side, top}, {left + half, top + h}};
    }
    case Grid::hexagon: {
        // Pointy-topped hexagons of width `side`: columns half a width apart, rows 3/4 of a
        // hexagon's height apart.
        const double radius = side / std::sqrt(3.0);
        const double cx = x0 + (cell.col + 1) * side / 2, cy = radius + cell.row * 1.5 * radius;
        std::vector<Vertex> six;
        for (int k = 0; k < 6; ++k) {
            const double angle = (60.0 * k - 90) * 3.14159265358979323846 / 180;
            six.push_back({cx + radius * std::cos(angle), cy + radius * std::sin(angle)});
        }
        return six;
    }
    }
    return {};
}

// A colour per piece, spread round the colour wheel by the golden angle, pale enough for a
// dark name on it.
std::string colour(std::size_t piece)
{
    const double hue = std::fmod(static_cast<double>(piece) * 137.508, 360.0);
    char text[48];
    std::snprintf(text, sizeof text, "hsl(%.0f,70%%,72%%)", hue);
    return text;
}

std::string number(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", value);
    std::string s = text;
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.')
        s.pop_back();
    return s;
}

std::string escaped(const std::string& text)
{
    std::string out;
    for (const char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += c;
        }
    }
    return out;
}

} // namespace

std::string svg(const Puzzle& puzzle, std::span<const Placement> placements,
                const SvgOptions& options)
{
    const Grid grid = puzzle.grid;
    const double side = options.cell;
    // The board's cells as drawn, from its top left.
    const Cell low = drawing_origin(grid, puzzle.board);
    Cell high = low;
    for (const Point& p : puzzle.board) {
        const Cell c = to_cell(grid, p);
        high = {std::max(high.layer, c.layer), std::max(high.row, c.row),
                std::max(high.col, c.col)};
    }
    const auto drawn = [&](Point p) {
        const Cell c = to_cell(grid, p);
        return Cell{c.layer - low.layer, c.row - low.row, c.col - low.col};
    };
    const int cols = high.col - low.col + 1;
    double layer_width = 0;
    if (grid == Grid::cube)
        layer_width = (cols + 1) * side;
    // Each cell's owner: the placement that covers it, or none.
    std::map<Point, int> owner;
    for (const Point& p : puzzle.board)
        owner[p] = -1;
    for (std::size_t i = 0; i < placements.size(); ++i)
        for (const Point& p : placements[i].cells)
            owner[p] = static_cast<int>(i);

    double width = 0, height = 0;
    std::string cells, lines, labels;
    // The sides, by their ends rounded to a hundredth of a pixel: owner and how many cells
    // have them.
    std::map<std::pair<std::pair<long, long>, std::pair<long, long>>, std::pair<int, int>> sides;
    const auto key = [](Vertex v) {
        return std::pair{std::lround(v.x * 100), std::lround(v.y * 100)};
    };
    const double margin = 2;
    for (const auto& [p, who] : owner) {
        const std::vector<Vertex> shape = corners(grid, drawn(p), side, layer_width);
        std::string points;
        for (const Vertex& v : shape) {
            points +=
                (points.empty() ? "" : " ") + number(v.x + margin) + "," + number(v.y + margin);
            width = std::max(width, v.x);
            height = std::max(height, v.y);
        }
        const std::string fill =
            who < 0 ? "#eeeeee" : colour(placements[static_cast<std::size_t>(who)].piece);
        cells += "<polygon points=\"" + points + "\" fill=\"" + fill + "\" stroke=\"" + fill +
                 "\" stroke-width=\"0.5\"/>\n";
        for (std::size_t k = 0; k < shape.size(); ++k) {
            auto a = key(shape[k]), b = key(shape[(k + 1) % shape.size()]);
            if (b < a)
                std::swap(a, b);
            auto [entry, fresh] = sides.try_emplace({a, b}, who, 0);
            if (!fresh && entry->second.first != who)
                entry->second.first = -2; // two owners: a line between pieces
            ++entry->second.second;
        }
    }
    for (const auto& [ends, seen] : sides) {
        const bool inner = seen.second == 2 && seen.first >= 0;
        lines += "<line x1=\"" + number(static_cast<double>(ends.first.first) / 100 + margin) +
                 "\" y1=\"" + number(static_cast<double>(ends.first.second) / 100 + margin) +
                 "\" x2=\"" + number(static_cast<double>(ends.second.first) / 100 + margin) +
                 "\" y2=\"" + number(static_cast<double>(ends.second.second) / 100 + margin) +
                 "\" stroke=\"" +
                 (inner ? "#ffffff\" stroke-width=\"0.6" : "#222222\" stroke-width=\"2") +
                 "\" stroke-linecap=\"round\"/>\n";
    }
    if (options.names) {
        // Each name on the placement's cell nearest the middle of its cells.
        for (const Placement& placement : placements) {
            double mx = 0, my = 0;
            std::vector<Vertex> centres;
            for (const Point& p : placement.cells) {
                const std::vector<Vertex> shape = corners(grid, drawn(p), side, layer_width);
                Vertex c{0, 0};
                for (const Vertex& v : shape)
                    c = {c.x + v.x / static_cast<double>(shape.size()),
                         c.y + v.y / static_cast<double>(shape.size())};
                centres.push_back(c);
                mx += c.x / static_cast<double>(placement.cells.size());
                my += c.y / static_cast<double>(placement.cells.size());
            }
            const Vertex best = *std::min_element(
                centres.begin(), centres.end(), [&](const Vertex& a, const Vertex& b) {
                    return std::hypot(a.x - mx, a.y - my) < std::hypot(b.x - mx, b.y - my);
                });
            labels += "<text x=\"" + number(best.x + margin) + "\" y=\"" + number(best.y + margin) +
                      "\">" + escaped(puzzle.pieces[placement.piece].name) + "</text>\n";
        }
    }
    const std::string w = number(width + 2 * margin), h = number(height + 2 * margin);
    std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + w + "\" height=\"" +
                      h + "\" viewBox=\"0 0 " + w + " " + h + "\">\n";
    if (!options.title.empty())
        out += "<title>" + escaped(options.title) + "</title>\n";
    out += cells + lines;
    if (!labels.empty())
        out += "<g font-family=\"sans-serif\" font-size=\"" + number(side * 0.4) +
               "\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"#222222\">\n" +
               labels + "</g>\n";
    return out + "</svg>\n";
}

} // namespace polyform
