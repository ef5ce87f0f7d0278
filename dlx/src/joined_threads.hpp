// Threads that are joined at the end of the block that holds them, however it ends (std::jthread
// would do that, but the libc++ of the browser build has none).
#pragma once

#include <thread>
#include <vector>

namespace dlx::detail {

struct JoinedThreads {
    std::vector<std::thread> threads;

    JoinedThreads() = default;
    JoinedThreads(const JoinedThreads&) = delete;
    JoinedThreads& operator=(const JoinedThreads&) = delete;
    ~JoinedThreads()
    {
        for (std::thread& thread : threads)
            thread.join();
    }
};

} // namespace dlx::detail
