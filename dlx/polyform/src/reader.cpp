// The puzzle file reader (docs/polyform.md, "Puzzle files"). A file is read line by line into
// its statements and raw drawings first; the grid is settled at the end (from a 'grid' line,
// the sets named, or a drawing in layers), and only then are the drawings turned into points.
#include <polyform/puzzle.hpp>

#include <dlx/error.hpp>

#include <algorithm>
#include <charconv>
#include <istream>
#include <map>
#include <optional>
#include <sstream>

namespace polyform {

namespace {

// A drawing as written: its characters by layer, line and column, and where it was.
struct Drawing {
    struct Mark {
        Cell cell;
        char what;        // '#' or '+'
        std::size_t line; // in the file
        std::size_t column;
    };
    std::vector<Mark> marks;
    int layers = 1;
};

struct PendingPiece {
    Piece piece;
    std::size_t line = 0;
    std::string set;          // the set it came from; empty for a drawn piece
    bool turns_given = false; // 'free', 'one-sided' or 'fixed' on its line
    Drawing drawing;
};

struct Word {
    std::string text;
    std::size_t column; // from 1
};

std::vector<Word> words_of(const std::string& line)
{
    std::vector<Word> words;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        if (i >= line.size() || line[i] == '#')
            break;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t')
            ++i;
        words.push_back({line.substr(start, i - start), start + 1});
    }
    return words;
}

bool only_drawing_characters(std::string_view line)
{
    return line.find_first_not_of("#.+- ") == std::string_view::npos &&
           line.find_first_of("#.+-") != std::string_view::npos;
}

// Whether a line that starts with '#' outside a drawing looks like a drawing's row rather than
// a comment: drawing characters only, with two cells or a cell beside a '.' or a '+'.
bool looks_like_drawing(std::string_view line)
{
    return only_drawing_characters(line) &&
           (std::count(line.begin(), line.end(), '#') >= 2 ||
            line.find_first_of("+") != std::string_view::npos ||
            line.find("#.") != std::string_view::npos || line.find(".#") != std::string_view::npos);
}

// `text` quoted for a message, with bytes that are not printable ASCII as \xHH (a binary file
// read as a puzzle says what it holds without writing control bytes to a terminal).
std::string printable(std::string_view text)
{
    std::string out = "'";
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte < 0x7f) {
            out += c;
        } else {
            const char* const hex = "0123456789abcdef";
            out += std::string("\\x") + hex[byte >> 4] + hex[byte & 15];
        }
    }
    return out + "'";
}

// The most cells a board or a piece may have: a million, far beyond any puzzle searched whole.
constexpr std::uint64_t max_cells = 1000000;

std::optional<std::uint32_t> small_number(std::string_view text)
{
    std::uint32_t value = 0;
    if (text.empty() || text.size() > 7 ||
        text.find_first_not_of("0123456789") != std::string_view::npos)
        return std::nullopt;
    std::from_chars(text.data(), text.data() + text.size(), value);
    return value;
}

// "N", "LO-HI" or "*" as copies, if the word is one.
std::optional<Copies> copies_of(std::string_view word)
{
    if (word == "*")
        return Copies{0, Copies::any};
    if (const auto n = small_number(word))
        return Copies{*n, *n};
    const std::size_t dash = word.find('-');
    if (dash == std::string_view::npos)
        return std::nullopt;
    const auto low = small_number(word.substr(0, dash));
    if (low && word.substr(dash + 1) == "*")
        return Copies{*low, Copies::any}; // at least LOW
    const auto high = small_number(word.substr(dash + 1));
    if (!low || !high)
        return std::nullopt;
    return Copies{*low, *high};
}

// Whether `word` is written as copies are ("12", "0-1", "2-*", "*") whatever its numbers.
bool looks_like_copies(std::string_view word)
{
    return !word.empty() && word.find_first_not_of("0123456789-*") == std::string_view::npos &&
           word.find_first_of("0123456789*") != std::string_view::npos;
}

std::optional<Turns> turns_of(std::string_view word)
{
    for (const Turns turns : {Turns::free, Turns::one_sided, Turns::fixed})
        if (turns_name(turns) == word)
            return turns;
    return std::nullopt;
}

class Reader {
public:
    explicit Reader(std::string file) : file_(std::move(file)) {}

    Puzzle read(std::istream& in)
    {
        std::string line;
        while (std::getline(in, line)) {
            ++line_;
            if (line_ == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0)
                line.erase(0, 3); // a byte-order mark
            if (!line.empty() && line.back() == '\r')
                line.pop_back();
            read_line(line);
        }
        drawing_ = nullptr;
        return finish();
    }

private:
    [[noreturn]] void fail(std::size_t line, std::size_t column, const std::string& what) const
    {
        throw dlx::ParseError(file_, line, column, what);
    }

    void read_line(const std::string& line)
    {
        if (drawing_ != nullptr) {
            std::string spaced = line;
            std::replace(spaced.begin(), spaced.end(), '\t', ' ');
            if (spaced != line && only_drawing_characters(spaced))
                fail(line_, line.find('\t') + 1, "a tab in a drawing: draw with spaces");
            if (only_drawing_characters(line)) {
                add_row(line);
                return;
            }
            // "#x##" is a row with a typo, not a comment (which is "# words").
            const std::size_t first = line.find_first_not_of(' ');
            if (first != std::string::npos && line[first] == '#' && first + 1 < line.size() &&
                line[first + 1] != ' ') {
                const std::size_t bad = line.find_first_not_of("#.+- ");
                fail(line_, bad + 1,
                     printable(line.substr(bad, 1)) +
                         " in a drawing (a cell is '#' or '+', no cell '.' or a space; a comment "
                         "right after a drawing starts with '# ')");
            }
            drawing_ = nullptr; // a blank line, a comment or a statement ends the drawing
        }
        const std::size_t first = line.find_first_not_of(" \t");
        if (first == std::string::npos)
            return;
        if (line[first] == '#') {
            if (looks_like_drawing(line))
                fail(line_, 0,
                     "a drawing goes right after its 'piece' or 'board' line (a blank line or a "
                     "comment ends a drawing)");
            return;
        }
        const std::vector<Word> words = words_of(line);
        const std::string& keyword = words.front().text;
        if (keyword == "grid")
            read_grid(words);
        else if (keyword == "pieces")
            read_pieces(words);
        else if (keyword == "piece")
            read_piece(words);
        else if (keyword == "board")
            read_board(words);
        else
            fail(line_, words.front().column,
                 "unknown statement " + printable(keyword) +
                     " (expected grid, pieces, piece or board)");
    }

    void add_row(const std::string& line)
    {
        if (drawing_->marks.size() + line.size() > max_cells)
            fail(line_, 0, "a drawing of more than " + std::to_string(max_cells) + " cells");
        if (line.find_first_not_of("- ") == std::string::npos) { // a layer's end
            ++drawing_->layers;
            row_ = 0;
            return;
        }
        for (std::size_t c = 0; c < line.size(); ++c) {
            if (line[c] == '#' || line[c] == '+') {
                drawing_->marks.push_back(
                    {{drawing_->layers - 1, row_, static_cast<int>(c)}, line[c], line_, c + 1});
            } else if (line[c] == '-') {
                fail(line_, c + 1, "'-' in a drawing's row: a line of '-' alone separates layers");
            }
        }
        ++row_;
    }

    void start_drawing(Drawing& drawing)
    {
        drawing_ = &drawing;
        row_ = 0;
    }

    void read_grid(const std::vector<Word>& words)
    {
        if (words.size() != 2)
            fail(line_, 0, "expected 'grid' and one of square, triangle, hexagon, cube");
        const auto grid = grid_named(words[1].text);
        if (!grid)
            fail(line_, words[1].column,
                 "unknown grid " + printable(words[1].text) +
                     " (expected square, triangle, hexagon or cube)");
        if (grid_line_ != 0)
            fail(line_, 0,
                 "a second 'grid' line (the first is line " + std::to_string(grid_line_) + ")");
        grid_ = *grid;
        grid_line_ = line_;
    }

    // The words after the name(s): copies, then how the pieces turn, each at most once.
    void read_options(const std::vector<Word>& words, std::size_t from,
                      std::optional<Copies>& copies, std::optional<Turns>& turns,
                      const std::string& expected)
    {
        for (std::size_t i = from; i < words.size(); ++i) {
            const std::string& word = words[i].text;
            if (looks_like_copies(word)) {
                const auto c = copies_of(word);
                if (copies)
                    fail(line_, words[i].column, "copies given twice");
                if (!c)
                    fail(line_, words[i].column,
                         "copies " + printable(word) +
                             ": N, MIN-MAX, MIN-* or *, each number at most 9999999");
                if (c->upper == 0 || c->lower > c->upper)
                    fail(line_, words[i].column,
                         "copies " + printable(word) +
                             ": write MIN-MAX with MIN <= MAX and MAX >= 1");
                copies = c;
            } else if (const auto t = turns_of(word); t && !turns) {
                turns = t;
            } else if (turns_of(word)) {
                fail(line_, words[i].column, "how the pieces turn, given twice");
            } else {
                fail(line_, words[i].column,
                     "unexpected " + printable(word) + " (expected " + expected + ")");
            }
        }
    }

    void read_pieces(const std::vector<Word>& words)
    {
        std::size_t i = 1;
        std::vector<const PieceSet*> sets;
        for (; i < words.size(); ++i) {
            const PieceSet* set = find_piece_set(words[i].text);
            if (set == nullptr) {
                if (looks_like_copies(words[i].text) || turns_of(words[i].text))
                    break;
                std::string known;
                for (const PieceSet& each : piece_sets())
                    known += (known.empty() ? "" : ", ") + std::string(each.name);
                fail(line_, words[i].column,
                     "unknown set " + printable(words[i].text) + " (the sets are " + known + ")");
            }
            sets.push_back(set);
        }
        if (sets.empty())
            fail(line_, 0, "'pieces' wants the name of a set, such as pentominoes");
        std::optional<Copies> copies;
        std::optional<Turns> turns;
        read_options(words, i, copies, turns,
                     "copies, as 2, 0-1, 1-* or *, or free, one-sided or fixed");
        for (const PieceSet* set : sets) {
            set_grids_.emplace_back(set->grid, line_, std::string(set->name));
            for (Piece piece : set->pieces) {
                piece.copies = copies.value_or(piece.copies);
                piece.turns = turns.value_or(piece.turns);
                PendingPiece pending;
                pending.piece = std::move(piece);
                pending.line = line_;
                pending.set = set->name;
                add_piece(std::move(pending));
            }
        }
    }

    void read_piece(const std::vector<Word>& words)
    {
        if (words.size() < 2)
            fail(line_, 0, "'piece' wants a name, then its drawing on the next lines");
        if (!is_piece_name(words[1].text))
            fail(line_, words[1].column,
                 "bad piece name " + printable(words[1].text) +
                     " (1 to 16 letters, digits or ' - _ + ! ( ) [ ])");
        std::optional<Copies> copies;
        std::optional<Turns> turns;
        read_options(words, 2, copies, turns,
                     "copies, as 2, 0-1, 1-* or *, or free, one-sided or fixed");
        PendingPiece pending;
        pending.piece.name = words[1].text;
        pending.piece.copies = copies.value_or(Copies{});
        pending.piece.turns = turns.value_or(Turns::free);
        pending.turns_given = turns.has_value();
        pending.line = line_;
        add_piece(std::move(pending));
        start_drawing(pieces_.back().drawing);
    }

    void add_piece(PendingPiece pending)
    {
        for (const PendingPiece& other : pieces_) {
            if (other.piece.name == pending.piece.name)
                fail(line_, 0,
                     "a second piece '" + other.piece.name + "' (the first is on line " +
                         std::to_string(other.line) +
                         (other.set.empty() ? "" : ", in the set " + other.set) + ")");
        }
        pieces_.push_back(std::move(pending));
    }

    void read_board(const std::vector<Word>& words)
    {
        if (board_line_ != 0)
            fail(line_, 0,
                 "a second board (the first is on line " + std::to_string(board_line_) + ")");
        board_line_ = line_;
        if (words.size() > 2)
            fail(line_, words[2].column, "'board' wants RxC, RxCxL, or nothing and a drawing");
        if (words.size() == 1) {
            start_drawing(board_drawing_);
            return;
        }
        std::vector<int> sides;
        std::string_view rest = words[1].text;
        while (true) {
            const std::size_t x = rest.find('x');
            const auto side = small_number(rest.substr(0, x));
            if (!side || *side < 1 || *side > 1000)
                fail(line_, words[1].column,
                     "'board' wants RxC or RxCxL, each side from 1 to 1000, not '" + words[1].text +
                         "'");
            sides.push_back(static_cast<int>(*side));
            if (x == std::string_view::npos)
                break;
            rest.remove_prefix(x + 1);
        }
        if (sides.size() < 2 || sides.size() > 3)
            fail(line_, words[1].column, "'board' wants RxC or RxCxL, not '" + words[1].text + "'");
        box_ = sides;
        box_column_ = words[1].column;
    }

    Shape points_of(const Drawing& drawing, Grid grid, bool board)
    {
        // Hexagons sit on every other column; a drawing may start on either, as long as all its
        // cells keep in step with its first.
        const Drawing::Mark* first = drawing.marks.empty() ? nullptr : &drawing.marks.front();
        const int shift = first != nullptr && grid == Grid::hexagon && !is_cell(grid, first->cell);
        Shape shape;
        for (const Drawing::Mark& mark : drawing.marks) {
            Cell cell = mark.cell;
            cell.col += shift;
            if (!is_cell(grid, cell))
                fail(mark.line, mark.column,
                     "out of step with the hexagon at line " + std::to_string(first->line) +
                         ", column " + std::to_string(first->column) +
                         ": hexagons sit on every other column, each row half a cell to the "
                         "right of the one above");
            if (mark.what == '+' && !board)
                fail(mark.line, mark.column,
                     "'+' (a cell that may stay empty) is for boards, not pieces");
            shape.push_back(to_point(grid, cell));
        }
        return shape;
    }

    Grid settle_grid()
    {
        bool layered = box_.size() == 3 || board_drawing_.layers > 1;
        for (const PendingPiece& pending : pieces_)
            layered = layered || pending.drawing.layers > 1;
        std::optional<Grid> grid;
        std::string why;
        if (grid_line_ != 0) {
            grid = grid_;
            why = "line " + std::to_string(grid_line_);
        }
        for (const auto& [set_grid, line, name] : set_grids_) {
            if (!grid || (grid_line_ == 0 && *grid == Grid::square && set_grid == Grid::cube)) {
                grid = set_grid;
                why = "the set " + name + ", line " + std::to_string(line);
            } else if (*grid != set_grid && !(*grid == Grid::cube && set_grid == Grid::square)) {
                fail(line, 0,
                     "the set " + name + " is made of " + std::string(grid_name(set_grid)) +
                         " cells, but the puzzle's grid is " + std::string(grid_name(*grid)) +
                         " (" + why + ")");
            }
        }
        if (layered) {
            if (grid && *grid != Grid::cube && *grid != Grid::square)
                fail(board_line_, 0,
                     "a drawing in layers or a box is for the cube grid, but the puzzle's grid "
                     "is " +
                         std::string(grid_name(*grid)) + " (" + why + ")");
            grid = Grid::cube;
        }
        return grid.value_or(Grid::square);
    }

    Puzzle finish()
    {
        if (board_line_ == 0)
            fail(0, 0, "no board (a line 'board RxC', or 'board' and a drawing on the next lines)");
        if (pieces_.empty())
            fail(0, 0, "no pieces (a line 'pieces SET', or 'piece NAME' and a drawing)");
        Puzzle puzzle;
        puzzle.grid = settle_grid();
        puzzle.board_line = board_line_;
        for (PendingPiece& pending : pieces_) {
            Piece piece = std::move(pending.piece);
            if (pending.set.empty()) {
                if (pending.drawing.marks.empty())
                    fail(pending.line, 0,
                         "piece '" + piece.name +
                             "' has no drawing (draw it on the lines right "
                             "after, '#' a cell)");
                piece.shape =
                    normalised(puzzle.grid, points_of(pending.drawing, puzzle.grid, false));
                if (!is_connected(puzzle.grid, piece.shape))
                    fail(pending.line, 0,
                         "piece '" + piece.name +
                             "' is in several parts: its cells must touch "
                             "side to side");
                if (puzzle.grid == Grid::cube && !pending.turns_given)
                    piece.turns = Turns::one_sided; // rotations only, unless asked
            }
            puzzle.pieces.push_back(std::move(piece));
            puzzle.piece_line.push_back(pending.line);
        }
        if (!box_.empty()) {
            // A box's cells (two triangles a rhombus), checked before any is made.
            std::uint64_t cells = puzzle.grid == Grid::triangle ? 2 : 1;
            for (const int side : box_)
                cells *= static_cast<std::uint64_t>(side);
            if (cells > max_cells)
                fail(board_line_, box_column_,
                     "a board of " + std::to_string(cells) + " cells: at most " +
                         std::to_string(max_cells));
            puzzle.board = box(puzzle.grid, box_[0], box_[1], box_.size() == 3 ? box_[2] : 1);
        } else {
            if (board_drawing_.marks.empty())
                fail(board_line_, 0,
                     "the board has no drawing (draw it on the lines right after: '#' a cell to "
                     "fill, '+' a cell that may stay empty)");
            Shape cells = points_of(board_drawing_, puzzle.grid, true);
            std::vector<Point> optional;
            for (std::size_t i = 0; i < cells.size(); ++i)
                if (board_drawing_.marks[i].what == '+')
                    optional.push_back(cells[i]);
            std::sort(cells.begin(), cells.end());
            std::sort(optional.begin(), optional.end());
            puzzle.board = std::move(cells);
            puzzle.may_stay_empty = std::move(optional);
        }
        return puzzle;
    }

    std::string file_;
    std::size_t line_ = 0;
    Drawing* drawing_ = nullptr; // the drawing being read, if any
    int row_ = 0;                // its next row
    std::vector<PendingPiece> pieces_;
    std::vector<std::tuple<Grid, std::size_t, std::string>> set_grids_;
    Grid grid_ = Grid::square;
    std::size_t grid_line_ = 0;
    std::size_t board_line_ = 0;
    std::vector<int> box_;
    std::size_t box_column_ = 0;
    Drawing board_drawing_;
};

} // namespace

Puzzle read_puzzle(std::istream& in, const std::string& file)
{
    Reader reader(file);
    return reader.read(in);
}

Puzzle parse_puzzle(std::string_view text, const std::string& file)
{
    std::istringstream in{std::string(text)};
    return read_puzzle(in, file);
}

Shape box(Grid grid, int rows, int cols, int layers)
{
    Shape cells;
    for (int z = 0; z < layers; ++z) {
        for (int y = 0; y < rows; ++y) {
            for (int x = 0; x < cols; ++x) {
                switch (grid) {
                case Grid::square:
                case Grid::cube: cells.push_back({x, y, z}); break;
                case Grid::hexagon: cells.push_back({x, y, 0}); break;
                case Grid::triangle:
                    cells.push_back({3 * x + 1, 3 * y + 1, 0});
                    cells.push_back({3 * x + 2, 3 * y + 2, 0});
                    break;
                }
            }
        }
        if (grid != Grid::cube)
            break;
    }
    std::sort(cells.begin(), cells.end());
    return cells;
}

} // namespace polyform
