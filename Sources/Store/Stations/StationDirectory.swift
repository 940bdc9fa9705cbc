#if canImport(Glibc)
import Glibc
#endif
public import Model
import Synchronization

/// The stations of a network in SQLite: nearest stations by position, stations by name, and
/// the resolution of a name a user typed into one station.
///
/// Built once from a list of stations into an in-memory database (or a file), with an R*Tree
/// over positions and indexes over folded names (FTS5 for words, where SQLite has it). The
/// indexes answer rows; the stations themselves stay in memory by row, so a result costs no
/// further lookup, and so do their words (`WordTable`), but the folded names live only in the
/// database: the 26,644 Swiss stops cost about 9 MiB. One connection serves every thread behind
/// a `Mutex`; queries reuse prepared statements and hold the lock for microseconds.
///
/// ```swift
/// let directory = try StationDirectory(stations: SwissStations.all)
/// let near = try directory.nearest(latitude: 46.9488, longitude: 7.4391, limit: 3)   // Bern, Bern Bahnhof, …
/// let hits = try directory.search("zurich hb")                                     // Zürich HB first
/// switch try directory.resolve("Rathaus", near: (46.95, 7.44)) { … }               // .found(Bern, Rathaus)
/// ```
public final class StationDirectory: Sendable {
    /// Where the database lives and which indexes it uses.
    public struct Configuration: Sendable {
        /// A database file, rebuilt on open; nil keeps the database in memory.
        public var path: String?
        /// The index over positions.
        public var positionIndex: PositionIndex
        /// The index over names.
        public var nameIndex: NameIndex

        /// In memory, with the best indexes SQLite offers.
        public init(path: String? = nil, positionIndex: PositionIndex = .automatic, nameIndex: NameIndex = .automatic) {
            self.path = path
            self.positionIndex = positionIndex
            self.nameIndex = nameIndex
        }
    }

    /// How the directory finds names by their words.
    public enum NameIndex: String, Sendable, CaseIterable {
        /// FTS5 when SQLite has the module (Debian's has), else the columns alone.
        case automatic
        /// An FTS5 table of the folded words, queried by word prefixes. (https://www.sqlite.org/fts5.html)
        case fts5
        /// Only the indexed folded-name columns; word matches scan the names in memory.
        case columns
    }

    /// The number of stations.
    public let count: Int
    /// The position index in use (never `.automatic`).
    public let positionIndex: PositionIndex
    /// The name index in use (never `.automatic`).
    public let nameIndex: NameIndex

    /// The stations by row − 1.
    let stations: [Station]
    /// Each station's name and locality words by row − 1: word matches and spelling suggestions.
    let words: WordTable
    /// Each town's main station (row − 1), by the town's folded name.
    let towns: [String: Int]
    /// A typical distance between neighbouring stations, in metres: the first search radius.
    let spacing: Double
    /// The database; every use holds the lock.
    let connection: Mutex<Connection>

    /// Builds the directory of `stations`.
    ///
    /// Throws `invalidStation` for an empty or repeated id or a position off the globe, and
    /// `database` when SQLite fails.
    public init(stations: [Station], configuration: Configuration = .init()) throws(StationDirectoryError) {
        try Self.validate(stations)
        self.stations = stations
        var words = WordTable.Builder(), towns = Towns()
        spacing = Self.spacing(of: stations)
        count = stations.count
        let grid = Grid(cellDegrees: min(1, max(0.002, 2 * spacing / 111_195)))
        // One station's folded name at a time, straight into the database: 26,644 of them at
        // once would leave their memory scattered between the database's pages.
        let connection = try Connection(stations: stations, configuration: configuration, grid: grid) { row in
            let name = FoldedName(name: stations[row].name, locality: stations[row].locality, words: &words)
            towns.add(row: row, station: stations[row], name: name)
            return (name, words.lastText)
        }
        self.words = words.table
        self.towns = towns.mainStations
        positionIndex = connection.positionIndex
        nameIndex = connection.nameIndex
        self.connection = Mutex(connection)
    }

    /// The station with this id, if there is one.
    public func station(id: String) throws(StationDirectoryError) -> Station? {
        let row = try connection.withLock { connection throws(StationDirectoryError) in try connection.row(id: id) }
        return row.map { stations[Int($0) - 1] }
    }

    /// One bit per kind, to test a station's kind against a set of them.
    static func mask(_ kinds: some Sequence<Station.Kind>) -> Int64 {
        kinds.reduce(0) { $0 | bit($1) }
    }

    static func bit(_ kind: Station.Kind) -> Int64 {
        switch kind {
        case .train: 1
        case .tram: 2
        case .bus: 4
        case .ship: 8
        case .cableway: 16
        }
    }

    private static func validate(_ stations: [Station]) throws(StationDirectoryError) {
        var ids = Set<String>()
        for station in stations {
            guard !station.id.isEmpty, ids.insert(station.id).inserted else {
                throw StationDirectoryError(kind: .invalidStation, message: "id \"\(station.id)\" is empty or repeated")
            }
            guard (-90.0...90.0).contains(station.latitude), (-180.0...180.0).contains(station.longitude) else {
                throw StationDirectoryError(kind: .invalidStation,
                                            message: "\(station.id): position \(station.latitude), \(station.longitude) is off the globe")
            }
        }
    }

    /// The side of the square each station would have if they covered their bounding box
    /// evenly, halved: stations cluster in towns, where most queries are.
    private static func spacing(of stations: [Station]) -> Double {
        guard stations.count > 1 else { return 1000 }
        let latitudes = stations.map(\.latitude), longitudes = stations.map(\.longitude)
        let south = latitudes.min() ?? 0, north = latitudes.max() ?? 0
        let west = longitudes.min() ?? 0, east = longitudes.max() ?? 0
        let metresPerDegree = Origin.earthRadius * Origin.radiansPerDegree
        let height = (north - south) * metresPerDegree
        let width = (east - west) * metresPerDegree * cos((south + north) / 2 * Origin.radiansPerDegree)
        let area = max(height, 100) * max(width, 100)
        return max(10, (area / Double(stations.count)).squareRoot() / 2)
    }
}
