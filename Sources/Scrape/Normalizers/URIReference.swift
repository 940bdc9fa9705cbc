import Kernel

/// A URI reference split into the five components of RFC 3986, with reference resolution (§5.2) and recomposition (§5.3).
struct URIReference: Equatable {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    /// Splits a reference the way the regular expression of RFC 3986 Appendix B does; this never fails.
    init(_ text: some StringProtocol) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if let colon = rest.firstIndex(of: ":"), Self.isScheme(rest[..<colon]) {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.dropFirst(2)
            let end = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
            authority = String(afterSlashes[..<end])
            rest = afterSlashes[end...]
        }
        path = String(rest)
    }

    private init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, first.isASCIILetter else { return false }
        return text.utf8.allSatisfy { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    /// The target of this reference against an absolute base (RFC 3986 §5.2.2, strict).
    func resolved(against base: URIReference) -> URIReference {
        if let scheme {
            return URIReference(scheme: scheme, authority: authority, path: Self.removeDotSegments(path), query: query, fragment: fragment)
        }
        if let authority {
            return URIReference(scheme: base.scheme, authority: authority, path: Self.removeDotSegments(path), query: query, fragment: fragment)
        }
        if path.isEmpty {
            return URIReference(scheme: base.scheme, authority: base.authority, path: base.path, query: query ?? base.query, fragment: fragment)
        }
        let merged: String
        if path.hasPrefix("/") {
            merged = path
        } else if base.authority != nil && base.path.isEmpty {
            merged = "/" + path
        } else if let slash = base.path.lastIndex(of: "/") {
            merged = base.path[...slash] + path
        } else {
            merged = path
        }
        return URIReference(scheme: base.scheme, authority: base.authority, path: Self.removeDotSegments(merged), query: query, fragment: fragment)
    }

    /// The reference as text (RFC 3986 §5.3).
    var text: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if let authority { result += "//" + authority }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// RFC 3986 §5.2.4 on bytes, in linear time: an index walks the input, the output is a byte stack.
    static func removeDotSegments(_ path: String) -> String {
        var input = Array(path.utf8)
        var output: [UInt8] = []
        var i = 0
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        func at(_ offset: Int) -> UInt8? { i + offset < input.count ? input[i + offset] : nil }
        func popSegment() {
            while let last = output.popLast(), last != slash {}
        }
        while i < input.count {
            if at(0) == dot, at(1) == dot, at(2) == slash {          // A: "../"
                i += 3
            } else if at(0) == dot, at(1) == slash {                  // A: "./"
                i += 2
            } else if at(0) == slash, at(1) == dot, at(2) == slash {  // B: "/./"
                i += 2
            } else if at(0) == slash, at(1) == dot, at(2) == nil {    // B: "/." at the end
                i += 1
                input[i] = slash
            } else if at(0) == slash, at(1) == dot, at(2) == dot, at(3) == slash || at(3) == nil { // C: "/../" or "/.."
                if at(3) == nil {
                    i += 2
                    input[i] = slash
                } else {
                    i += 3
                }
                popSegment()
            } else if at(0) == dot, at(1) == nil || (at(1) == dot && at(2) == nil) { // D: "." or ".."
                i = input.count
            } else {                                                  // E: move one segment
                if at(0) == slash {
                    output.append(slash)
                    i += 1
                }
                while i < input.count, input[i] != slash {
                    output.append(input[i])
                    i += 1
                }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
