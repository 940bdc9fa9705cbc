#if canImport(Glibc)
import CMalloc
import Glibc
#endif

/// How the service has glibc's malloc keep memory.
///
/// glibc gives a thread that finds the arena it used locked an arena of its own, up to eight per
/// core. Each arena keeps the memory freed in it for itself, so a long-running server whose
/// requests move between threads holds the free space of every arena at once: in a soak, RSS
/// grew past what the caches held by about as much again. One arena per core keeps contention
/// low (each thread still has its own cache of small blocks) and lets freed memory be reused by
/// whichever thread asks next.
///
/// Freed memory in the middle of an arena stays resident until something reuses it; the caches
/// replace entries of every size all day, so such holes add up. Trimming now and then gives their
/// whole pages back to the system. Memory still in use is never given back, so a leak still shows.
enum MallocArenas {
    /// Limits the arenas to `count` unless the operator chose otherwise through glibc's own
    /// `MALLOC_ARENA_MAX` or `GLIBC_TUNABLES`; whether the limit was set.
    @discardableResult
    static func limit(to count: Int) -> Bool {
        #if canImport(Glibc)
        guard getenv("MALLOC_ARENA_MAX") == nil, getenv("GLIBC_TUNABLES") == nil else { return false }
        return mallopt(M_ARENA_MAX, Int32(clamping: max(count, 1))) == 1
        #else
        return false
        #endif
    }

    /// Gives the free pages of every arena back to the system; whether any were.
    @discardableResult
    static func trim() -> Bool {
        #if canImport(Glibc)
        return malloc_trim(0) == 1
        #else
        return false
        #endif
    }

    /// Trims every `seconds` until the task is cancelled.
    static func trimming(every seconds: Int) -> Task<Void, Never> {
        Task.detached(priority: .background) {
            while (try? await Task.sleep(for: .seconds(seconds))) != nil {
                trim()
            }
        }
    }
}
