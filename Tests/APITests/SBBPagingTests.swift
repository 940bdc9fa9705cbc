import Foundation
import HTTPTesting
import Model
import Sandbox
import Services
import Testing
import Kernel

/// `earlier` and `later` through a whole day, for every provider, on the real server against the
/// sandbox timetable; cursors that are not this query's are refused; the order of a page.
@Suite("SBB paging with cursors", .serialized)
struct SBBPagingTests {
    typealias App = TimetableApp

    static let connections = "/api/sbb/from/Bern/to/Z%C3%BCrich%20HB.json"
    static let board = "/api/sbb/stationboard/Bern.json"
    static let dayEnd = "2026-05-13T00:00"

    /// The document's one schedule (or board) object.
    static func page(_ live: LiveApp, _ target: String, board: Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        let response = try await App.get(live, target, sourceLocation: sourceLocation)
        try #require(response.status == 200, "\(target): \(response.text.prefix(300))", sourceLocation: sourceLocation)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        if board { return try #require(object["stationboard"] as? [String: Any]) }
        return try #require((object["schedules"] as? [[String: Any]])?.first)
    }

    /// What tells one link (or journey) from another: its planned times and its runs.
    static func identity(_ item: [String: Any], board: Bool) -> String {
        if board { return ["time", "line", "number", "direction"].map { item[$0] as? String ?? "" }.joined(separator: " ") }
        let parts = item["parts"] as? [[String: Any]] ?? []
        return ([item["departure"], item["arrival"]].map { $0 as? String ?? "" } + parts.map { "\($0["departure"] ?? "") \($0["line"] ?? "")" })
            .joined(separator: " ")
    }

    static func items(_ page: [String: Any], board: Bool) -> [[String: Any]] {
        (board ? page["journeys"] : page["links"]) as? [[String: Any]] ?? []
    }

    /// Pages from `first` by `later` until one starts past the day, then back by `earlier` to
    /// the first page; the items seen each way, in order.
    static func walk(_ live: LiveApp, _ path: String, first query: String, board: Bool) async throws -> (forward: [String], backward: [String], pages: Int) {
        var page = try await Self.page(live, "\(path)?\(query)&realtime=annotate", board: board)
        var forward = items(page, board: board).map { identity($0, board: board) }
        var pages = 1
        while pages < 60 {
            let cursor = try #require(page["later"] as? String)
            page = try await Self.page(live, "\(path)?cursor=\(cursor)&realtime=annotate&\(query)", board: board)
            pages += 1
            let shown = items(page, board: board).map { identity($0, board: board) }
            #expect(!shown.isEmpty)
            forward += shown
            if shown.first.map({ $0 >= dayEnd }) ?? true { break }
        }
        // Back until the first item walked is on a page again: pages group the items their own
        // way going back, so the last one may reach before it.
        var backward = items(page, board: board).map { identity($0, board: board) }
        for _ in 0..<2 * pages where !backward.contains(forward[0]) {
            let cursor = try #require(page["earlier"] as? String)
            page = try await Self.page(live, "\(path)?cursor=\(cursor)&realtime=annotate&\(query)", board: board)
            backward = items(page, board: board).map { identity($0, board: board) } + backward
        }
        return (forward, Array(backward.drop { $0 != forward[0] }), pages)
    }

    @Test("later walks Bern → Zürich HB through 2026-05-12 without a gap or a repeat, and earlier walks it back", arguments: TimetableProvider.allCases)
    func connectionsThroughADay(_ provider: TimetableProvider) async throws {
        let model = try await App.model
        let bern = try #require(model.station(id: "8507000")), zurich = try #require(model.station(id: "8503000"))
        try await App.with(provider) { live in
            let walked = try await Self.walk(live, Self.connections, first: "date=2026-05-12&time=00:00&limit=4", board: false)
            #expect(walked.pages > 5)
            #expect(Set(walked.forward).count == walked.forward.count, "no link is shown twice")
            #expect(walked.forward == walked.forward.sorted(), "each page follows the one before")
            // Items at the same minute may come in another order on another page grouping.
            #expect(walked.backward.sorted() == walked.forward.sorted(), "earlier walks back over the same links")
            // No gap: whatever the timetable has from any hour of the day is among the links walked.
            let seen = Set(walked.forward.map { $0.prefix(51) })
            for hour in 0..<24 {
                let at = LocalDateTime(year: 2026, month: 5, day: 12, hour: hour, minute: 0)!
                for connection in try model.connections(from: bern, to: zurich, at: at, limit: 2) {
                    let key = connection.departure.time.iso8601 + " " + connection.arrival.time.iso8601
                    guard key < "2026-05-12T23" else { continue }
                    #expect(seen.contains(Substring(key)), "\(provider): \(key) is on no page")
                }
            }
        }
    }

    @Test("later walks the Bern board through 2026-05-12 without a gap or a repeat, and earlier walks it back", arguments: TimetableProvider.allCases)
    func boardThroughADay(_ provider: TimetableProvider) async throws {
        let model = try await App.model
        let bern = try #require(model.station(id: "8507000"))
        try await App.with(provider) { live in
            let walked = try await Self.walk(live, Self.board, first: "datetime=2026-05-12T00:00&limit=40", board: true)
            #expect(walked.pages > 5)
            #expect(Set(walked.forward).count == walked.forward.count, "no journey is shown twice")
            let times = walked.forward.map { $0.prefix(25) }
            #expect(times == times.sorted(), "each page follows the one before")
            // Items at the same minute may come in another order on another page grouping.
            #expect(walked.backward.sorted() == walked.forward.sorted(), "earlier walks back over the same journeys")
            let seen = Set(walked.forward.map { $0.prefix(25) })
            for hour in 0..<23 {
                let at = LocalDateTime(year: 2026, month: 5, day: 12, hour: hour, minute: 0)!
                for entry in try model.departures(at: bern, from: at, limit: 5) {
                    #expect(seen.contains(Substring(entry.stop.time.iso8601)), "\(provider): \(entry.stop.time.iso8601) is on no page")
                }
            }
        }
    }

    @Test("a damaged, made-up or foreign cursor is a 400 invalid_cursor, never a 500")
    func badCursors() async throws {
        try await App.with(.opendata) { live in
            let first = try await Self.page(live, "\(Self.connections)?date=2026-05-12&time=07:00", board: false)
            let later = try #require(first["later"] as? String)
            let board = try await Self.page(live, "\(Self.board)?datetime=2026-05-12T07:00", board: true)
            let boardLater = try #require(board["later"] as? String)
            var damaged = Array(later)
            damaged[10] = damaged[10] == "A" ? "B" : "A"
            let refused = [
                "\(Self.connections)?cursor=\(String(damaged))",
                "\(Self.connections)?cursor=\(later.dropLast(2))",
                "\(Self.connections)?cursor=\(later)AAAA",
                "\(Self.connections)?cursor=not+a+cursor",
                "\(Self.connections)?cursor=\(String(repeating: "A", count: 500))",
                "/api/sbb/from/Bern/to/Basel%20SBB.json?cursor=\(later)",
                "\(Self.connections)?transport=bus&cursor=\(later)",
                "\(Self.connections)?cursor=\(boardLater)",
                "\(Self.board)?cursor=\(later)",
                "\(Self.board)?type=arrival&cursor=\(boardLater)",
                "/api/sbb/stationboard/Thun.json?cursor=\(boardLater)",
            ]
            for target in refused {
                let response = try await live.get(target)
                #expect(response.status == 400, "\(target)")
                #expect(response.text.contains("\"code\":\"invalid_cursor\""), "\(target): \(response.text.prefix(200))")
            }
            // The cursor is this schedule's wherever it stands among the pairs.
            let pairs = try await live.get("/api/sbb/from/Thun;Bern/to/Basel%20SBB;Z%C3%BCrich%20HB.json?cursor=\(later)")
            #expect(pairs.status == 200)
        }
    }

    @Test("the default order is the predicted time; realtime=annotate keeps the planned order", arguments: [TimetableProvider.ojp, .opendata])
    func order(_ provider: TimetableProvider) async throws {
        try await App.with(provider) { live in
            let target = "\(Self.board)?datetime=2026-05-12T06:00&limit=40"
            let predicted = Self.items(try await Self.page(live, target, board: true), board: true)
            let annotated = Self.items(try await Self.page(live, target + "&realtime=annotate", board: true), board: true)
            #expect(Set(predicted.map { Self.identity($0, board: true) }) == Set(annotated.map { Self.identity($0, board: true) }))
            let planned = annotated.compactMap { $0["time"] as? String }
            #expect(planned == planned.sorted())
            let expected = predicted.map { ($0["time_predicted"] ?? $0["time"]) as? String ?? "" }
            #expect(expected == expected.sorted())
            // The day's delays reorder the board somewhere, or the two orders would be one test.
            #expect(predicted.map { Self.identity($0, board: true) } != annotated.map { Self.identity($0, board: true) })
        }
    }
}
