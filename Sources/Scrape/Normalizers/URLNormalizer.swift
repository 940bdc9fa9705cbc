/// `url(base=REF_OR_LITERAL)`: resolves a possibly relative URL against an absolute http(s) base per RFC 3986 §5.2 and outputs the absolute URL; absolute values must be http or https.
struct URLNormalizer: Normalizer {
    private let base: ValueSource
    // Generous for real links, small enough to bound the work per value.
    private static let maximumBytes = 16_384

    init(arguments: inout StepArguments) throws(NormalizerError) {
        guard let base = arguments.keyedSource("base") else {
            throw NormalizerError("url: missing base=, e.g. url(base=$param.baseURL) or url(base='https://example.org/')")
        }
        if case .literal(let text) = base {
            _ = try Self.absoluteBase(text)
        }
        self.base = base
    }

    func normalize(_ value: String, in context: any NormalizerContext) throws(NormalizerError) -> [String] {
        let text = TrimNormalizer.trimmed(value)
        guard text.utf8.count <= Self.maximumBytes else {
            throw NormalizerError("url: value is too long (\(text.utf8.count) bytes, at most \(Self.maximumBytes))")
        }
        let reference = URIReference(text)
        if let scheme = reference.scheme, !Self.isHTTP(scheme) {
            throw NormalizerError("url: \(NormalizerError.quoted(value)) is not an http(s) URL")
        }
        guard let baseText = base.resolve(in: context) else {
            throw NormalizerError("url: the base \(base.syntax) has no value")
        }
        var target = reference.resolved(against: try Self.absoluteBase(baseText))
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

    private static func isHTTP(_ scheme: String) -> Bool {
        let lower = scheme.lowercased()
        return lower == "http" || lower == "https"
    }
}
