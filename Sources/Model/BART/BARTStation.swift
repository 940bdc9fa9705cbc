/// A BART station: its abbreviation (`EMBR`), name, position and, when known, its street address.
public struct BARTStation: Sendable, Equatable, Hashable {
    /// The four-character abbreviation the feeds use, upper case.
    public let abbr: String
    public let name: String
    /// WGS 84 coordinates in degrees.
    public let latitude: Double
    public let longitude: Double
    /// Street address, city and ZIP code; empty when not known.
    public let address: String
    public let city: String
    public let zipcode: String

    /// A station a feed names that the station list lacks: its abbreviation and name, no position or address.
    public static func unlisted(abbr: String, name: String) -> BARTStation {
        BARTStation(abbr: abbr, name: name, latitude: 0, longitude: 0, address: "", city: "", zipcode: "")
    }

    /// Whether it is a station the list lacks (``unlisted(abbr:name:)``), without a position.
    public var isUnlisted: Bool { latitude == 0 && longitude == 0 && address.isEmpty }

    /// The station as the station directory keeps it: the abbreviation is its id.
    public var station: Station {
        Station(id: abbr, name: name, latitude: latitude, longitude: longitude, locality: city, kind: .train)
    }
}

/// The BART stations the service knows offline: the 50 stations of BART's station list with
/// their GTFS positions and addresses. `scripts/derive-bart-stations.py` derives the table in
/// `BARTStations+Data.swift`; NOTICE names the source.
///
/// ```swift
/// let embarcadero = BARTStations.byAbbr["EMBR"]   // Embarcadero, 37.792874, -122.397020
/// ```
public enum BARTStations {
    /// Every station, sorted by abbreviation.
    public static let all: [BARTStation] = parse(table)

    /// The stations by abbreviation.
    public static let byAbbr: [String: BARTStation] = Dictionary(all.map { ($0.abbr, $0) }, uniquingKeysWith: { first, _ in first })

    /// The stations of a tab-separated table (abbreviation, name, latitude, longitude, address,
    /// city, ZIP code); lines without seven fields or with a position off the globe are skipped.
    public static func parse(_ tsv: String) -> [BARTStation] {
        tsv.split(whereSeparator: \.isNewline).compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 7, !fields[0].isEmpty, !fields[1].isEmpty,
                let latitude = Double(fields[2]), let longitude = Double(fields[3]),
                (-90...90).contains(latitude), (-180...180).contains(longitude)
            else { return nil }
            return BARTStation(
                abbr: fields[0], name: fields[1], latitude: latitude, longitude: longitude, address: fields[4], city: fields[5], zipcode: fields[6])
        }.sorted { $0.abbr < $1.abbr }
    }
}
