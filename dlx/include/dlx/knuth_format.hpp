// Knuth's text format for exact-cover problems, as read by his dlx1, dlx2 and dlx3:
//
//   | a comment: any line whose first non-blank character is '|'
//   A B 2:3|C | X Y        <- the items: primary, then '|', then secondary;
//   A B X:0 Y:0               "l:u|C" gives C the bounds [l, u], "u|C" the bounds [u, u]
//   A C X:1 Y:1            <- each later line is one option; "X:0" gives X the colour 0
#pragma once

#include <dlx/error.hpp>
#include <dlx/problem.hpp>

#include <filesystem>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <string_view>

namespace dlx {

/// Reads a problem in Knuth's format from `in`; `file_name` is used in error messages.
/// Accepts CRLF line ends and a UTF-8 byte-order mark. Names may be longer than Knuth's eight
/// characters, and colour names longer than one. Throws ParseError on the first fault: no item
/// line, an unknown item, an item twice in one option or in the item line, a colour on a primary
/// item, bad bounds, '|' twice in the item line.
[[nodiscard]] Problem read_knuth(std::istream& in, std::string_view file_name = "-");

/// Reads a problem from the file at `path`. Throws FileError naming the file when it
/// cannot be opened or read, and ParseError as read_knuth() does.
[[nodiscard]] Problem read_knuth_file(const std::filesystem::path& path);

/// Writes `problem` in Knuth's format: the item line (primary items first, then '|' and the
/// secondary items), then one line per option, so that read_knuth() of the output gives back
/// an equal problem. Throws ArgumentError, writing nothing, for the problems the format
/// cannot give back: one without primary items (the empty problem among them: an item line
/// that begins with '|' is a comment), and one with a primary item after a secondary one (the
/// reader numbers the items as the line lists them, primary first).
void write_knuth(std::ostream& out, const Problem& problem);

/// One option as Knuth writes it: its item names separated by spaces, colours as "X:c".
[[nodiscard]] std::string format_option(const Problem& problem, OptionId option);

} // namespace dlx
