public import Model

/// Finds stations by name the way a timetable's search box does: case and accents do not
/// matter, `ue` finds `ü`, a town's name finds its main station, and better matches score higher.
///
/// Names are folded once, to bytes, so that a lookup over a few thousand stations is a scan of
/// short byte strings.
struct StationSearch: Sendable {
    /// Per station: its name folded with `ü` → `u`, and with `ü` → `ue` (empty when that is the
    /// same bytes), in one buffer each.
    private let plain: FoldedNames
    private let spelled: FoldedNames
    /// For each folded name (of either folding), the station of that name that ranks first,
    /// sorted by name: an entry is the station's position shifted left by one, its low bit the
    /// folding (0 plain, 1 spelled).
    private let exact: [UInt32]
    /// Folded town name → (the town as written, its main railway station).
    private let towns: [String: (name: String, station: Int32)]
    /// Per station, what orders equal scores: railway stations first, hubs first, short names first.
    private let rank: [Rank]

    struct Rank {
        let kind: UInt8, hub: UInt8, length: UInt16
    }

    init(network: Network) {
        let stations = network.stations
        let plain = FoldedNames(stations.map { Self.fold($0.name, umlauts: false) })
        // A name without umlauts shares its one folding.
        let spelled = FoldedNames(stations.indices.map { index in
            let folded = Self.fold(stations[index].name, umlauts: true)
            return plain[index].elementsEqual(folded) ? [] : folded
        })
        let hubs = Set(network.hubs)
        let rank = stations.indices.map { index in
            Rank(kind: stations[index].kind == .train ? 0 : 1, hub: hubs.contains(index) ? 0 : 1,
                 length: UInt16(clamping: stations[index].name.count))
        }
        // Every name sorted, equal names in rank order (its plain folding before a station's
        // spelled one), then each name once: the first, the station that ranks first.
        var place = [Int](repeating: 0, count: stations.count)
        let ranked = stations.indices.sorted { (rank[$0].kind, rank[$0].hub, $0) < (rank[$1].kind, rank[$1].hub, $1) }
        for (order, index) in ranked.enumerated() { place[index] = order }
        var entries = stations.indices.flatMap { index in
            spelled[index].isEmpty ? [UInt32(index) << 1] : [UInt32(index) << 1, UInt32(index) << 1 | 1]
        }
        entries.sort { first, second in
            let a = Self.key(first, plain, spelled), b = Self.key(second, plain, spelled)
            if !a.elementsEqual(b) { return a.lexicographicallyPrecedes(b) }
            return (place[Int(first >> 1)], first & 1) < (place[Int(second >> 1)], second & 1)
        }
        var exact: [UInt32] = []
        for entry in entries where exact.last.map({ !Self.key($0, plain, spelled).elementsEqual(Self.key(entry, plain, spelled)) }) ?? true {
            exact.append(entry)
        }
        var towns: [String: (name: String, station: Int32)] = [:]
        for (index, station) in stations.enumerated() where station.kind == .train && !station.locality.isEmpty {
            let town = Self.fold(station.locality, umlauts: false)
            let key = String(decoding: town, as: UTF8.self)
            // The hub of the town, else the station named like it, else the first.
            let order = { (candidate: Int) -> (Int, Int, Int) in
                (hubs.contains(candidate) ? 0 : 1, plain[candidate].elementsEqual(town) ? 0 : 1, candidate)
            }
            if let current = towns[key], order(Int(current.station)) <= order(index) { continue }
            towns[key] = (station.locality, Int32(index))
        }
        self.plain = plain
        self.spelled = spelled
        self.rank = rank
        self.exact = exact
        self.towns = towns
    }

    /// The bytes an `exact` entry stands for.
    private static func key(_ entry: UInt32, _ plain: FoldedNames, _ spelled: FoldedNames) -> ArraySlice<UInt8> {
        entry & 1 == 0 ? plain[Int(entry >> 1)] : spelled[Int(entry >> 1)]
    }

    /// The station whose folded name is `folded`, the one that ranks first among equals.
    private func station(named folded: [UInt8]) -> Int? {
        var low = 0, high = exact.count
        while low < high {
            let middle = (low + high) / 2
            if Self.key(exact[middle], plain, spelled).lexicographicallyPrecedes(folded) { low = middle + 1 } else { high = middle }
        }
        guard low < exact.count, Self.key(exact[low], plain, spelled).elementsEqual(folded) else { return nil }
        return Int(exact[low] >> 1)
    }

    private func town(_ folded: [UInt8]) -> (name: String, station: Int)? {
        towns[String(decoding: folded, as: UTF8.self)].map { ($0.name, Int($0.station)) }
    }

    /// The station a name means: the one of that name, the main station of the town of that
    /// name, or the best match.
    func resolve(_ query: String, in network: Network) -> Int? {
        let folded = Self.fold(query, umlauts: false)
        if let index = station(named: folded) ?? town(folded)?.station { return index }
        return matches(query, in: network, limit: 1).first.flatMap { network.index[Network.key($0.station.id)] }
    }

    /// Stations matching a query, best first.
    func matches(_ query: String, in network: Network, limit: Int) -> [StationMatch] {
        let folded = Self.fold(query, umlauts: false)
        guard !folded.isEmpty, limit > 0 else { return [] }
        var found: [(index: Int, name: String, score: Int)] = []
        if folded.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let index = network.index[Network.key(String(decoding: folded, as: UTF8.self))] {
            found.append((index, network.stations[index].name, 100))
        }
        if let town = town(folded), !plain[town.station].elementsEqual(folded) {
            found.append((town.station, town.name, 100))
        }
        for index in 0..<plain.count {
            let name = plain[index], other = spelled[index]
            let score = max(Self.score(folded, name), other.isEmpty ? 0 : Self.score(folded, other))
            if score > 0 { found.append((index, network.stations[index].name, score)) }
        }
        func order(_ item: (index: Int, name: String, score: Int)) -> (Int, Int, Int, Int, String) {
            let rank = rank[item.index]
            let length = item.name == network.stations[item.index].name ? Int(rank.length) : item.name.count
            return (-item.score, Int(rank.kind), Int(rank.hub), length, item.name)
        }
        return found.sorted { order($0) < order($1) }.prefix(limit).map {
            StationMatch(station: network.stations[$0.index], name: $0.name, score: $0.score)
        }
    }

    /// 100 for the same name; 91–99 for a name whose first words are the query (`Zürich HB`
    /// for `Zürich`); 81–89 for one whose first word starts with it (`Bernex` for `Bern`);
    /// 71–79 when a later word does; 60 for a name that contains it; 0 otherwise. Longer names
    /// score a little less.
    static func score(_ query: [UInt8], _ name: ArraySlice<UInt8>) -> Int {
        guard name.count >= query.count, let first = query.first else { return 0 }
        if name.elementsEqual(query) { return 100 }
        guard name.count > query.count else { return 0 }
        let longer = min(8, (name.count - query.count) / 4)
        let base = name.startIndex
        if name.starts(with: query) { return (name[base + query.count] == 0x20 ? 99 : 89) - longer }
        var containing = false
        for start in (base + 1)...(base + name.count - query.count)
        where name[start] == first && name[start..<(start + query.count)].elementsEqual(query) {
            if name[start - 1] == 0x20 { return 79 - longer }
            containing = true
        }
        return containing ? 60 : 0
    }

    /// Lowercase, accents removed (`umlauts`: `ä` `ö` `ü` as `ae` `oe` `ue`), anything but
    /// letters and digits a single space; as UTF-8.
    static func fold(_ text: String, umlauts: Bool) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        func append(_ letters: some Sequence<UInt8>) {
            if pendingSpace { output.append(0x20) }
            pendingSpace = false
            output.append(contentsOf: letters)
        }
        for original in text.unicodeScalars {
            // ASCII, nearly every character of a station name, without Unicode's tables.
            if original.isASCII {
                switch UInt8(original.value) {
                case let byte where (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte): append(CollectionOfOne(byte))
                case let byte where (0x41...0x5A).contains(byte): append(CollectionOfOne(byte + 0x20))
                default: pendingSpace = !output.isEmpty
                }
                continue
            }
            for scalar in original.properties.lowercaseMapping.unicodeScalars {
                let letters: String
                switch scalar {
                case "à", "á", "â", "ã", "å": letters = "a"
                case "ä": letters = umlauts ? "ae" : "a"
                case "æ": letters = "ae"
                case "ç": letters = "c"
                case "è", "é", "ê", "ë": letters = "e"
                case "ì", "í", "î", "ï": letters = "i"
                case "ñ": letters = "n"
                case "ò", "ó", "ô", "õ", "ø": letters = "o"
                case "ö": letters = umlauts ? "oe" : "o"
                case "œ": letters = "oe"
                case "ù", "ú", "û": letters = "u"
                case "ü": letters = umlauts ? "ue" : "u"
                case "ý", "ÿ": letters = "y"
                case "ß": letters = "ss"
                default:
                    guard scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) else {
                        pendingSpace = !output.isEmpty
                        continue
                    }
                    letters = String(scalar)
                }
                append(letters.utf8)
            }
        }
        return output
    }
}

extension TimetableModel {
    /// Stations matching a name (or an id), best first, as a HAFAS location lookup lists them.
    public func matches(for query: String, limit: Int = 40) -> [StationMatch] {
        search.matches(query, in: network, limit: limit)
    }

    /// The station a name or id means: the station with that id or name, the main station of
    /// the town of that name, else the best match; nil when nothing matches.
    public func resolve(_ query: String) -> Station? {
        if query.allSatisfy({ $0.isNumber || $0 == "#" }), let station = station(id: query) { return station }
        return search.resolve(query, in: network).map { network.stations[$0] }
    }
}

/// Byte strings kept one after another in one buffer, by position: one allocation for all.
struct FoldedNames: Sendable {
    private let bytes: [UInt8]
    /// Where each string starts in `bytes`, and where the last ends.
    private let starts: [UInt32]

    init(_ names: [[UInt8]]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(names.reduce(0) { $0 + $1.count })
        var starts: [UInt32] = [0]
        starts.reserveCapacity(names.count + 1)
        for name in names {
            bytes.append(contentsOf: name)
            starts.append(UInt32(bytes.count))
        }
        self.bytes = bytes
        self.starts = starts
    }

    var count: Int { starts.count - 1 }

    subscript(index: Int) -> ArraySlice<UInt8> {
        bytes[Int(starts[index])..<Int(starts[index + 1])]
    }
}
