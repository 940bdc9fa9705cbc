import Model
@testable import Sandbox
import Scrape

/// A small station list and the timetable made from it, shared by the tests.
enum TestTimetable {
    static let bern = Station(id: "8507000", name: "Bern", latitude: 46.948825, longitude: 7.439122, locality: "Bern")
    static let zurich = Station(id: "8503000", name: "Zürich HB", latitude: 47.378177, longitude: 8.540192, locality: "Zürich")
    static let basel = Station(id: "8500010", name: "Basel SBB", latitude: 47.547412, longitude: 7.589563, locality: "Basel")
    static let thun = Station(id: "8507100", name: "Thun", latitude: 46.754853, longitude: 7.629606, locality: "Thun")
    static let baden = Station(id: "8503504", name: "Baden", latitude: 47.476424, longitude: 8.307689, locality: "Baden")
    static let olten = Station(id: "8500218", name: "Olten", latitude: 47.351935, longitude: 7.907699, locality: "Olten")
    /// A hub far enough from Zürich for journeys longer than the clock change's hour.
    static let geneve = Station(id: "8501008", name: "Genève", latitude: 46.210219, longitude: 6.142435, locality: "Genève")
    /// 15 km from Baden but Olten's: the hubs would take a long way round.
    static let lenzburg = Station(id: "8502119", name: "Lenzburg", latitude: 47.391780, longitude: 8.169580, locality: "Lenzburg")
    /// 570 m from Bern station: walked.
    static let bernRathaus = Station(
        id: "8950001", name: "Bern, Rathaus", latitude: 46.944190, longitude: 7.442438, locality: "Bern", kind: .bus)
    /// 1.3 km from Thun station: a bus.
    static let thunRathaus = Station(
        id: "8950002", name: "Thun, Rathaus", latitude: 46.751900, longitude: 7.613101, locality: "Thun", kind: .bus)
    static let paradeplatz = Station(
        id: "8950011", name: "Zürich, Paradeplatz", latitude: 47.369600, longitude: 8.539000, locality: "Zürich", kind: .tram)
    /// A bus stop 1 km from Baden station.
    static let badenKappelerhof = Station(
        id: "8950030", name: "Baden, Kappelerhof", latitude: 47.482600, longitude: 8.296100, locality: "Baden", kind: .bus)

    static let stations = [
        bern, zurich, basel, thun, baden, olten, geneve, lenzburg, bernRathaus, thunRathaus, paradeplatz, badenKappelerhof,
    ]

    static let model = TimetableModel(stations: stations)
    static let service = ExtXMLService(model: model)

    /// A reading; the tests only use valid ones.
    static func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> LocalDateTime {
        LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute)!
    }

    /// The repository's `Routes/` folder, found from this file's path.
    static var routesDirectory: String {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)  // Support/TestTimetable.swift, SandboxTests, Tests
        return parts.joined(separator: "/") + "/Routes"
    }

    /// The repository's routes, loaded once.
    static let routes: RouteCatalog = {
        do {
            return try RouteCatalog.load(from: routesDirectory)
        } catch {
            fatalError("the repository's routes do not load: \(error)")
        }
    }()

    /// The bytes of a text in ISO-8859-1 (every character of the tests' texts is in it).
    static func latin1(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { UInt8($0.value) }
    }

    /// ISO-8859-1 bytes as text.
    static func text(latin1 bytes: [UInt8]) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
