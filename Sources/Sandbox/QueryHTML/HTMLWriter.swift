/// Writes HTML the way the legacy HAFAS pages were written: ISO-8859-1 bytes, markup passed
/// through as given (unclosed cells, unquoted attributes and all), text escaped, and non-ASCII
/// letters spelled one of three ways the recorded pages mix: raw Latin-1 bytes, numeric
/// references (`M&#252;nchen Hbf`, the detail rows) or named entities (`Fr&uuml;here`).
///
/// ```swift
/// var html = HTMLWriter()
/// html.line("<td class=\"stop-station\">" + HTMLWriter.escape("München Hbf", .numeric))
/// html.bytes   // … M&#252;nchen Hbf
/// ```
struct HTMLWriter {
    private(set) var bytes: [UInt8] = []

    /// How a character outside ASCII is written.
    enum Spelling {
        /// The ISO-8859-1 byte (`ü` is 0xFC).
        case latin1
        /// A decimal character reference (`&#252;`).
        case numeric
        /// A named entity where HTML 4 has one (`&uuml;`), else a decimal reference.
        case named
    }

    init() {
        bytes.reserveCapacity(32_768)
    }

    /// Markup as it is: characters up to U+00FF as their byte, any other as a reference.
    mutating func raw(_ markup: String) {
        for scalar in markup.unicodeScalars {
            if scalar.value <= 0xFF {
                bytes.append(UInt8(scalar.value))
            } else {
                bytes.append(contentsOf: Array("&#\(scalar.value);".utf8))
            }
        }
    }

    /// Markup and a line feed.
    mutating func line(_ markup: String = "") {
        raw(markup)
        bytes.append(0x0A)
    }

    /// A table row of one-line cells: the opening `<tr…>`, each cell as `<th attributes>markup</th>`
    /// (or `td`) on its own line, `</tr>`.
    ///
    /// ```swift
    /// html.row(cell: "th", [(#"class="time""#, "Zeit"), (#"class="train""#, "Zug")])
    /// // <tr>\n<th class="time">Zeit</th>\n<th class="train">Zug</th>\n</tr>\n
    /// ```
    mutating func row(_ opening: String = "<tr>", cell: String, _ cells: [(attributes: String, markup: String)]) {
        line(opening)
        for (attributes, markup) in cells { line("<\(cell) \(attributes)>\(markup)</\(cell)>") }
        line("</tr>")
    }

    /// Text for element content or a double-quoted attribute: `&`, `<`, `>` and `"` escaped, tabs
    /// and line feeds a space, other control characters dropped, the rest spelled as asked.
    static func escape(_ text: String, _ spelling: Spelling = .latin1) -> String {
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output.append(contentsOf: "&amp;".unicodeScalars)
            case "<": output.append(contentsOf: "&lt;".unicodeScalars)
            case ">": output.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": output.append(contentsOf: "&quot;".unicodeScalars)
            case "\t", "\n": output.append(" ")
            case _ where scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value):
                continue
            case _ where scalar.value < 0x80:
                output.append(scalar)
            default:
                output.append(contentsOf: spell(scalar, spelling).unicodeScalars)
            }
        }
        return String(output)
    }

    private static func spell(_ scalar: Unicode.Scalar, _ spelling: Spelling) -> String {
        switch spelling {
        case .latin1 where scalar.value <= 0xFF: String(scalar)
        case .named: entityNames[scalar].map { "&\($0);" } ?? "&#\(scalar.value);"
        default: "&#\(scalar.value);"
        }
    }

    /// HTML 4's names for the Latin-1 letters of Swiss and German place names.
    private static let entityNames: [Unicode.Scalar: String] = [
        "ä": "auml", "ö": "ouml", "ü": "uuml", "Ä": "Auml", "Ö": "Ouml", "Ü": "Uuml", "ß": "szlig",
        "à": "agrave", "á": "aacute", "â": "acirc", "è": "egrave", "é": "eacute", "ê": "ecirc", "ë": "euml",
        "ì": "igrave", "î": "icirc", "ï": "iuml", "ò": "ograve", "ô": "ocirc", "ù": "ugrave", "û": "ucirc",
        "ç": "ccedil", "À": "Agrave", "É": "Eacute", "È": "Egrave", "Ç": "Ccedil", "ñ": "ntilde", "œ": "oelig",
    ]

    /// A query-string value as the pages' own links carry it: ISO-8859-1 bytes, `%XX` for what is
    /// not a letter, digit or one of `-_.:,'()`; with `rawSpaces`, spaces stay spaces
    /// (`input=Essen Hbf%238000098`, as bahn.de wrote its links).
    static func percentEncoded(_ text: String, rawSpaces: Bool = false) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (scalar.properties.isASCIIHexDigit || ("g"..."z").contains(scalar) || ("G"..."Z").contains(scalar))
                || "-_.:,'()".unicodeScalars.contains(scalar) {
                output.unicodeScalars.append(scalar)
            } else if scalar == " ", rawSpaces {
                output += " "
            } else if value <= 0xFF {
                output += "%" + hex(UInt8(value))
            } else {
                // Not in ISO-8859-1: the server would have had a `?` here.
                output += "%3F"
            }
        }
        return output
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
