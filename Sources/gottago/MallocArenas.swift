#if canImport(Glibc)
import CMalloc
import Glibc
#endif

/// How many malloc arenas the service lets glibc make.
///
/// glibc gives a thread that finds the arena it used locked an arena of its own, up to eight per
/// core. Each arena keeps the memory freed in it for itself, so a long-running server whose
/// requests move between threads holds the free space of every arena at once: in a soak, RSS
/// grew past what the caches held by about as much again. One arena per core keeps contention
/// low (each thread still has its own cache of small blocks) and lets freed memory be reused by
/// whichever thread asks next.
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
}
