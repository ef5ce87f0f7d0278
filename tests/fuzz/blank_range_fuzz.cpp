// libFuzzer: the "-r LO~HI" parser. Any text is either refused with a UsageError or gives
// 20 <= LO <= HI <= 55, the same values the canonical spelling of them gives.
#include "common/cli_support.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const auto [low, high] = cli::parse_range(text, "-r", 20, 55);
        if (low < 20 || high > 55 || low > high)
            std::abort();
        const auto again =
            cli::parse_range(std::to_string(low) + "~" + std::to_string(high), "-r", 20, 55);
        if (again.first != low || again.second != high)
            std::abort();
    } catch (const cli::UsageError&) {
    }
    return 0;
}
