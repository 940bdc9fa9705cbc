#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A small number per thread, handed out in order of first use, to pick a shard without contention.
///
/// The server's threads each get their own log buffer and metric counters this way, so that two
/// threads answering at once never wait for each other's lock.
public enum ThreadSlot {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private static let issued = Atomic<Int>(0)

    /// This thread's number (0, 1, 2, …).
    public static var current: Int {
        if let stored = pthread_getspecific(key) { return Int(bitPattern: stored) - 1 }
        let number = issued.add(1, ordering: .relaxed).newValue
        // Stored plus one, so that it is never a null pointer.
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: number))
        return number - 1
    }
}
