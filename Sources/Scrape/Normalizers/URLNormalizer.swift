/// `url(base=REF_OR_LITERAL)`: resolves a possibly relative URL against an absolute http(s) base per RFC 3986 §5.2 and outputs the absolute URL; absolute values must be http or https.
struct URLNormalizer: Normalizer {
    private let base: ValueSource
    /// A literal base, parsed once when the route loads rather than for every value.
    private let literalBase: URIReference?
    // Generous for real links, small enough to bound the work per value.
    private static let maximumBytes = 16_384

    init(arguments: inout StepArguments) throws(NormalizerError) {
        guard let base = arguments.keyedSource("base") else {
            throw NormalizerError("url: missing base=, e.g. url(base=$param.baseURL) or url(base='https://example.org/')")
        }
        if case .literal(let text) = base {
            literalBase = try Self.absoluteBase(text)
        } else {
            literalBase = nil
        }
        self.base = base
    }

    func normalize(_ value: String, in context: any NormalizerContext) throws(NormalizerError) -> [String] {
        let text = TrimNormalizer.trimmed(value)
        guard text.utf8.count <= Self.maximumBytes else {
            throw NormalizerError("url: value is too long (\(text.utf8.count) bytes, at most \(Self.maximumBytes))")
        }
        // Most links upstreams write are already absolute and clean: nothing to resolve.
        if Self.isPlainAbsolute(text) { return [String(text)] }
        let reference = URIReference(text)
        if let scheme = reference.scheme, !Self.isHTTP(scheme) {
            throw NormalizerError("url: \(NormalizerError.quoted(value)) is not an http(s) URL")
        }
        let resolvedBase: URIReference
        if let literalBase {
            resolvedBase = literalBase
        } else if let baseText = base.resolve(in: context) {
            resolvedBase = try Self.absoluteBase(baseText)
        } else {
            throw NormalizerError("url: the base \(base.syntax) has no value")
        }
        var target = reference.resolved(against: resolvedBase)
        guard let authority = target.authority, !authority.isEmpty else {
            throw NormalizerError("url: \(NormalizerError.quoted(value)) has no host")
        }
        target.scheme = target.scheme?.lowercased()
        return [target.text]
    }

    /// The base as an absolute http(s) URL with a host.
    private static func absoluteBase(_ text: String) throws(NormalizerError) -> URIReference {
        let trimmed = TrimNormalizer.trimmed(text)
        let base = URIReference(trimmed)
        guard trimmed.utf8.count <= maximumBytes, let scheme = base.scheme, isHTTP(scheme),
              let authority = base.authority, !authority.isEmpty else {
            throw NormalizerError("url: base \(NormalizerError.quoted(text)) is not an absolute http(s) URL")
        }
        return base
    }

    /// An `http://` or `https://` URL (lowercase scheme) with a host and no `.` or `..` path
    /// segment, which resolution would return unchanged.
    static func isPlainAbsolute(_ text: Substring) -> Bool {
        if let plain = text.utf8.withContiguousStorageIfAvailable(isPlainAbsolute) { return plain }
        return Array(text.utf8).withUnsafeBufferPointer(isPlainAbsolute)
    }

    private static func isPlainAbsolute(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let scheme: Int
        if startsWith(bytes, "http://") {
            scheme = 7
        } else if startsWith(bytes, "https://") {
            scheme = 8
        } else {
            return false
        }
        guard scheme < bytes.count else { return false }
        let first = bytes[scheme]
        guard first != UInt8(ascii: "/"), first != UInt8(ascii: "?"), first != UInt8(ascii: "#") else { return false }
        // A dot segment is "/." followed by "/", "?", "#", "." or the end; "/.x" is an ordinary name.
        var previous: UInt8 = 0
        var dots = 0
        for byte in UnsafeBufferPointer(rebasing: bytes[scheme...]) {
            if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            if byte == UInt8(ascii: ".") && (previous == UInt8(ascii: "/") || dots > 0) {
                dots += 1
            } else if byte == UInt8(ascii: "/") && dots > 0 && dots <= 2 {
                return false
            } else {
                dots = 0
            }
            previous = byte
        }
        return !(dots > 0 && dots <= 2)
    }

    private static func startsWith(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        for index in 0..<count where bytes[index] != prefix.utf8Start[index] { return false }
        return true
    }

    private static func isHTTP(_ scheme: String) -> Bool {
        let lower = scheme.lowercased()
        return lower == "http" || lower == "https"
    }
}
