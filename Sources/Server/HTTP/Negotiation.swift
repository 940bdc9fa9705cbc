/// Chooses the representation of a response (RFC 9110 §12).
///
/// The order is: a `.xml`/`.json` path suffix, then the `format` query parameter, then `Accept`,
/// then XML.
public enum Negotiation {
    /// The format for a request, from the path suffix, the `format` query value and `Accept`.
    public static func format(suffix: Format?, query: String?, accept: String?) throws(NegotiationError) -> Format {
        if let suffix { return suffix }
        if let query {
            guard let format = Format(rawValue: query) else { throw .invalidFormat }
            return format
        }
        guard let format = preferredFormat(accept: accept) else { throw .notAcceptable }
        return format
    }

    /// The format an `Accept` header prefers, or nil when it refuses both with `q=0`.
    ///
    /// Per format the most specific matching range decides (`application/xml`, `text/xml`;
    /// `application/json`, `application/problem+json`; then `type/*`, then `*/*`); the higher
    /// weight wins and a tie goes to XML. A range with an invalid `q` is ignored. A header that
    /// mentions neither format (`image/png`), or no header, gives XML; one that refuses only one
    /// format gives the other.
    public static func preferredFormat(accept: String?) -> Format? {
        guard let accept else { return .xml }
        var applicationXML = Preference(), textXML = Preference()
        var applicationJSON = Preference(), problemJSON = Preference()
        WeightedList.forEach(accept) { range, weight in
            guard let weight, let slash = range.firstIndex(of: UInt8(ascii: "/")) else { return }
            let type = range[..<slash], subtype = range[(slash + 1)...]
            applicationXML.offer(specificity(type, subtype, "application", "xml"), weight)
            textXML.offer(specificity(type, subtype, "text", "xml"), weight)
            applicationJSON.offer(specificity(type, subtype, "application", "json"), weight)
            problemJSON.offer(specificity(type, subtype, "application", "problem+json"), weight)
        }
        let xml = applicationXML.combined(with: textXML)
        let json = applicationJSON.combined(with: problemJSON)
        switch (xml.mentioned, json.mentioned) {
        case (false, false): return .xml
        case (true, false): return xml.weight > 0 ? .xml : .json
        case (false, true): return json.weight > 0 ? .json : .xml
        case (true, true):
            if xml.weight == 0 && json.weight == 0 { return nil }
            return json.weight > xml.weight ? .json : .xml
        }
    }

    /// The format for an error document when routing or negotiation failed: never throws, XML when unsure.
    public static func bestEffortFormat(path: String, query: Substring?, accept: String?) -> Format {
        var path = path
        if let (format, _) = path.withUTF8({ Format.suffix(ofPath: $0) }) { return format }
        if let query, let value = (try? QueryParameters(parsing: query))?.first("format") {
            return Format(rawValue: value) ?? .xml
        }
        return preferredFormat(accept: accept) ?? .xml
    }

    /// 3 for an exact match, 2 for `type/*`, 1 for `*/*`, 0 for no match.
    private static func specificity(
        _ type: WeightedList.Bytes, _ subtype: WeightedList.Bytes, _ mediaType: StaticString, _ mediaSubtype: StaticString
    ) -> Int {
        if WeightedList.equals(type, "*") { return WeightedList.equals(subtype, "*") ? 1 : 0 }
        guard WeightedList.equals(type, mediaType) else { return 0 }
        if WeightedList.equals(subtype, "*") { return 2 }
        return WeightedList.equals(subtype, mediaSubtype) ? 3 : 0
    }
}

/// The weight `Accept` gives one media type: the most specific range matching it decides.
private struct Preference {
    var specificity = 0
    var weight = 0

    var mentioned: Bool { specificity > 0 }

    mutating func offer(_ specificity: Int, _ weight: Int) {
        guard specificity > 0 else { return }
        if specificity > self.specificity {
            self = Preference(specificity: specificity, weight: weight)
        } else if specificity == self.specificity {
            self.weight = max(self.weight, weight)
        }
    }

    /// One format's weight over its media types, decided the same way.
    func combined(with other: Preference) -> Preference {
        var result = self
        result.offer(other.specificity, other.weight)
        return result
    }
}
