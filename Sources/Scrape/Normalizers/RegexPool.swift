import Synchronization

/// Compiled copies of one pattern, lent to one thread at a time, because `Regex` is not `Sendable` but compiling it per value is wasteful.
final class RegexPool: @unchecked Sendable {
    // Safe to share: each compiled Regex lives either in `idle` (guarded by the lock) or with exactly one borrower.
    let pattern: String
    private let idle: Mutex<Void>
    private var regexes: [Regex<AnyRegexOutput>]
    private static let keptIdle = 8

    /// Compiles the pattern once to check it; throws the compiler's complaint.
    init(pattern: String) throws {
        self.pattern = pattern
        regexes = [try Regex(pattern)]
        idle = Mutex(())
    }

    /// Runs `body` with a compiled regex that no other thread uses meanwhile.
    func withRegex<Result>(_ body: (Regex<AnyRegexOutput>) -> Result) -> Result? {
        let borrowed = idle.withLock { _ in regexes.popLast() }
        guard let regex = borrowed ?? (try? Regex(pattern)) else { return nil }
        let result = body(regex)
        idle.withLock { _ in
            if regexes.count < Self.keptIdle { regexes.append(regex) }
        }
        return result
    }
}
