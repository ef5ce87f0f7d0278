// The puzzle file reader: every statement and drawing read as docs/polyform.md says, the grid
// settled from the sets, boxes and layers, and every fault reported at its line and column.
#include <polyform/geometry.hpp>
#include <polyform/pieces.hpp>
#include <polyform/puzzle.hpp>

#include <dlx/error.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

using polyform::Copies;
using polyform::Grid;
using polyform::Piece;
using polyform::Point;
using polyform::Puzzle;
using polyform::Shape;
using polyform::Turns;

namespace {

Puzzle read(const std::string& text) { return polyform::parse_puzzle(text, "test"); }

const Piece& piece_named(const Puzzle& puzzle, const std::string& name)
{
    const auto found = std::find_if(puzzle.pieces.begin(), puzzle.pieces.end(),
                                    [&](const Piece& piece) { return piece.name == name; });
    REQUIRE(found != puzzle.pieces.end());
    return *found;
}

Shape sorted(Shape shape)
{
    std::sort(shape.begin(), shape.end());
    return shape;
}

// The fault that reading `text` reports.
struct Fault {
    std::size_t line = 0;
    std::size_t column = 0;
    std::string message;
    std::string what;
};

Fault fault_of(const std::string& text)
{
    try {
        (void)read(text);
    } catch (const dlx::ParseError& error) {
        CHECK(error.file() == "test");
        return {error.line(), error.column(), error.message(), error.what()};
    }
    FAIL_CHECK("no ParseError for:\n" << text);
    return {};
}

} // namespace

// ---------------------------------------------------------------------------------------------
// Statements

TEST_CASE("reads named sets and a board given by its size", "[polyform][reader]")
{
    const Puzzle puzzle = read("pieces pentominoes\nboard 6x10\n");
    CHECK(puzzle.grid == Grid::square);
    const polyform::PieceSet& set = *polyform::find_piece_set("pentominoes");
    REQUIRE(puzzle.pieces.size() == 12);
    for (std::size_t i = 0; i < set.pieces.size(); ++i) {
        INFO("piece " << set.pieces[i].name);
        CHECK(puzzle.pieces[i] == set.pieces[i]);
        CHECK(puzzle.pieces[i].copies == Copies{1, 1});
        CHECK(puzzle.pieces[i].turns == Turns::free);
    }
    CHECK(puzzle.piece_line == std::vector<std::size_t>(12, 1));
    CHECK(puzzle.board_line == 2);
    CHECK(puzzle.board == polyform::box(Grid::square, 6, 10));
    CHECK(puzzle.board.size() == 60);
    CHECK(puzzle.board.front() == Point{0, 0, 0});
    CHECK(puzzle.board.back() == Point{9, 5, 0}); // column 9, row 5
    CHECK(puzzle.may_stay_empty.empty());

    // Several sets on one line, in order.
    const Puzzle two = read("pieces trominoes dominoes\nboard 2x4\n");
    REQUIRE(two.pieces.size() == 3);
    CHECK(two.pieces[0].name == "I3");
    CHECK(two.pieces[1].name == "V3");
    CHECK(two.pieces[2].name == "I2");
}

TEST_CASE("skips comments, blank lines, a byte-order mark and carriage returns",
          "[polyform][reader]")
{
    const Puzzle puzzle = read("\xEF\xBB\xBF# The twelve pentominoes in a rectangle.\r\n"
                               "\r\n"
                               "   pieces pentominoes   # Golomb's letters\r\n"
                               "\t\r\n"
                               "# a comment with words: #### is not a drawing here\r\n"
                               "board 6x10 # the classic\r\n");
    CHECK(puzzle.pieces.size() == 12);
    CHECK(puzzle.piece_line.front() == 3);
    CHECK(puzzle.board_line == 6);
    CHECK(puzzle.board.size() == 60);
}

TEST_CASE("reads copies and turns after a set's name or a piece's, in either order",
          "[polyform][reader]")
{
    const auto [line, copies, turns] = GENERATE(table<std::string, Copies, Turns>({
        {"pieces tetrominoes", {1, 1}, Turns::free},
        {"pieces tetrominoes 2", {2, 2}, Turns::free},
        {"pieces tetrominoes 0-1", {0, 1}, Turns::free},
        {"pieces tetrominoes 2-5 one-sided", {2, 5}, Turns::one_sided},
        {"pieces tetrominoes fixed 3", {3, 3}, Turns::fixed},
        {"pieces tetrominoes *", {0, Copies::any}, Turns::free},
        {"pieces tetrominoes 9999999", {9999999, 9999999}, Turns::free},
    }));
    INFO(line);
    const Puzzle puzzle = read(line + "\nboard 4x5\n");
    REQUIRE(puzzle.pieces.size() == 5);
    for (const Piece& piece : puzzle.pieces) {
        CHECK(piece.copies == copies);
        CHECK(piece.turns == turns);
    }
    // The same on a piece of one's own.
    const std::string own = "piece Q" + line.substr(std::string("pieces tetrominoes").size());
    const Puzzle drawn = read(own + "\n#\nboard 1x1\n");
    CHECK(drawn.pieces.front().copies == copies);
    CHECK(drawn.pieces.front().turns == turns);
}

TEST_CASE("reads a piece from its drawing, moved to its normal place", "[polyform][reader]")
{
    const Puzzle puzzle = read("board 2x2\n"
                               "piece Q\n"
                               "..#\n"
                               ".##\n"
                               "piece R_2+ 3 fixed\n"
                               "#\n"
                               "\n"
                               "piece (x)\n"
                               "   #\n");
    REQUIRE(puzzle.pieces.size() == 3);
    CHECK(puzzle.pieces[0].name == "Q");
    CHECK(puzzle.pieces[0].shape == Shape{{0, 1, 0}, {1, 0, 0}, {1, 1, 0}});
    CHECK(puzzle.pieces[0].turns == Turns::free);
    CHECK(puzzle.pieces[0].copies == Copies{1, 1});
    CHECK(puzzle.pieces[1].name == "R_2+");
    CHECK(puzzle.pieces[1].shape == Shape{{0, 0, 0}});
    CHECK(puzzle.pieces[1].copies == Copies{3, 3});
    CHECK(puzzle.pieces[1].turns == Turns::fixed);
    CHECK(puzzle.pieces[2].name == "(x)");
    CHECK(puzzle.pieces[2].shape == Shape{{0, 0, 0}});
    CHECK(puzzle.piece_line == std::vector<std::size_t>{2, 5, 8});
    CHECK(puzzle.board_line == 1);
    // The board's line needs no drawing after it, and a statement ends a drawing.
    CHECK(puzzle.board.size() == 4);
}

TEST_CASE("reads a drawn board: '#' a cell, '+' a cell that may stay empty, '.' and ' ' none",
          "[polyform][reader]")
{
    const Puzzle puzzle = read("piece D *\n##\nboard\n#+#\n# #\n.##\n");
    CHECK(puzzle.grid == Grid::square);
    CHECK(puzzle.board ==
          sorted({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {2, 1, 0}, {1, 2, 0}, {2, 2, 0}}));
    CHECK(puzzle.may_stay_empty == Shape{{1, 0, 0}});
    CHECK(puzzle.board_line == 3);
}

TEST_CASE("settles the grid from a 'grid' line, the sets, or a box or drawing in layers",
          "[polyform][reader]")
{
    const auto [text, grid] = GENERATE(table<std::string, Grid>({
        {"pieces pentominoes\nboard 6x10\n", Grid::square},
        {"piece D\n##\nboard 1x2\n", Grid::square},
        {"pieces hexiamonds\nboard 6x6\n", Grid::triangle},
        {"pieces one-sided-tetriamonds\nboard 2x4\n", Grid::triangle},
        {"pieces tetrahexes\nboard 4x7\n", Grid::hexagon},
        {"pieces soma\nboard 3x3x3\n", Grid::cube},
        {"grid triangle\npiece D *\n##\nboard 2x2\n", Grid::triangle},
        {"grid hexagon\npiece D *\n# #\nboard 2x2\n", Grid::hexagon},
        {"grid cube\npiece D *\n##\nboard 2x2\n", Grid::cube},
        // A box, or a drawing in layers (a board's or a piece's), is made of cubes.
        {"piece D *\n##\nboard 2x2x2\n", Grid::cube},
        {"piece D *\n##\nboard\n##\n--\n##\n", Grid::cube},
        {"piece D *\n#\n-\n#\nboard 1x2\n", Grid::cube},
        // Pieces of squares lie flat among cubes.
        {"pieces pentominoes\nboard 2x3x10\n", Grid::cube},
        {"pieces tetrominoes soma\nboard 3x3x3\n", Grid::cube},
    }));
    INFO(text);
    CHECK(read(text).grid == grid);
}

TEST_CASE("a drawn piece among cubes turns by rotations only, unless its turns are given",
          "[polyform][reader]")
{
    const Puzzle puzzle = read("piece A\n##\n#.\npiece B free\n##\n#.\nboard 2x2x2\n");
    CHECK(puzzle.grid == Grid::cube);
    CHECK(piece_named(puzzle, "A").turns == Turns::one_sided);
    CHECK(piece_named(puzzle, "B").turns == Turns::free);
    // A set's pieces keep the set's turns: the pentominoes stay free.
    const Puzzle flat = read("pieces pentominoes\nboard 2x3x10\n");
    CHECK(flat.pieces.front().turns == Turns::free);
    CHECK(flat.board == polyform::box(Grid::cube, 2, 3, 10));
}

TEST_CASE("reads layers separated by a line of '-', layer 1 under layer 0", "[polyform][reader]")
{
    // The Soma cube's tripod as docs/polyform.md draws it: three cubes on the table, one on top.
    const Puzzle puzzle = read("piece p\n#.\n##\n-\n..\n#.\n"
                               "board\n##\n##\n - - \n##\n#+\n");
    CHECK(puzzle.grid == Grid::cube);
    CHECK(piece_named(puzzle, "p").shape ==
          polyform::normalised(Grid::cube, {{0, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0, 1, 1}}));
    CHECK(puzzle.board == polyform::box(Grid::cube, 2, 2, 2));
    CHECK(puzzle.may_stay_empty == Shape{{1, 1, 1}});
    // A box: rows x columns x layers.
    const Puzzle box = read("pieces soma\nboard 2x3x4\n");
    CHECK(box.board.size() == 24);
    CHECK(box.board.back() == Point{2, 1, 3});
}

TEST_CASE("reads triangles and hexagons where the drawing puts them", "[polyform][reader]")
{
    // Triangles: up where row + column is even. "##" is an up and a down triangle: a rhombus.
    const Puzzle diamond = read("grid triangle\npiece D\n##\nboard 1x1\n");
    CHECK(diamond.pieces.front().shape == Shape{{1, 1, 0}, {2, 2, 0}});
    CHECK(diamond.board == polyform::box(Grid::triangle, 1, 1));
    // A board RxC of triangles: R rows of C rhombi.
    CHECK(read("pieces diamonds\nboard 2x3\n").board.size() == 12);
    // The hexagon of side 2 drawn as in docs/polyform.md.
    const Puzzle hexagon = read("grid hexagon\npiece H\n#\nboard\n # #\n# # #\n # #\n");
    CHECK(hexagon.board.size() == 7);
    CHECK(polyform::is_connected(Grid::hexagon, hexagon.board));
    // A drawing may start on either column, its cells in step with its first.
    const Puzzle shifted = read("grid hexagon\npiece O4\n # #\n# #\nboard\n  # #\n # #\n");
    const Puzzle unshifted = read("grid hexagon\npiece O4\n# #\n # #\nboard\n # #\n# #\n");
    CHECK(polyform::canonical(Grid::hexagon, shifted.pieces.front().shape, Turns::free) ==
          polyform::canonical(Grid::hexagon, unshifted.pieces.front().shape, Turns::free));
    CHECK(shifted.pieces.front().shape.size() == 4);
    CHECK(polyform::is_connected(Grid::hexagon, shifted.pieces.front().shape));
    CHECK(unshifted.pieces.front().shape == Shape{{0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {1, 1, 0}});
}

TEST_CASE("reads a stream as it reads a string, and names the file in faults", "[polyform][reader]")
{
    std::istringstream in("pieces soma\nboard 3x3x3\n");
    const Puzzle from_stream = polyform::read_puzzle(in, "soma.txt");
    const Puzzle from_text = read("pieces soma\nboard 3x3x3\n");
    CHECK(from_stream.pieces == from_text.pieces);
    CHECK(from_stream.board == from_text.board);
    std::istringstream bad("pieces pentominos\n");
    try {
        (void)polyform::read_puzzle(bad, "p.txt");
        FAIL("no ParseError");
    } catch (const dlx::ParseError& error) {
        CHECK(error.file() == "p.txt");
        CHECK_THAT(error.what(), Catch::StartsWith("p.txt:1:8: unknown set 'pentominos'"));
    }
}

// ---------------------------------------------------------------------------------------------
// Faults

TEST_CASE("reports every fault at its line and column", "[polyform][reader][errors]")
{
    // The text, the line and column of the fault (0: none), and words of its message.
    const auto [text, line, column,
                words] = GENERATE(table<std::string, std::size_t, std::size_t, std::string>({
        // Statements.
        {"frobnicate 3\n", 1, 1, "unknown statement 'frobnicate' (expected grid, pieces"},
        {"board 2x2\n  pentominoes\n", 2, 3, "unknown statement 'pentominoes'"},
        {"grid\n", 1, 0, "expected 'grid' and one of square, triangle, hexagon, cube"},
        {"grid square cube\n", 1, 0, "expected 'grid' and one of"},
        {"grid hexagonal\n", 1, 6, "unknown grid 'hexagonal'"},
        {"grid square\ngrid cube\n", 2, 0, "a second 'grid' line (the first is line 1)"},
        {"pieces\n", 1, 0, "'pieces' wants the name of a set, such as pentominoes"},
        {"pieces 2\n", 1, 0, "'pieces' wants the name of a set"},
        {"pieces pentominos\n", 1, 8, "unknown set 'pentominos' (the sets are monominoes, "},
        {"pieces pentominoes 0\n", 1, 20, "copies '0': write MIN-MAX with MIN <= MAX and MAX >= 1"},
        {"pieces pentominoes 3-2\n", 1, 20, "copies '3-2': write MIN-MAX with MIN <= MAX"},
        {"pieces pentominoes 2 3\n", 1, 22, "copies given twice"},
        {"pieces pentominoes 2 x\n", 1, 22,
         "unexpected 'x' (expected copies, as 2, 0-1, 1-* or *, or free, one-sided or "
         "fixed)"},
        {"pieces dominoes *\nboard\n####\n#x##\n", 4, 2, "'x' in a drawing"},
        {"pieces pentominoes free fixed\n", 1, 25, "how the pieces turn, given twice"},
        {"pieces pentominoes 2 sideways\n", 1, 22, "unexpected 'sideways'"},
        {"pieces pentominoes 12345678\n", 1, 20, "copies '12345678': N, MIN-MAX, MIN-* or *"},
        {"piece\n", 1, 0, "'piece' wants a name, then its drawing on the next lines"},
        {"piece a/b\n#\n", 1, 7, "bad piece name 'a/b' (1 to 16 letters, digits"},
        {"piece ABCDEFGHIJKLMNOPQ\n#\n", 1, 7, "bad piece name 'ABCDEFGHIJKLMNOPQ'"},
        {"piece A 1 2\n#\n", 1, 11, "copies given twice"},
        {"piece A 1--2\n#\n", 1, 9, "copies '1--2': N, MIN-MAX, MIN-* or *"},
        {"pieces pentominoes\npiece X\n#\n", 2, 0,
         "a second piece 'X' (the first is on line 1, in the set pentominoes)"},
        {"piece A\n#\npiece A\n#\n", 3, 0, "a second piece 'A' (the first is on line 1)"},
        {"pieces trominoes one-sided-trominoes\n", 1, 0,
         "a second piece 'I3' (the first is on line 1, in the set trominoes)"},
        {"board 2x2\nboard 3x3\n", 2, 0, "a second board (the first is on line 1)"},
        {"board 2x2 big\n", 1, 11, "'board' wants RxC, RxCxL, or nothing and a drawing"},
        {"board 6\n", 1, 7, "'board' wants RxC or RxCxL, not '6'"},
        {"board 6x10x2x2\n", 1, 7, "'board' wants RxC or RxCxL, not '6x10x2x2'"},
        {"board 0x5\n", 1, 7, "each side from 1 to 1000, not '0x5'"},
        {"board 1001x2\n", 1, 7, "each side from 1 to 1000, not '1001x2'"},
        {"board 6by10\n", 1, 7, "each side from 1 to 1000, not '6by10'"},
        {"board 6x\n", 1, 7, "each side from 1 to 1000, not '6x'"},
        // Drawings.
        {"piece A\n#-#\n", 2, 2, "'-' in a drawing's row: a line of '-' alone separates"},
        {"piece A\n#\n\n##\nboard 1x3\n", 4, 0,
         "a drawing goes right after its 'piece' or 'board' line"},
        {"pieces dominoes\nboard\n\n##\n", 4, 0, "a drawing goes right after"},
        {"piece A\n#+\nboard 1x2\n", 2, 2,
         "'+' (a cell that may stay empty) is for boards, not pieces"},
        {"grid hexagon\npiece A\n##\nboard 1x2\n", 3, 2,
         "out of step with the hexagon at line 3, column 1"},
        {"grid hexagon\npiece A\n# #\n# #\nboard 1x2\n", 4, 1,
         "hexagons sit on every other column"},
        {"grid hexagon\npiece A\n#\nboard\n # #\n # #\n", 6, 2,
         "out of step with the hexagon at line 5, column 2"},
        {"piece A\nboard 1x2\n", 1, 0, "piece 'A' has no drawing"},
        {"piece A\n#.#\nboard 1x3\n", 1, 0, "piece 'A' is in several parts"},
        {"piece A\n#\n-\n.#\nboard 1x3\n", 1, 0, "piece 'A' is in several parts"},
        {"pieces dominoes\nboard\n", 2, 0, "the board has no drawing"},
        // The puzzle as a whole.
        {"", 0, 0, "no board (a line 'board RxC', or 'board' and a drawing"},
        {"pieces pentominoes\n", 0, 0, "no board"},
        {"board 2x2\n", 0, 0, "no pieces (a line 'pieces SET', or 'piece NAME'"},
        {"grid square\n\npieces hexiamonds\nboard 2x2\n", 3, 0,
         "the set hexiamonds is made of triangle cells, but the puzzle's grid is square "
         "(line 1)"},
        {"pieces pentominoes hexiamonds\nboard 2x2\n", 1, 0,
         "but the puzzle's grid is square (the set pentominoes, line 1)"},
        {"pieces tetrahexes\npieces soma\nboard 3x3x3\n", 2, 0,
         "the set soma is made of cube cells, but the puzzle's grid is hexagon (the set "
         "tetrahexes, line 1)"},
        {"grid hexagon\npiece A\n#\nboard 2x2x2\n", 4, 0,
         "a drawing in layers or a box is for the cube grid, but the puzzle's grid is "
         "hexagon (line 1)"},
        {"pieces diamonds\nboard\n#\n-\n#\n", 2, 0,
         "but the puzzle's grid is triangle (the set diamonds, line 1)"},
    }));
    INFO(text);
    const Fault fault = fault_of(text);
    CHECK(fault.line == line);
    CHECK(fault.column == column);
    CHECK_THAT(fault.message, Catch::Contains(words));
    // what(): "file:line:column: message", "file:line: message" or "file: message".
    std::ostringstream where;
    where << "test";
    if (line != 0)
        where << ":" << line;
    if (column != 0)
        where << ":" << column;
    where << ": " << fault.message;
    CHECK(fault.what == where.str());
}

TEST_CASE("refuses a drawing of more than a million cells", "[polyform][reader][errors]")
{
    const Fault fault = fault_of("piece A\n" + std::string(1000001, '#') + "\nboard 1x1\n");
    CHECK(fault.line == 2);
    CHECK_THAT(fault.message, Catch::Contains("a drawing of more than 1000000 cells"));
}

TEST_CASE("refuses a box of more than a million cells", "[polyform][reader][errors]")
{
    // reader.cpp: "The most cells a board or a piece may have: a million". A box of 1000 x 1000
    // x 2 cubes (or 1000 x 1000 rhombi, two triangles each) is two million.
    for (const std::string text :
         {"pieces dicubes\nboard 1000x1000x2\n", "pieces diamonds\nboard 1000x1000\n"}) {
        INFO(text);
        const Fault fault = fault_of(text);
        CHECK(fault.line == 2);
    }
    // A million is allowed.
    CHECK(read("pieces dominoes\nboard 1000x1000\n").board.size() == 1000000);
}

TEST_CASE("refuses a tab in a drawing", "[polyform][reader][errors]")
{
    // reader.cpp says "a tab in a drawing: draw with spaces", at the tab's column. A tab must
    // not end the drawing silently, nor make its row a comment.
    const Fault fault = fault_of("piece A\n##\n#\t#\nboard 1x4\n");
    CHECK(fault.line == 3);
    CHECK(fault.column == 2);
    CHECK_THAT(fault.message, Catch::Contains("a tab in a drawing"));
}
