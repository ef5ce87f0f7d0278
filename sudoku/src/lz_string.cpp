// lz-string's base64 compression and decompression (lz_string.hpp), and the UTF-8/UTF-16
// conversions that put a C++ string where lz-string expects a JavaScript one.
#include "lz_string.hpp"
#include "utf8.hpp"

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace sudoku::detail {

namespace {

constexpr std::string_view alphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr int bits_per_character = 6;

// The value of a base64 character (0..63), or -1.
int base64_value(char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    return c == '+' ? 62 : c == '/' ? 63 : -1;
}

// Bits go into a character from its most significant end; a value's bits go in least
// significant first.
class BitWriter {
public:
    void put(std::uint32_t value, unsigned count)
    {
        for (unsigned i = 0; i < count; ++i) {
            pending_ = (pending_ << 1) | (value & 1);
            value >>= 1;
            if (++filled_ == bits_per_character) {
                out_ += alphabet[pending_];
                pending_ = 0;
                filled_ = 0;
            }
        }
    }
    // Zero bits up to the end of a character: a whole character of them when the last one
    // was full, as lz-string does.
    std::string finish()
    {
        do
            put(0, 1);
        while (filled_ != 0);
        while (out_.size() % 4 != 0)
            out_ += '=';
        return std::move(out_);
    }

private:
    std::string out_;
    std::uint32_t pending_ = 0;
    int filled_ = 0;
};

class BitReader {
public:
    explicit BitReader(std::string_view base64) : text_(base64) { current_ = value_at(0); }

    std::uint32_t get(unsigned count)
    {
        std::uint32_t bits = 0;
        for (unsigned i = 0; i < count; ++i) {
            const bool bit = (current_ & mask_) != 0;
            mask_ >>= 1;
            if (mask_ == 0) {
                mask_ = 1u << (bits_per_character - 1);
                current_ = value_at(next_++);
            }
            if (bit)
                bits |= 1u << i;
        }
        return bits;
    }
    // True once the reader has moved past the last character (lz-string's "index > length").
    bool exhausted() const { return next_ > text_.size(); }

private:
    // Past the end, and for '=', the bits are zero.
    std::uint32_t value_at(std::size_t index) const
    {
        if (index >= text_.size() || text_[index] == '=')
            return 0;
        return static_cast<std::uint32_t>(base64_value(text_[index]));
    }

    std::string_view text_;
    std::uint32_t current_ = 0;
    std::uint32_t mask_ = 1u << (bits_per_character - 1);
    std::size_t next_ = 1;
};

// The code width grows when the count of codes left at this width runs out.
struct CodeWidth {
    std::uint64_t left;
    unsigned bits;
    void count_one()
    {
        if (--left == 0) {
            left = std::uint64_t{1} << bits;
            ++bits;
        }
    }
};

} // namespace

// The dictionary is a trie: an entry is (the code of its prefix, its last character), so that
// "is w + c an entry" is one look-up. A character seen but not yet written out is "pending":
// its first use writes it literally.
std::string lz_compress_to_base64(std::u16string_view text)
{
    struct Single {
        std::uint32_t code;
        bool pending;
    };
    std::unordered_map<char16_t, Single> singles;
    std::unordered_map<std::uint64_t, std::uint32_t> entries; // (prefix code << 16) | char
    std::uint32_t next_code = 3;
    CodeWidth width{2, 2};
    BitWriter out;

    bool have_w = false;
    std::uint32_t w_code = 0;
    char16_t w_char = 0;
    bool w_single = false;
    const auto emit_w = [&] {
        Single* single = w_single ? &singles.at(w_char) : nullptr;
        if (single != nullptr && single->pending) {
            const bool wide = w_char >= 256;
            out.put(wide ? 1 : 0, width.bits);
            out.put(w_char, wide ? 16 : 8);
            width.count_one();
            single->pending = false;
        } else {
            out.put(w_code, width.bits);
        }
        width.count_one();
    };

    for (const char16_t c : text) {
        auto [single, added] = singles.try_emplace(c, Single{next_code, true});
        if (added)
            ++next_code;
        if (!have_w) {
            have_w = true;
            w_code = single->second.code;
            w_char = c;
            w_single = true;
            continue;
        }
        const std::uint64_t key = (std::uint64_t{w_code} << 16) | c;
        if (const auto found = entries.find(key); found != entries.end()) {
            w_code = found->second;
            w_single = false;
            continue;
        }
        emit_w();
        entries.emplace(key, next_code++);
        w_code = single->second.code;
        w_char = c;
        w_single = true;
    }
    if (have_w)
        emit_w();
    out.put(2, width.bits);
    return out.finish();
}

std::u16string lz_decompress_from_base64(std::string_view base64, std::size_t most_units)
{
    for (std::size_t i = 0; i < base64.size(); ++i) {
        if (base64_value(base64[i]) >= 0)
            continue;
        if (base64[i] == '=' && base64.find_first_not_of('=', i) == std::string_view::npos)
            break;
        throw LzError("is not base64", i);
    }
    if (base64.empty())
        throw LzError("the compressed text is empty", std::string_view::npos);

    BitReader in(base64);
    const auto literal = [&](std::uint32_t kind) {
        return std::u16string(1, static_cast<char16_t>(in.get(kind == 0 ? 8 : 16)));
    };
    const std::uint32_t first = in.get(2);
    if (first == 2)
        return {};
    if (first == 3) // lz-string goes on with an undefined first string: garbage or a throw
        throw LzError("the compressed text is corrupt (it starts with code 3)",
                      std::string_view::npos);
    std::vector<std::u16string> dictionary(3); // codes 0, 1 and 2 are not entries
    dictionary.push_back(literal(first));
    std::u16string w = dictionary.back();
    std::u16string result = w;
    CodeWidth width{4, 3};
    while (true) {
        if (in.exhausted())
            throw LzError("the compressed text ends before its end mark (cut short?)",
                          std::string_view::npos);
        std::uint32_t code = in.get(width.bits);
        if (code == 2)
            return result;
        if (code < 2) {
            dictionary.push_back(literal(code));
            code = static_cast<std::uint32_t>(dictionary.size() - 1);
            width.count_one();
        }
        std::u16string entry;
        if (code < dictionary.size())
            entry = dictionary[code];
        else if (code == dictionary.size())
            entry = w + w.front();
        else
            throw LzError("the compressed text is corrupt (code " + std::to_string(code) +
                              " names no entry)",
                          std::string_view::npos);
        if (result.size() + entry.size() > most_units)
            throw LzError("the compressed text decompresses to more than " +
                              std::to_string(most_units) + " characters",
                          std::string_view::npos);
        result += entry;
        dictionary.push_back(w + entry.front());
        width.count_one();
        w = std::move(entry);
    }
}

std::u16string utf8_to_utf16(std::string_view text)
{
    std::u16string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto lead = static_cast<unsigned char>(text[i]);
        const std::size_t length = lead < 0x80             ? 1
                                   : (lead & 0xE0) == 0xC0 ? 2
                                   : (lead & 0xF0) == 0xE0 ? 3
                                   : (lead & 0xF8) == 0xF0 ? 4
                                                           : 0;
        if (length == 0 || i + length > text.size())
            throw LzError("is not UTF-8", i);
        std::uint32_t code = length == 1 ? lead : lead & (0x7Fu >> length);
        for (std::size_t k = 1; k < length; ++k) {
            const auto next = static_cast<unsigned char>(text[i + k]);
            if ((next & 0xC0) != 0x80)
                throw LzError("is not UTF-8", i);
            code = (code << 6) | (next & 0x3Fu);
        }
        constexpr std::uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
        if (code < least[length] || code > 0x10FFFF || (code >= 0xD800 && code < 0xE000))
            throw LzError("is not UTF-8", i);
        if (code >= 0x10000) {
            code -= 0x10000;
            out += static_cast<char16_t>(0xD800 + (code >> 10));
            out += static_cast<char16_t>(0xDC00 + (code & 0x3FF));
        } else {
            out += static_cast<char16_t>(code);
        }
        i += length;
    }
    return out;
}

std::string utf16_to_utf8(std::u16string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        std::uint32_t code = text[i];
        if (code >= 0xD800 && code < 0xDC00 && i + 1 < text.size() && text[i + 1] >= 0xDC00 &&
            text[i + 1] < 0xE000) {
            code = 0x10000 + ((code - 0xD800) << 10) + (text[i + 1] - 0xDC00u);
            ++i;
        } else if (code >= 0xD800 && code < 0xE000) {
            code = 0xFFFD;
        }
        detail::append_utf8(out, code);
    }
    return out;
}

} // namespace sudoku::detail
