// The named sets of pieces. Their cells are given in the coordinates of Polyform Puzzler
// (David Goodger's), whose names they take, so that a piece here is the piece of the same name
// there, one-sided mirror images included (named in lower case: "f" is F turned over):
//
//   squares (x, y), y up              triangles (x, y, z): the rhombus (x, y), its up triangle
//   hexagons (x, y), axial, y at 60°    z = 0 and the down one z = 1 beside it; y at 60°
//   cubes (x, y, z)
//
// The tests check each set against the enumeration of every polyform of its size, so that no
// piece is missing or repeated.
#include <polyform/pieces.hpp>

#include <algorithm>
#include <cctype>
#include <sstream>

namespace polyform {

namespace {

struct Listed {
    const char* name;
    const char* cells; // "x,y x,y ..." or "x,y,z ..."
};

// A cell of Puzzler's coordinates as a point of ours (geometry.hpp), turned so that it is drawn
// as Puzzler draws it (y up there, rows down here), not mirrored.
Point from_puzzler(Grid grid, int x, int y, int z)
{
    switch (grid) {
    case Grid::square: return {x, -y, 0};
    case Grid::triangle: return {3 * x + 1 + z, 3 * y + 1 + z, 0};
    case Grid::hexagon: return {x + y, -y, 0};
    case Grid::cube: return {x, -y, -z}; // a half turn about x: no mirror
    }
    return {};
}

Shape shape_of(Grid grid, std::string_view cells)
{
    Shape shape;
    std::istringstream in{std::string(cells)};
    std::string cell;
    while (in >> cell) {
        int value[3] = {0, 0, 0};
        std::istringstream parts(cell);
        std::string part;
        for (int i = 0; i < 3 && std::getline(parts, part, ','); ++i)
            value[i] = std::stoi(part);
        shape.push_back(from_puzzler(grid, value[0], value[1], value[2]));
    }
    return normalised(grid, std::move(shape));
}

PieceSet listed_set(std::string_view name, std::string_view description, Grid grid, Turns turns,
                    std::initializer_list<Listed> pieces)
{
    PieceSet set{name, description, grid, {}};
    for (const Listed& piece : pieces)
        set.pieces.push_back({piece.name, shape_of(grid, piece.cells), turns, {}});
    return set;
}

// The one-sided set of a free one: each piece that its mirror image does not match gets that
// image as a piece of its own, named in lower case as Puzzler names it ("f", "l4").
PieceSet one_sided_set(std::string_view name, std::string_view description, const PieceSet& free)
{
    PieceSet set{name, description, free.grid, {}};
    const std::span<const Transform> all = symmetries(free.grid);
    const Transform& mirror = all[all.size() / 2];
    for (const Piece& piece : free.pieces) {
        Piece turned_only = piece;
        turned_only.turns = Turns::one_sided;
        set.pieces.push_back(turned_only);
        Shape image;
        for (const Point& p : piece.shape)
            image.push_back(mirror.apply(p));
        image = normalised(free.grid, std::move(image));
        if (canonical(free.grid, image, Turns::one_sided) ==
            canonical(free.grid, piece.shape, Turns::one_sided))
            continue;
        std::string lower = piece.name;
        for (char& c : lower)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        set.pieces.push_back({lower, image, Turns::one_sided, {}});
    }
    return set;
}

// A set of squares as flat pieces of cubes, named with `suffix` ("F5" for F).
PieceSet solid(std::string_view name, std::string_view description, const PieceSet& flat,
               std::string_view suffix)
{
    PieceSet set{name, description, Grid::cube, {}};
    for (const Piece& piece : flat.pieces)
        set.pieces.push_back({piece.name + std::string(suffix), piece.shape, Turns::one_sided, {}});
    return set;
}

std::vector<PieceSet> make_sets()
{
    using enum Grid;
    using enum Turns;
    std::vector<PieceSet> sets;
    const auto add = [&](PieceSet set) {
        sets.push_back(std::move(set));
        return sets.back();
    };
    add(listed_set("monominoes", "the monomino O1", square, free,
                   {
                       {"O1", "0,0"},
                   }));
    add(listed_set("dominoes", "the domino I2", square, free,
                   {
                       {"I2", "0,0 0,1"},
                   }));
    const PieceSet trominoes = add(listed_set("trominoes", "the 2 trominoes I3 V3", square, free,
                                              {
                                                  {"I3", "0,0 0,1 0,2"},
                                                  {"V3", "0,0 0,1 1,0"},
                                              }));
    const PieceSet tetrominoes =
        add(listed_set("tetrominoes", "the 5 tetrominoes I4 L4 O4 T4 Z4", square, free,
                       {
                           {"I4", "0,0 0,1 0,2 0,3"},
                           {"L4", "0,0 0,1 0,2 1,0"},
                           {"O4", "0,0 0,1 1,0 1,1"},
                           {"T4", "0,0 1,0 1,1 2,0"},
                           {"Z4", "0,0 0,1 1,1 1,2"},
                       }));
    const PieceSet pentominoes =
        add(listed_set("pentominoes", "the 12 pentominoes F I L N P T U V W X Y Z", square, free,
                       {
                           {"F", "0,0 1,0 1,1 1,2 2,1"},
                           {"I", "0,0 1,0 2,0 3,0 4,0"},
                           {"L", "0,0 1,0 2,0 3,0 3,1"},
                           {"N", "0,0 1,0 2,0 2,1 3,1"},
                           {"P", "0,0 1,0 1,1 2,0 2,1"},
                           {"T", "0,0 0,1 0,2 1,1 2,1"},
                           {"U", "0,0 0,2 1,0 1,1 1,2"},
                           {"V", "0,0 1,0 2,0 2,1 2,2"},
                           {"W", "0,2 1,1 1,2 2,0 2,1"},
                           {"X", "0,1 1,0 1,1 1,2 2,1"},
                           {"Y", "0,0 1,0 2,0 2,1 3,0"},
                           {"Z", "0,0 0,1 1,1 2,1 2,2"},
                       }));
    const PieceSet hexominoes =
        add(listed_set("hexominoes", "the 35 hexominoes, A06 to Z16", square, free,
                       {
                           {"A06", "0,0 0,1 0,2 1,1 1,2 2,2"}, {"C06", "0,0 0,1 0,2 0,3 1,0 1,3"},
                           {"D06", "0,0 0,1 0,2 0,3 1,1 1,2"}, {"E06", "0,1 1,0 1,1 1,2 2,0 2,2"},
                           {"F06", "0,2 1,0 1,1 1,2 1,3 2,3"}, {"F16", "0,1 1,0 1,1 1,2 1,3 2,3"},
                           {"F26", "0,1 1,1 2,0 2,1 2,2 3,2"}, {"F36", "0,1 1,0 1,1 1,2 2,2 3,2"},
                           {"G06", "0,1 0,2 0,3 1,0 1,1 1,3"}, {"H06", "0,0 0,1 0,2 1,1 2,0 2,1"},
                           {"I06", "0,0 0,1 0,2 0,3 0,4 0,5"}, {"J06", "0,0 0,1 1,0 2,0 2,1 2,2"},
                           {"K06", "0,0 0,1 1,0 1,1 1,2 2,1"}, {"L06", "0,0 0,1 0,2 0,3 0,4 1,0"},
                           {"M06", "0,0 0,1 1,1 2,1 2,2 3,2"}, {"N06", "0,0 0,1 0,2 1,1 1,2 1,3"},
                           {"N16", "0,0 0,1 0,2 0,3 1,3 1,4"}, {"O06", "0,0 0,1 0,2 1,0 1,1 1,2"},
                           {"P06", "0,0 0,1 0,2 0,3 1,2 1,3"}, {"Q06", "0,1 0,2 1,0 1,1 1,2 2,0"},
                           {"R06", "0,0 0,1 0,2 1,1 1,2 2,1"}, {"S06", "0,2 0,3 0,4 1,0 1,1 1,2"},
                           {"T06", "0,3 1,0 1,1 1,2 1,3 2,3"}, {"T16", "0,2 1,0 1,1 1,2 2,2 3,2"},
                           {"U06", "0,0 0,1 1,0 2,0 2,1 3,0"}, {"V06", "0,0 1,0 2,0 2,1 2,2 2,3"},
                           {"W06", "0,0 1,0 1,1 2,1 2,2 2,3"}, {"W16", "0,0 1,0 1,1 2,1 2,2 3,2"},
                           {"W26", "0,0 1,0 1,1 2,1 2,2 3,1"}, {"X06", "0,1 1,0 1,1 1,2 1,3 2,1"},
                           {"X16", "0,1 1,0 1,1 1,2 1,3 2,2"}, {"Y06", "0,3 1,0 1,1 1,2 1,3 1,4"},
                           {"Y16", "0,2 1,0 1,1 1,2 1,3 1,4"}, {"Z06", "0,3 1,0 1,1 1,2 1,3 2,0"},
                           {"Z16", "0,2 1,0 1,1 1,2 2,0 3,0"},
                       }));
    add(one_sided_set("one-sided-trominoes", "the 2 trominoes, turned only", trominoes));
    add(one_sided_set("one-sided-tetrominoes", "the 7 one-sided tetrominoes: the 5 and l4 z4",
                      tetrominoes));
    add(one_sided_set("one-sided-pentominoes",
                      "the 18 one-sided pentominoes: the 12 and f l n p y z", pentominoes));
    add(one_sided_set("one-sided-hexominoes", "the 60 one-sided hexominoes", hexominoes));
    add(listed_set("moniamonds", "the moniamond T1", triangle, free,
                   {
                       {"T1", "0,0,0"},
                   }));
    add(listed_set("diamonds", "the diamond D2", triangle, free,
                   {
                       {"D2", "0,0,0 0,0,1"},
                   }));
    add(listed_set("triamonds", "the triamond I3", triangle, free,
                   {
                       {"I3", "0,0,0 0,0,1 1,0,0"},
                   }));
    const PieceSet tetriamonds =
        add(listed_set("tetriamonds", "the 3 tetriamonds C4 I4 T4", triangle, free,
                       {
                           {"C4", "0,1,0 0,1,1 1,0,1 1,1,0"},
                           {"I4", "0,0,0 0,0,1 1,0,0 1,0,1"},
                           {"T4", "0,0,0 0,0,1 0,1,0 1,0,0"},
                       }));
    const PieceSet pentiamonds =
        add(listed_set("pentiamonds", "the 4 pentiamonds C5 I5 L5 P5", triangle, free,
                       {
                           {"C5", "0,0,1 0,1,0 0,1,1 1,0,1 1,1,0"},
                           {"I5", "0,0,0 0,0,1 1,0,0 1,0,1 2,0,0"},
                           {"L5", "0,0,0 0,0,1 1,0,0 1,0,1 1,1,0"},
                           {"P5", "0,0,0 0,0,1 0,1,0 1,0,0 1,0,1"},
                       }));
    const PieceSet hexiamonds = add(listed_set(
        "hexiamonds", "the 12 hexiamonds C6 E6 F6 G6 H6 I6 J6 O6 P6 S6 V6 X6", triangle, free,
        {
            {"C6", "0,0,0 0,0,1 1,0,0 1,0,1 1,1,0 1,1,1"},
            {"E6", "0,1,0 0,1,1 1,0,1 1,1,0 1,1,1 2,1,0"},
            {"F6", "0,0,0 0,0,1 0,1,0 1,0,0 1,0,1 1,1,0"},
            {"G6", "0,0,0 0,0,1 0,1,1 1,0,0 1,0,1 1,1,0"},
            {"H6", "0,1,0 0,1,1 1,0,1 1,1,0 1,1,1 2,0,0"},
            {"I6", "0,0,0 0,0,1 1,0,0 1,0,1 2,0,0 2,0,1"},
            {"J6", "0,0,1 0,1,0 0,1,1 1,1,0 1,1,1 2,1,0"},
            {"O6", "0,0,1 0,1,0 0,1,1 1,0,0 1,0,1 1,1,0"},
            {"P6", "0,0,0 0,0,1 1,0,0 1,0,1 1,1,0 2,0,0"},
            {"S6", "0,0,1 0,1,0 0,1,1 1,1,0 1,1,1 1,2,0"},
            {"V6", "0,0,0 0,0,1 0,1,0 0,1,1 1,0,0 1,0,1"},
            {"X6", "0,1,0 0,1,1 0,2,0 1,0,1 1,1,0 1,1,1"},
        }));
    add(one_sided_set("one-sided-tetriamonds", "the 4 one-sided tetriamonds: the 3 and i4",
                      tetriamonds));
    add(one_sided_set("one-sided-pentiamonds", "the 6 one-sided pentiamonds: the 4 and l5 p5",
                      pentiamonds));
    add(one_sided_set("one-sided-hexiamonds",
                      "the 19 one-sided hexiamonds: the 12 and f6 g6 h6 i6 j6 p6 s6", hexiamonds));
    add(listed_set("monohexes", "the monohex H1", hexagon, free,
                   {
                       {"H1", "0,0"},
                   }));
    add(listed_set("dihexes", "the dihex I2", hexagon, free,
                   {
                       {"I2", "0,0 1,0"},
                   }));
    const PieceSet trihexes = add(listed_set("trihexes", "the 3 trihexes A3 I3 V3", hexagon, free,
                                             {
                                                 {"A3", "0,0 0,1 1,0"},
                                                 {"I3", "0,0 1,0 2,0"},
                                                 {"V3", "0,0 1,0 1,1"},
                                             }));
    const PieceSet tetrahexes =
        add(listed_set("tetrahexes", "the 7 tetrahexes I4 J4 O4 P4 S4 U4 Y4", hexagon, free,
                       {
                           {"I4", "0,0 1,0 2,0 3,0"},
                           {"J4", "0,0 1,0 2,0 2,1"},
                           {"O4", "0,0 0,1 1,0 1,1"},
                           {"P4", "0,0 1,0 1,1 2,0"},
                           {"S4", "0,0 1,0 1,1 2,1"},
                           {"U4", "0,1 1,0 2,0 2,1"},
                           {"Y4", "0,1 1,1 1,2 2,0"},
                       }));
    add(one_sided_set("one-sided-trihexes", "the 3 trihexes, turned only", trihexes));
    add(one_sided_set("one-sided-tetrahexes", "the 10 one-sided tetrahexes: the 7 and j4 p4 s4",
                      tetrahexes));
    add(listed_set("monocubes", "the monocube M", cube, one_sided,
                   {
                       {"M", "0,0,0"},
                   }));
    add(listed_set("dicubes", "the dicube D", cube, one_sided,
                   {
                       {"D", "0,0,0 1,0,0"},
                   }));
    add(listed_set("tricubes", "the 2 tricubes I3 V3", cube, one_sided,
                   {
                       {"I3", "0,0,0 1,0,0 2,0,0"},
                       {"V3", "0,0,0 0,1,0 1,0,0"},
                   }));
    add(listed_set("tetracubes",
                   "the 8 tetracubes I4 L4 O4 S4 T4 and A4 B4 P4 (A4 and B4 mirror images)", cube,
                   one_sided,
                   {
                       {"A4", "0,0,0 0,1,0 1,0,0 1,0,1"},
                       {"B4", "0,0,0 0,1,0 0,1,1 1,0,0"},
                       {"I4", "0,0,0 1,0,0 2,0,0 3,0,0"},
                       {"L4", "0,0,0 1,0,0 2,0,0 2,1,0"},
                       {"O4", "0,0,0 0,1,0 1,0,0 1,1,0"},
                       {"P4", "0,0,0 0,0,1 0,1,0 1,0,0"},
                       {"S4", "0,0,0 1,0,0 1,1,0 2,1,0"},
                       {"T4", "0,0,0 1,0,0 1,1,0 2,0,0"},
                   }));
    add(solid("solid-pentominoes", "the 12 pentominoes as flat pieces of cubes", pentominoes, ""));
    PieceSet pentacubes = solid(
        "pentacubes", "the 29 pentacubes: the 12 flat F5 to Z5 and 17 others", pentominoes, "5");
    const PieceSet others = listed_set("", "", cube, one_sided,
                                       {
                                           {"A5", "0,0,0 0,0,1 1,0,0 1,1,0 1,1,1"},
                                           {"J15", "0,0,0 0,0,1 1,0,1 2,0,1 2,1,1"},
                                           {"J25", "0,0,1 1,0,0 1,0,1 2,0,1 2,1,1"},
                                           {"J45", "0,0,1 1,0,1 2,0,1 2,1,0 2,1,1"},
                                           {"L15", "0,0,0 0,0,1 1,0,0 2,0,0 2,1,0"},
                                           {"L25", "0,0,0 1,0,0 1,0,1 2,0,0 2,1,0"},
                                           {"L35", "0,0,0 1,0,0 2,0,0 2,0,1 2,1,0"},
                                           {"L45", "0,0,0 1,0,0 2,0,0 2,1,0 2,1,1"},
                                           {"N15", "0,0,0 0,0,1 1,0,1 1,1,1 2,1,1"},
                                           {"N25", "0,0,1 1,0,0 1,0,1 1,1,1 2,1,1"},
                                           {"Q5", "0,0,0 0,0,1 0,1,0 1,0,0 1,1,0"},
                                           {"S15", "0,0,0 0,0,1 1,0,0 1,1,0 2,1,0"},
                                           {"S25", "0,0,0 1,0,0 1,0,1 1,1,0 2,1,0"},
                                           {"T15", "0,0,0 0,1,0 0,1,1 0,2,0 1,1,0"},
                                           {"T25", "0,0,0 0,1,0 0,2,0 1,1,0 1,1,1"},
                                           {"V15", "0,0,1 0,1,0 0,1,1 1,1,0 1,2,0"},
                                           {"V25", "0,0,0 1,0,0 1,1,0 1,1,1 2,1,1"},
                                       });
    pentacubes.pieces.insert(pentacubes.pieces.end(), others.pieces.begin(), others.pieces.end());
    add(std::move(pentacubes));
    add(listed_set("soma", "the 7 pieces of the Soma cube: V L T Z a b p (a and b mirror images)",
                   cube, one_sided,
                   {
                       {"L", "0,0,0 0,1,0 1,0,0 2,0,0"},
                       {"T", "0,0,0 0,1,0 0,2,0 1,1,0"},
                       {"V", "0,0,0 0,1,0 1,0,0"},
                       {"Z", "0,1,0 0,2,0 1,0,0 1,1,0"},
                       {"a", "0,0,0 0,1,0 1,0,0 1,0,1"},
                       {"b", "0,0,1 0,1,1 1,0,0 1,0,1"},
                       {"p", "0,0,0 0,0,1 0,1,0 1,0,0"},
                   }));
    return sets;
}

} // namespace

std::span<const PieceSet> piece_sets()
{
    static const std::vector<PieceSet> sets = make_sets();
    return sets;
}

const PieceSet* find_piece_set(std::string_view name)
{
    for (const PieceSet& set : piece_sets())
        if (set.name == name)
            return &set;
    return nullptr;
}

} // namespace polyform
