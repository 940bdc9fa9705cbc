#if canImport(Glibc)
import Glibc
#endif

/// Marks, per thread, that the access handler ended a connection on purpose, so that
/// libmicrohttpd's report of it (logged on the same thread, right after) is not shown as a fault.
enum DeliberateClose {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Notes that this thread's handler is closing its connection on purpose.
    static func mark() {
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
    }

    /// Whether this thread marked a deliberate close since the last call; clears the mark.
    static func take() -> Bool {
        guard pthread_getspecific(key) != nil else { return false }
        pthread_setspecific(key, nil)
        return true
    }
}
