import Model

/// How a typed place text is compared with place names: case and accents ignored ("Zurich"
/// finds Zürich), a comma
/// separating the name from its division or country ("Beverly Hills, CA", "Bern, Switzerland"),
/// a text of digits (and letters) that equals a place's postcode matching that place.
enum PlaceName {
    /// A text folded for comparison: lower case, Latin accents removed, spaces collapsed.
    static func folded(_ text: String) -> String {
        var out = ""
        var space = false
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " || scalar == "\t" || scalar == "+" || scalar == "-" {
                space = !out.isEmpty
                continue
            }
            if space { out.unicodeScalars.append(" ") }
            space = false
            out.unicodeScalars.append(contentsOf: plain(scalar).unicodeScalars)
        }
        return out
    }

    private static func plain(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "à", "á", "â", "ã", "å", "ä": "a"
        case "æ": "ae"
        case "ç": "c"
        case "è", "é", "ê", "ë": "e"
        case "ì", "í", "î", "ï": "i"
        case "ñ": "n"
        case "ò", "ó", "ô", "õ", "ö", "ø": "o"
        case "ù", "ú", "û", "ü": "u"
        case "ß": "ss"
        default: String(scalar)
        }
    }

    /// A search text read once: the name, and what follows a comma.
    struct Query {
        let name: String
        let qualifiers: [String]

        init(_ text: String) {
            let parts = text.split(separator: ",").map { PlaceName.folded(String($0)) }.filter { !$0.isEmpty }
            name = parts.first ?? ""
            qualifiers = Array(parts.dropFirst())
        }

        func matches(_ place: Place) -> Bool {
            if let postcode = place.postcode, PlaceName.folded(postcode) == name, qualifiers.isEmpty { return true }
            guard PlaceName.folded(place.name) == name else { return false }
            let known = [place.admin, place.adminName, place.country, place.countryCode].compactMap { $0 }.map(PlaceName.folded)
            return qualifiers.allSatisfy { qualifier in
                known.contains(qualifier) || (place.postcode.map(PlaceName.folded) == qualifier)
                    || (qualifier == "usa" && place.countryCode == "US")
            }
        }
    }
}
