/// The Swiss stations the service knows offline.
///
/// Real stops (UIC/DIDOK numbers `85xxxxx`, names and positions as SBB, OJP and search.ch
/// answered in recorded responses), one stop per Swiss town from GeoNames where no real stop
/// stands for it (synthetic ids `8900001…`), and a few synthetic extra stops (`8950001…`): the
/// `Rathaus` stops of several towns, tram, ship and cableway stops. `scripts/derive-stations.py`
/// derives the table in `SwissStations+Data.swift`; NOTICE names the sources.
///
/// ```swift
/// let bern = SwissStations.all.first { $0.id == "8507000" }   // Bern, 46.94883, 7.43912
/// ```
public enum SwissStations {
    /// Every station, sorted by id, ids unique; parsed on first use.
    public static let all: [Station] = parse(table)

    /// The stations of a table with one station a line: id, name, latitude, longitude, locality
    /// and kind (`train`, `tram`, `bus`, `ship`, `cableway`), separated by tabs.
    ///
    /// Lines without six fields, with an empty id or name, a position off the globe or an
    /// unknown kind are skipped; of several lines with one id the first is kept. The result is
    /// sorted by id.
    public static func parse(_ tsv: String) -> [Station] {
        var stations: [Station] = []
        for line in tsv.split(whereSeparator: \.isNewline) {
            if let station = station(line) { stations.append(station) }
        }
        // Sorting the positions keeps the first of equal ids whatever the sort's stability.
        let order = stations.indices.sorted { (stations[$0].id, $0) < (stations[$1].id, $1) }
        var unique: [Station] = []
        unique.reserveCapacity(stations.count)
        for index in order where unique.last?.id != stations[index].id {
            unique.append(stations[index])
        }
        return unique
    }

    private static func station(_ line: Substring) -> Station? {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 6,
              let latitude = Double(fields[2]), let longitude = Double(fields[3]),
              (-90.0...90.0).contains(latitude), (-180.0...180.0).contains(longitude),
              let kind = Station.Kind(rawValue: String(fields[5]))
        else { return nil }
        let id = String(fields[0]), name = String(fields[1])
        guard !id.isEmpty, !id.contains(" "), !name.allSatisfy(\.isWhitespace) else { return nil }
        return Station(id: id, name: name, latitude: latitude, longitude: longitude, locality: String(fields[4]), kind: kind)
    }
}
