// Numbered pieces of work done on several threads and taken in their order on the caller's
// thread: the generator's rounds, the maker's chunks of puzzles, the batches of a puzzle file.
//
//   pieces:   0   1   2   3   4   5   6   7  ...  (claimed in order by whichever thread is free)
//   ring:   [ 4 | 5 | 2 | 3 ]   piece p fills slot p % ring size; at most `ring size` pieces
//                               are claimed and not yet taken, which bounds the memory
//   caller: takes piece 2 when it is ready, then 3, ...; while the piece it needs next is still
//           being made, it claims and makes one itself instead of waiting.
//
// The caller's thread is one of the `threads` that make pieces: with two cores and two threads,
// neither core is shared by a third thread that only takes (measured on sudoku-cli -c, whose
// taking is a fifth of the work). What a piece holds must depend only on its number, so the
// pieces, and the order they are taken in, are the same for any number of threads. Where a
// piece's input comes from a stream (a file of puzzles), `read` fills it as the piece is
// claimed, in order, with the lock held; the pieces end where the input does.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

namespace sudoku::detail {

/// Makes pieces `first`, `first + 1`, ... (before `end`) with `make(state, number, slot)` on
/// `threads` threads (the caller's included), each thread with a `State` of its own built by
/// `new_state()`, and hands each piece to `take(slot)` on the caller's thread, in order, until
/// `take` returns false or piece `end - 1` was taken. Before a piece is made, `read(number,
/// slot)` gives it its input, one piece at a time in order; when it returns false, the input is
/// used up and that piece and the later ones are not made. Returns the number of the first piece
/// not taken. An exception from `read`, `make` (on any thread) or `take` is rethrown once every
/// thread has stopped; pieces made but not taken are thrown away.
template <typename Slot, typename NewState, typename Read, typename Make, typename Take>
std::uint64_t in_order(unsigned threads, std::size_t ring_size, std::uint64_t first,
                       std::uint64_t end, NewState new_state, Read read, Make make, Take take)
{
    struct Entry {
        Slot slot;
        bool ready = false;
    };
    std::vector<Entry> ring(ring_size < threads ? threads : ring_size);
    std::mutex mutex;
    std::condition_variable changed;
    std::uint64_t next = first, taken = first; // guarded by `mutex`, as `end` is
    bool stop = false;
    std::exception_ptr failure;
    const auto claimable = [&] { return next < end && next < taken + ring.size(); };

    // Claims the next piece, reads its input, makes it and marks it ready; called and returns
    // with `lock` held.
    const auto make_one = [&](auto& state, std::unique_lock<std::mutex>& lock) {
        const std::uint64_t number = next;
        Entry& entry = ring[number % ring.size()];
        if (!read(number, entry.slot)) { // the input ends before this piece
            end = number;
            changed.notify_all();
            return;
        }
        ++next;
        lock.unlock();
        make(state, number, entry.slot);
        lock.lock();
        entry.ready = true;
        changed.notify_all();
    };
    const auto fail = [&](std::unique_lock<std::mutex>& lock) {
        if (!lock.owns_lock())
            lock.lock();
        if (!failure)
            failure = std::current_exception();
        stop = true;
        changed.notify_all();
    };

    // The workers, joined on the way out however that is (std::jthread would do it, but the
    // libc++ of the browser build has none).
    struct Pool {
        std::vector<std::thread> threads;
        void join()
        {
            for (std::thread& thread : threads)
                thread.join();
            threads.clear();
        }
        ~Pool() { join(); }
    } pool;
    std::optional<decltype(new_state())> state; // the caller's
    std::unique_lock lock(mutex, std::defer_lock);
    try {
        for (unsigned t = 1; t < threads; ++t) {
            pool.threads.emplace_back([&] {
                std::unique_lock worker_lock(mutex, std::defer_lock);
                try {
                    auto worker_state = new_state();
                    worker_lock.lock();
                    for (;;) {
                        changed.wait(worker_lock, [&] { return stop || claimable(); });
                        if (stop)
                            return;
                        make_one(worker_state, worker_lock);
                    }
                } catch (...) {
                    fail(worker_lock);
                }
            });
        }
        lock.lock();
        while (!stop && taken < end) {
            Entry& entry = ring[taken % ring.size()];
            if (entry.ready) {
                lock.unlock();
                const bool more = take(entry.slot);
                lock.lock();
                entry.ready = false;
                ++taken;
                changed.notify_all();
                if (!more)
                    break;
            } else if (!claimable()) {
                changed.wait(lock);
            } else if (!state) {
                // Built unlocked, so the others may claim the whole ring meanwhile: look again
                // before claiming.
                lock.unlock();
                state.emplace(new_state());
                lock.lock();
            } else {
                make_one(*state, lock);
            }
        }
        stop = true;
        changed.notify_all();
    } catch (...) {
        fail(lock);
    }
    if (lock.owns_lock())
        lock.unlock();
    pool.join();
    if (failure)
        std::rethrow_exception(failure);
    return taken;
}

/// The same for pieces that need no input: each is made from its number alone.
template <typename Slot, typename NewState, typename Make, typename Take>
std::uint64_t in_order(unsigned threads, std::size_t ring_size, std::uint64_t first,
                       std::uint64_t end, NewState new_state, Make make, Take take)
{
    return in_order<Slot>(
        threads, ring_size, first, end, std::move(new_state),
        [](std::uint64_t, Slot&) { return true; }, std::move(make), std::move(take));
}

} // namespace sudoku::detail
