import Model
@testable import Sandbox
import Scrape

/// A small station list and the timetable made from it, shared by the tests: real stops of the
/// embedded DiDok list, with their ids, names and positions.
enum TestTimetable {
    static let bern = Station(id: "8507000", name: "Bern", latitude: 46.94883, longitude: 7.43913, locality: "Bern")
    static let zurich = Station(id: "8503000", name: "Zürich HB", latitude: 47.37818, longitude: 8.54021, locality: "Zürich")
    static let basel = Station(id: "8500010", name: "Basel SBB", latitude: 47.54741, longitude: 7.58956, locality: "Basel")
    static let thun = Station(id: "8507100", name: "Thun", latitude: 46.75485, longitude: 7.62961, locality: "Thun")
    static let baden = Station(id: "8503504", name: "Baden", latitude: 47.47642, longitude: 8.30771, locality: "Baden")
    static let olten = Station(id: "8500218", name: "Olten", latitude: 47.35193, longitude: 7.90770, locality: "Olten")
    /// A hub far enough from Zürich for journeys longer than the clock change's hour.
    static let geneve = Station(id: "8501008", name: "Genève", latitude: 46.21021, longitude: 6.14245, locality: "Genève")
    /// 15 km from Baden but Olten's: the hubs would take a long way round.
    static let lenzburg = Station(id: "8502119", name: "Lenzburg", latitude: 47.39120, longitude: 8.17039, locality: "Lenzburg")
    /// 50 m from Bern station: the first stop of Bern's bus lines, walked to from the station.
    static let bernHauptbahnhof = Station(
        id: "8507785", name: "Bern, Hauptbahnhof", latitude: 46.94900, longitude: 7.43853, locality: "Bern", kind: .bus)
    /// 550 m from Bern station: walked.
    static let bernHenkerbrunnli = Station(
        id: "8590027", name: "Bern, Henkerbrünnli", latitude: 46.95378, longitude: 7.43912, locality: "Bern", kind: .bus)
    /// 1 km from Bern station: a bus from Bern, Hauptbahnhof.
    static let bernRathaus = Station(
        id: "8590032", name: "Bern, Rathaus", latitude: 46.94805, longitude: 7.45266, locality: "Bern", kind: .bus)
    /// 1.3 km from Thun station: a bus from the station.
    static let thunMartinstrasse = Station(
        id: "8576838", name: "Thun, Martinstrasse", latitude: 46.74915, longitude: 7.61438, locality: "Thun", kind: .bus)
    static let paradeplatz = Station(
        id: "8591299", name: "Zürich, Paradeplatz", latitude: 47.36973, longitude: 8.53892, locality: "Zürich", kind: .tram)
    /// A bus stop 1.8 km from Baden station, the nearest railway station here; the other `Rathaus`.
    static let wettingenRathaus = Station(
        id: "8590302", name: "Wettingen, Rathaus", latitude: 47.46411, longitude: 8.32428, locality: "Wettingen", kind: .bus)

    static let stations = [
        bern, zurich, basel, thun, baden, olten, geneve, lenzburg, bernHauptbahnhof, bernHenkerbrunnli, bernRathaus,
        thunMartinstrasse, paradeplatz, wettingenRathaus,
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
