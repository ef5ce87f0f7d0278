// The signature of the subproblem where a memoised search stands (memo.cpp), kept up to date by
// the dance steps that take Memo = true (dance.hpp), so that a lookup needs no walk of the
// items: a string of bits with a field per item,
//
//   primary item     1 bit: 1 while it is still to be covered
//   secondary item   0 when it is covered, or no remaining option uses it; else 1, or 1 + k
//                    while it is purified to the k-th colour that its options give it
//
// fields packed into 64-bit words, none across two words. DLX6 (Knuth) encodes the same state;
// two subproblems with equal signatures have the same remaining options, so the same count.
#pragma once

#include <cstdint>
#include <vector>

namespace dlx::detail {

struct Signature {
    std::vector<std::uint64_t> words;
    std::vector<std::uint32_t> offset;   // per header: the field's first bit
    std::vector<std::uint32_t> width;    // per header: the field's bits
    std::vector<std::uint32_t> purified; // per header: k while purified to colour k, else 0
    std::vector<std::uint32_t> code;     // per node: k for the k-th colour of its item, else 0

#if defined(__GNUC__)
    [[gnu::always_inline]] // out of line, the memoised count took 5% more instructions
#endif
    void
    set(std::int32_t header, std::uint64_t value) noexcept
    {
        const std::uint32_t at = offset[static_cast<std::size_t>(header)];
        const std::uint64_t mask =
            ((std::uint64_t{1} << width[static_cast<std::size_t>(header)]) - 1) << (at & 63);
        std::uint64_t& word = words[at >> 6];
        word = (word & ~mask) | (value << (at & 63));
    }
};

} // namespace dlx::detail
