internal import EmbeddedFiles

/// The Swiss stations the service knows offline.
///
/// Every stop of the official DiDok list (2023-04, "Source: opentransportdata.swiss"): 26,641
/// railway stations and tram, bus, ship and cableway stops with their 7-digit numbers
/// (`85xxxxx`), official names and positions, plus the few stops of the recorded upstream
/// responses that the list lacks, under their real numbers. `scripts/derive-stations.py`
/// derives the table, `EmbeddedFiles` embeds it in the binary; NOTICE names the sources.
///
/// ```swift
/// let bern = SwissStations.all.first { $0.id == "8507000" }   // Bern, 46.94883, 7.43913
/// ```
public enum SwissStations {
    /// Every station, sorted by id, ids unique; parsed on first use. The table's pages are then
    /// given back: they would stay resident (1.5 MiB) for nothing.
    public static let all: [Station] = {
        let stations = parse(bytes: embeddedBytes)
        _ = embedded_release(embedded_stations())
        return stations
    }()

    /// The SHA-256 of the embedded table, in hex: it names the data version.
    public static var digest: String { String(cString: embedded_stations().sha256) }

    /// The embedded table's bytes, in the binary's read-only data.
    static var embeddedBytes: UnsafeBufferPointer<UInt8> {
        let file = embedded_stations()
        return UnsafeBufferPointer(start: file.bytes, count: file.count)
    }

    /// The stations of a table with one station a line: id, name, latitude, longitude, locality
    /// and kind (`train`, `tram`, `bus`, `ship`, `cableway`), separated by tabs.
    ///
    /// Lines starting with `#` are comments. Lines without six fields, with an empty id or
    /// name, a position off the globe or an unknown kind are skipped; of several lines with one
    /// id the first is kept. The result is sorted by id.
    public static func parse(_ tsv: String) -> [Station] {
        var text = tsv
        return text.withUTF8 { parse(bytes: $0) }
    }

    /// `parse(_:)` over UTF-8 bytes; invalid UTF-8 becomes U+FFFD.
    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> [Station] {
        var stations: [Station] = []
        stations.reserveCapacity(bytes.count / 60)
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            if let station = station(UnsafeBufferPointer(rebasing: bytes[start..<end])) { stations.append(station) }
            start = end + 1
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

    private static func station(_ line: UnsafeBufferPointer<UInt8>) -> Station? {
        guard line.first != 0x23 else { return nil }  // `#`
        var fields: [String] = []
        fields.reserveCapacity(6)
        var start = 0
        for index in 0...line.count where index == line.count || line[index] == 0x09 {
            guard fields.count < 6 else { return nil }
            // A line ending in CR LF keeps the CR out of its last field.
            let end = index == line.count && index > start && line[index - 1] == 0x0D ? index - 1 : index
            fields.append(String(decoding: UnsafeBufferPointer(rebasing: line[start..<end]), as: UTF8.self))
            start = index + 1
        }
        guard fields.count == 6,
              let latitude = Double(fields[2]), let longitude = Double(fields[3]),
              (-90.0...90.0).contains(latitude), (-180.0...180.0).contains(longitude),
              let kind = Station.Kind(rawValue: fields[5])
        else { return nil }
        let id = fields[0], name = fields[1]
        guard !id.isEmpty, !id.contains(" "), !name.allSatisfy(\.isWhitespace) else { return nil }
        return Station(id: id, name: name, latitude: latitude, longitude: longitude, locality: fields[4], kind: kind)
    }
}
