import Kernel
import Scrape
import Services

/// `--transit "NAME static=… trip-updates=… alerts=… vehicle-positions=…"`: one agency, or several
/// joined by `;`; `bart` alone is BART's own feeds, `off` none. The first given replaces the default.
enum TransitSettings {
    static func apply(_ text: String, to settings: inout Settings) throws(ConfigurationError) {
        if !settings.transitGiven {
            settings.transit = []
            settings.transitGiven = true
        }
        for part in text.split(separator: ";") {
            let words = part.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let first = words.first else { continue }
            let name = String(first)
            if name == "off", words.count == 1 {
                settings.transit = []
                continue
            }
            guard name.utf8.count <= 40, !name.isEmpty, name.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }) else {
                throw .invalidValue("transit", String(part), "an agency name (lowercase letters, digits, hyphens) followed by static=… and the feeds")
            }
            guard !settings.transit.contains(where: { $0.name == name }) else { throw ConfigurationError(description: "transit: the agency \(name) is given twice") }
            if name == "bart", words.count == 1 {
                settings.transit.append(.bart)
                continue
            }
            var agency = TransitAgency(name: name, staticFeed: "")
            for word in words.dropFirst() {
                guard let equals = word.firstIndex(of: "=") else { throw .invalidValue("transit \(name)", String(word), "a key=value setting") }
                let key = String(word[..<equals]), value = String(word[word.index(after: equals)...])
                let url = { () throws(ConfigurationError) -> String in
                    guard value.hasPrefix("http://") || value.hasPrefix("https://"), Address(value) != nil, value.utf8.count <= 2048 else {
                        throw .invalidValue("transit \(name) \(key)", value, "an absolute http or https URL")
                    }
                    return value
                }
                switch key {
                case "static":
                    guard !value.isEmpty, value.utf8.count <= 2048, !value.contains("\0") else {
                        throw .invalidValue("transit \(name) static", value, "a URL or a file's path")
                    }
                    agency.staticFeed = value.hasPrefix("http://") || value.hasPrefix("https://") ? try url() : value
                case "trip-updates": agency.tripUpdates = try url()
                case "alerts": agency.alerts = try url()
                case "vehicle-positions": agency.vehiclePositions = try url()
                default: throw ConfigurationError(description: "transit \(name): unknown setting \"\(key)\" (static, trip-updates, alerts, vehicle-positions)")
                }
            }
            guard !agency.staticFeed.isEmpty else { throw ConfigurationError(description: "transit \(name): static=URL|FILE is required") }
            settings.transit.append(agency)
        }
    }
}
