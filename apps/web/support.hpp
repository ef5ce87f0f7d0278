// What the page's bindings (bindings.cpp, play_bindings.cpp) share: errors as {error}
// objects, and seeds from JavaScript's numbers.
#pragma once

#include <emscripten/val.h>

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace web {

/// {error: message}: how a binding reports what the libraries threw, in the programs' words.
inline emscripten::val error_object(const std::string& message)
{
    emscripten::val result = emscripten::val::object();
    result.set("error", message);
    return result;
}

/// A seed from JavaScript: a whole number from 0 to 2^53 (what a double holds exactly).
inline std::uint64_t seed_of(double seed)
{
    if (!(seed >= 0) || seed > 9007199254740992.0 || std::floor(seed) != seed)
        throw std::invalid_argument("a seed is a whole number from 0 to 2^53");
    return static_cast<std::uint64_t>(seed);
}

} // namespace web
