// Tests that cannot run here (no benchmark data, no permission to mount) say so rather than
// pass silently: the message below makes ctest report the test as skipped
// (SKIP_REGULAR_EXPRESSION in tests/CMakeLists.txt).
#pragma once

#include <catch2/catch.hpp>

/// Ends the current test case as skipped, naming the reason in the output.
#define DLX_SKIP(reason)                                                                           \
    do {                                                                                           \
        WARN("SKIPPED: " << reason);                                                               \
        return;                                                                                    \
    } while (false)
