/// `regex('pattern')` or `regex('pattern', group=N)`: the first match's group (default 1 when the pattern has a capture group, else the whole match); no match drops the value.
struct RegexNormalizer: Normalizer {
    /// Longer values are rejected so a backtracking pattern cannot run away: Swift's `Regex` retries every start
    /// position, so even `([0-9]+) min` is quadratic on a long digit run (measured: 4,000 digits ≈ 2 s, 8,000 ≈ 8 s).
    static let maximumInputBytes = 4_096

    private let pool: RegexPool
    private let group: Int?

    init(arguments: inout StepArguments) throws(NormalizerError) {
        guard let pattern = try arguments.positionalLiteral("the pattern"), !pattern.isEmpty else {
            throw NormalizerError("regex: expected a pattern such as regex('([0-9]+) min')")
        }
        do {
            pool = try RegexPool(pattern: pattern)
        } catch {
            throw NormalizerError("regex: invalid pattern \(NormalizerError.quoted(pattern)): \(error)")
        }
        if let nested = RegexSafety.nestedRepetition(in: pattern) {
            throw NormalizerError("regex: nested repetition \(NormalizerError.quoted(nested)) can take exponential time on hostile input (make the inner repetition atomic, e.g. (?>a+), or possessive, e.g. a++)")
        }
        let groups = Self.captureCount(of: pattern)
        if let text = try arguments.keyedLiteral("group") {
            guard text.utf8.count <= 3, let number = Int(text), number >= 0 else {
                throw NormalizerError("regex: group must be a number, not \(NormalizerError.quoted(text))")
            }
            if let groups, number > groups {
                throw NormalizerError("regex: group \(number) does not exist (the pattern has \(groups) capture group\(groups == 1 ? "" : "s"))")
            }
            group = number
        } else {
            group = groups.map { $0 >= 1 ? 1 : 0 }
        }
    }

    func normalize(_ value: String, in context: any NormalizerContext) throws(NormalizerError) -> [String] {
        guard value.utf8.count <= Self.maximumInputBytes else {
            throw NormalizerError("regex: value is too long (\(value.utf8.count) bytes, at most \(Self.maximumInputBytes))")
        }
        let outcome = pool.withRegex { regex -> Result<String?, NormalizerError> in
            guard let match = try? regex.firstMatch(in: value) else { return .success(nil) }
            let output = match.output
            let index = group ?? (output.count > 1 ? 1 : 0)
            guard index < output.count else {
                return .failure(NormalizerError("regex: group \(index) does not exist in \(NormalizerError.quoted(pool.pattern))"))
            }
            return .success(output[index].substring.map(String.init))
        }
        switch outcome {
        case .success(let text?)?: return [text]
        case .failure(let error)?: throw error
        // No match, or the group did not take part in it.
        case .success(nil)?, nil: return []
        }
    }

    /// The number of capture groups, found by matching the pattern as one alternative of a regex that always matches "".
    static func captureCount(of pattern: String) -> Int? {
        guard let probe = try? Regex<AnyRegexOutput>("(?:" + pattern + ")|"),
              let match = try? probe.firstMatch(in: "") else { return nil }
        return match.output.count - 1
    }
}
