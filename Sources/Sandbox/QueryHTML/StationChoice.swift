import Model
import Kernel

/// What a station text on the pages means: one station, several to choose from (the "Ihre
/// Eingabe ist nicht eindeutig" form), or none.
///
/// Unlike extxml, which takes the best match, the pages ask back when a name is not a station's
/// or a town's name and more than one station matches it: `Rathaus` lists `Aarau, Rathaus`,
/// `Bern, Rathaus` and the other stops so named; `Bern` and `Zürich` (the town, so Zürich HB)
/// are taken at once.
enum StationChoice: Sendable, Equatable {
    /// The text names this station.
    case station(Station)
    /// The candidates, best first.
    case ambiguous([StationMatch])
    /// Nothing matches.
    case unknown

    /// Candidates listed when a text is not unique.
    static let candidateLimit = 20
}

extension TimetableModel {
    /// The station a text on the pages means.
    ///
    /// - An id (`8507000`, `008507000`), `Name#id` (the pages' own links) or a HAFAS location id
    ///   (`A=1@O=Bern@L=008507000@`) names the station with that id.
    /// - A trailing `!` takes the best match without asking (HAFAS clients mark a chosen candidate
    ///   so); a trailing `?` (the wildcard) is dropped.
    /// - Otherwise the station or town of exactly that name, or the only match; several matches
    ///   and no exact one are ambiguous.
    func choice(for input: String) -> StationChoice {
        var text = input.trimmingSpaces
        if let id = Self.explicitID(in: text) {
            return station(id: id).map { .station($0) } ?? .unknown
        }
        var chosen = false
        while let last = text.last, last == "!" || last == "?" {
            if last == "!" { chosen = true }
            text.removeLast()
        }
        let matches = self.matches(for: text, limit: StationChoice.candidateLimit)
        guard let best = matches.first else { return .unknown }
        if chosen || best.score == 100 || matches.count == 1 { return .station(best.station) }
        return .ambiguous(matches)
    }

    /// The id in `8507000`, `Bern#8507000` or `A=1@O=Bern@X=…@L=008507000@`, if the text is one of those.
    static func explicitID(in text: String) -> String? {
        if !text.isEmpty, text.allSatisfy(\.isASCIIDigit) { return text }
        if let hash = text.lastIndex(of: "#") {
            let id = text[text.index(after: hash)...]
            if !id.isEmpty, id.allSatisfy(\.isASCIIDigit) { return String(id) }
        }
        if text.hasPrefix("A="), let range = text.firstRange(of: "@L=") {
            let id = text[range.upperBound...].prefix { $0.isASCIIDigit }
            if !id.isEmpty { return String(id) }
        }
        return nil
    }
}
