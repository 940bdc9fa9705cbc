/// `text`: the text of a value that holds HTML markup as text (Google's `html_instructions`:
/// `Head <b>north</b> on <b>Main St</b><div style="…">Destination on the right</div>`): tags are
/// dropped, a block tag (`div`, `p`, `br`, `li`, `tr`, `td`, headings) becomes a space, the common
/// named entities and numeric references are decoded, and whitespace is collapsed as `collapse`
/// does. Never fails; a `<` that opens no tag stays text. Values over 64 KiB are cut there.
struct MarkupTextNormalizer: Normalizer {
    static let limit = 65_536
    private static let blocks: Set<String> = ["div", "p", "br", "li", "ul", "ol", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "table"]
    private static let entities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
        "auml": "ä", "ouml": "ö", "uuml": "ü", "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü", "szlig": "ß", "eacute": "é", "egrave": "è",
        // The letters of French, Dutch, Spanish, Italian and Portuguese texts (iRail's NMBS alerts
        // write "D&eacute;rangement d'un passage &agrave; niveau"), and common punctuation.
        "agrave": "à", "aacute": "á", "acirc": "â", "atilde": "ã", "ccedil": "ç", "ecirc": "ê", "euml": "ë", "igrave": "ì",
        "iacute": "í", "icirc": "î", "iuml": "ï", "ntilde": "ñ", "ograve": "ò", "oacute": "ó", "ocirc": "ô", "otilde": "õ",
        "ugrave": "ù", "uacute": "ú", "ucirc": "û", "Agrave": "À", "Aacute": "Á", "Acirc": "Â", "Ccedil": "Ç", "Eacute": "É",
        "Egrave": "È", "Ecirc": "Ê", "Iacute": "Í", "Ntilde": "Ñ", "Oacute": "Ó", "Ocirc": "Ô", "Uacute": "Ú", "laquo": "«",
        "raquo": "»", "lsquo": "\u{2018}", "rsquo": "\u{2019}", "ldquo": "\u{201C}", "rdquo": "\u{201D}", "ndash": "\u{2013}",
        "mdash": "\u{2014}", "hellip": "\u{2026}", "euro": "€", "deg": "°",
    ]

    init(arguments: inout StepArguments) {}

    func normalize(_ value: String, in context: any NormalizerContext) -> [String] {
        let scalars = Array(value.unicodeScalars.prefix(Self.limit))
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<", let end = Self.tagEnd(scalars, from: index) {
                if Self.blocks.contains(Self.tagName(scalars, from: index + 1, to: end)) { output.append(" ") }
                index = end + 1
            } else if scalar == "&", let (decoded, end) = Self.entity(scalars, from: index) {
                output.append(contentsOf: decoded.unicodeScalars)
                index = end + 1
            } else {
                output.append(scalar)
                index += 1
            }
        }
        return [String(output).split(whereSeparator: \.isWhitespace).joined(separator: " ")]
    }

    /// The `>` closing a tag that starts at `start` (`<b>`, `</div>`, `<wbr/>`), or nil when the
    /// `<` opens no tag (`a < b`).
    static func tagEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        let first = start + 1
        guard first < scalars.count else { return nil }
        let next = scalars[first]
        guard next == "/" || next == "!" || next.properties.isAlphabetic else { return nil }
        var quote: Unicode.Scalar?
        for index in first..<min(scalars.count, start + 4096) {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == ">" {
                return index
            }
        }
        return nil
    }

    /// The tag's name in lower case, without `/`.
    static func tagName(_ scalars: [Unicode.Scalar], from start: Int, to end: Int) -> String {
        var name = String.UnicodeScalarView()
        for scalar in scalars[start..<end] {
            if scalar == "/" && name.isEmpty { continue }
            guard scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) else { break }
            name.append(scalar)
        }
        return String(name).lowercased()
    }

    /// A named or numeric reference at `start` and the index of its `;`.
    static func entity(_ scalars: [Unicode.Scalar], from start: Int) -> (String, Int)? {
        guard let end = scalars[start..<min(scalars.count, start + 12)].firstIndex(of: ";"), end > start + 1 else { return nil }
        let body = String(String.UnicodeScalarView(scalars[(start + 1)..<end]))
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let number = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let number, let scalar = Unicode.Scalar(number), number != 0 else { return nil }
            return (String(scalar), end)
        }
        return entities[body].map { ($0, end) }
    }
}
