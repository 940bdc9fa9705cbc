import Foundation
import Model
@testable import Sandbox
import Testing

/// Each real-time state where transport.opendata.ch's v1 JSON writes it: a stop's `delay`
/// (0 on time, null without real-time) and `prognosis` (times, a changed platform).
@Suite("transport.opendata.ch real-time")
struct OpendataRealtimeTests {
    typealias T = TestTimetable

    static func json(_ run: OpendataRouteRun) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.answer.body)) as? [String: Any])
    }

    /// The first section of the first connection Bern → Zürich HB leaving at `time`.
    static func firstSection(at time: LocalDateTime) throws -> [String: Any] {
        let run = try OpendataRouteRun("opendata-connections", OpendataRoutesTests.tripParameters(T.bern, T.zurich, time, limit: 1))
        let connections = try #require(try json(run)["connections"] as? [[String: Any]])
        return try #require((connections.first?["sections"] as? [[String: Any]])?.first)
    }

    static func passList(_ section: [String: Any]) throws -> [[String: Any]] {
        try #require((section["journey"] as? [String: Any])?["passList"] as? [[String: Any]])
    }

    @Test func aRunWithoutRealtimeHasNullDelaysAndPrognoses() throws {
        let run = try RealtimeModelTests.firstRun(after: 9)
        let section = try Self.firstSection(at: run.stop.time.local)
        let stops = try [#require(section["departure"] as? [String: Any]), #require(section["arrival"] as? [String: Any])] + Self.passList(section)
        #expect(stops.count == 5)
        for stop in stops {
            #expect(stop["delay"] is NSNull)
            let prognosis = try #require(stop["prognosis"] as? [String: Any])
            #expect(prognosis.values.allSatisfy { $0 is NSNull })
        }
    }

    @Test func aRunPredictedOnTimeHasTheDelayZero() throws {
        let board = try T.model.departures(at: T.bern, from: T.at(2026, 5, 12, 6, 0), limit: 80)
        let onTime = try #require(board.first { $0.ride.category == .interCity && $0.ride.direction == T.zurich && $0.ride.hasRealtime && !$0.ride.isCancelled && $0.stop.prognosis == $0.stop.time })
        let section = try Self.firstSection(at: onTime.stop.time.local)
        let departure = try #require(section["departure"] as? [String: Any])
        #expect(departure["delay"] as? Int == 0)
        #expect((departure["prognosis"] as? [String: Any])?["departure"] as? String == OpendataRenderer.time(onTime.stop.time))
    }

    @Test func theChangedPlatformIsThePrognosisPlatform() throws {
        let run = try RealtimeModelTests.firstRun(after: 7)
        let departure = try #require(try Self.firstSection(at: run.stop.time.local)["departure"] as? [String: Any])
        #expect(departure["platform"] as? String == run.stop.platform)
        #expect((departure["prognosis"] as? [String: Any])?["platform"] as? String == run.stop.predictedPlatform)
        // And on the board.
        let board = try OpendataRouteRun("opendata-stationboard", OpendataRoutesTests.boardParameters(T.bern, run.stop.time.local, limit: 1))
        let stop = try #require((try Self.json(board)["stationboard"] as? [[String: Any]])?.first?["stop"] as? [String: Any])
        #expect((stop["prognosis"] as? [String: Any])?["platform"] as? String == run.stop.predictedPlatform)
    }

    @Test func aLateRunsDelayGrowsInThePassList() throws {
        // The line Bern → Olten → Zürich HB grows one minute by its third stop.
        let late = try #require(try RealtimeModelTests.designatedRuns(T.model).first { $0.ride.delay > 0 && $0.ride.stops.allSatisfy(\.isPredicted) })
        let passList = try Self.passList(try Self.firstSection(at: late.stop.time.local))
        #expect(passList.map { $0["delay"] as? Int } == [late.ride.delay, late.ride.delay, late.ride.delay + 1])
    }

    /// v1 has no way to say a run skips a stop: the stop is listed as planned, without a prognosis.
    @Test func theSkippedStopIsListedWithoutAPrognosis() throws {
        let run = try RealtimeModelTests.firstRun(after: 10)
        let passList = try Self.passList(try Self.firstSection(at: run.stop.time.local))
        let olten = try #require(passList.first { ($0["station"] as? [String: Any])?["id"] as? String == T.olten.id })
        #expect(olten["delay"] is NSNull && olten["arrival"] is String)
        #expect(passList.first?["delay"] is Int && passList.last?["delay"] is Int)
    }
}
