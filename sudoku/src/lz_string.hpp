// lz-string's base64 form (compressToBase64 / decompressFromBase64, pieroxy's JavaScript
// library, the compression of f-puzzles and SudokuPad links), written from its description,
// output for output the same. Internal to the sudoku library.
//
// lz-string is LZW over the UTF-16 code units of a JavaScript string, written as a stream of
// bits, least significant bit of each code first, six bits to a base64 character:
//
//   code width   starts at 2 bits and grows by one each time the dictionary fills a width
//   code 0, 1    a new character follows in 8 (code 0) or 16 (code 1) bits, and joins the
//                dictionary (so a character's first use costs width + 8 or width + 16 bits)
//   code 2       the end of the stream; zero bits fill the last character
//   code 3...    a dictionary entry: a string seen before, extended by one character each
//                time one is emitted (the emitted string plus the next string's first)
//
// The output is padded with '=' to a multiple of four characters.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace sudoku::detail {

/// A text that does not decompress or convert: what is wrong, and at which character (or
/// byte, for UTF-8) of the input it was found (npos: no particular one).
class LzError : public std::runtime_error {
public:
    LzError(const std::string& message, std::size_t offset)
        : std::runtime_error(message), offset_(offset)
    {
    }
    [[nodiscard]] std::size_t offset() const noexcept { return offset_; }

private:
    std::size_t offset_;
};

/// lz-string's compressToBase64 of `text` (UTF-16 code units).
[[nodiscard]] std::string lz_compress_to_base64(std::u16string_view text);

/// lz-string's decompressFromBase64 of `base64`. Throws LzError for a character outside
/// A-Z a-z 0-9 + / (or '=' other than at the end), for a text that ends before its end code
/// (lz-string's "" result), for a code that names no entry (its null result), and when the
/// output would pass `most_units` code units.
[[nodiscard]] std::u16string lz_decompress_from_base64(std::string_view base64,
                                                       std::size_t most_units);

/// UTF-8 to UTF-16. Throws LzError (offset: the byte) for a text that is not UTF-8.
[[nodiscard]] std::u16string utf8_to_utf16(std::string_view text);
/// UTF-16 to UTF-8; a lone surrogate becomes U+FFFD.
[[nodiscard]] std::string utf16_to_utf8(std::u16string_view text);

} // namespace sudoku::detail
