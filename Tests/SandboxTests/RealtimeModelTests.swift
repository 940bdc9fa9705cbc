import Model
@testable import Sandbox
import Testing

/// The real-time the model decides for a day: the designated runs of the Bern → Zürich HB line,
/// delays that grow along a run, prediction horizons, runs without real-time, the situations.
@Suite("Timetable real-time")
struct RealtimeModelTests {
    typealias T = TestTimetable
    let model = T.model

    /// The day's departures of the designated line from Bern, in order.
    static func designatedRuns(_ model: TimetableModel, day: Int = 12) throws -> [BoardEntry] {
        try model.departures(at: T.bern, from: T.at(2026, 5, day, 5, 0), limit: 400).filter {
            $0.ride.category == .interCity && $0.ride.direction == T.zurich && $0.stop.time.local.date.day == day
        }
    }

    /// The designated line's first run leaving Bern at or after `hour`:00.
    static func firstRun(after hour: Int, day: Int = 12, in model: TimetableModel = T.model) throws -> BoardEntry {
        try #require(try designatedRuns(model, day: day).first { $0.stop.time.local.hour >= hour })
    }

    @Test func theLineBernZurichStopsAtTheHubOnItsWay() throws {
        let run = try Self.firstRun(after: 6)
        #expect(run.ride.stops.map(\.station) == [T.bern, T.olten, T.zurich])
    }

    @Test(arguments: 10...13)
    func theDesignatedRunsShowTheirStates(day: Int) throws {
        let changed = try Self.firstRun(after: 7, day: day)
        #expect(changed.stop.time.local.hour == 7 && changed.ride.hasRealtime)
        #expect(changed.stop.platformChanged && changed.stop.predictedPlatform != nil)
        #expect(changed.ride.stops[0].predictedPlatform == changed.stop.predictedPlatform)

        let cancelled = try Self.firstRun(after: 8, day: day)
        #expect(cancelled.ride.isCancelled && cancelled.stop.prognosis == nil && cancelled.ride.stops.allSatisfy { !$0.isPredicted })

        let silent = try Self.firstRun(after: 9, day: day)
        #expect(!silent.ride.hasRealtime && !silent.ride.isCancelled)
        #expect(silent.stop.prognosis == nil && silent.stop.predictedPlatform == nil && silent.ride.delay == 0)
        #expect(silent.ride.stops.allSatisfy { !$0.isPredicted && $0.predictedPlatform == nil })

        let skipping = try Self.firstRun(after: 10, day: day)
        #expect(skipping.ride.hasRealtime && !skipping.ride.isCancelled)
        #expect(skipping.ride.stops.filter(\.isSkipped).map(\.station) == [T.olten])
        #expect(!skipping.ride.stops[0].isSkipped && !skipping.ride.stops[2].isSkipped)
        #expect(skipping.ride.stops[0].isPredicted && !skipping.ride.stops[1].isPredicted && skipping.ride.stops[2].isPredicted)
        // The other runs of the line skip nothing.
        #expect(try Self.designatedRuns(model, day: day).filter { $0.ride.stops.contains(where: \.isSkipped) }.count == 1)
    }

    @Test func onTimePredictionsAreTheTimetablesTimes() throws {
        let board = try model.departures(at: T.zurich, from: T.at(2026, 5, 12, 6, 0), limit: 200)
        let onTime = board.filter { $0.ride.hasRealtime && !$0.ride.isCancelled && $0.ride.delay == 0 && $0.stop.prognosis != nil }
        #expect(!onTime.isEmpty)
        for entry in onTime { #expect(entry.stop.prognosis == entry.stop.time && entry.stop.predictedDelay == 0) }
        let silent = board.filter { !$0.ride.hasRealtime }
        // About one run in ten has no real-time.
        #expect(silent.count * 30 > board.count && silent.count * 5 < board.count)
        #expect(silent.allSatisfy { $0.stop.prognosis == nil && $0.ride.stops.allSatisfy { !$0.isPredicted } })
    }

    /// On the Swiss network, where lines have many stops.
    @Test func delaysGrowAlongALateRunAndAHorizonEndsThePredictions() async throws {
        let swiss = try await NetworkTests.model()
        let zurich = try #require(swiss.station(id: "8503000"))
        let board = try swiss.departures(at: zurich, from: T.at(2026, 5, 12, 7, 0), limit: 400)
        let late = board.filter { $0.ride.delay > 0 && $0.ride.stops.count >= 7 }
        let growing = try #require(late.first { entry in entry.ride.stops.allSatisfy(\.isPredicted) })
        let delays = growing.ride.stops.map { stop in (stop.predictedDeparture ?? stop.predictedArrival)!.instant - (stop.departure ?? stop.arrival)!.instant }
        #expect(zip(delays, delays.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(delays.last! > delays.first! && delays.last! - delays.first! <= Int64(RunRealtime.maximumGrowth) * 60)

        // A run predicted at its first stops only, on a board of its first stop: the predicted
        // stops come first, then none.
        let horizon = try #require(board.first { entry in
            entry.ride.stops[0].position == 0 && entry.ride.stops.contains(where: \.isPredicted) && entry.ride.stops.contains { !$0.isPredicted }
        })
        let predicted = horizon.ride.stops.prefix(while: \.isPredicted).count
        #expect(horizon.ride.stops.dropFirst(predicted).allSatisfy { !$0.isPredicted })
        #expect(predicted == max(1, horizon.ride.stops.count / 2))
        #expect(horizon.ride.delay > 0)
    }

    @Test func theWorksApplyToTheLinesRunsInTheEvening() throws {
        let day = CalendarDate(year: 2026, month: 5, day: 12)!
        let situations = model.situations(on: day)
        #expect(situations.map(\.scope) == [.line, .stopPoint])
        let works = situations[0]
        #expect(works.start.local == T.at(2026, 5, 12, 20, 0) && works.end.local == T.at(2026, 5, 12, 23, 59))
        #expect(works.cause == "constructionWork" && works.priority == 3 && works.url.hasPrefix("https://"))
        #expect(works.description.contains("Ersatzbusse") && works.from == "Bern" && works.to == "Zürich HB")

        let evening = try model.connections(from: T.bern, to: T.zurich, at: T.at(2026, 5, 12, 20, 0), limit: 2)
        #expect(evening.allSatisfy { $0.sections[0].ride!.situations.contains(works) })
        let morning = try model.connections(from: T.zurich, to: T.olten, at: T.at(2026, 5, 12, 10, 0), limit: 2)
        #expect(morning.allSatisfy { !($0.sections[0].ride!.situations.contains { $0.scope == .line }) })
        // Back from Zürich too: the works close a track of the line, both ways.
        let back = try model.connections(from: T.zurich, to: T.bern, at: T.at(2026, 5, 12, 21, 0), limit: 1)
        #expect(back.first?.sections.first?.ride?.situations.contains(works) == true)
    }

    @Test func theStationNoticeShowsOnBernsBoard() throws {
        let day = CalendarDate(year: 2026, month: 5, day: 12)!
        let notice = try #require(model.situations(on: day).first { $0.scope == .stopPoint })
        #expect(notice.from == "Bern" && notice.cause == "liftFailure")
        let bern = try model.departures(at: T.bern, from: T.at(2026, 5, 12, 7, 30), limit: 20)
        #expect(bern.allSatisfy { $0.ride.situations.contains(notice) })
        // At Thun, the runs to Bern carry it (they reach Bern), the others do not.
        let thun = try model.departures(at: T.thun, from: T.at(2026, 5, 12, 7, 30), limit: 20)
        #expect(thun.contains { $0.ride.direction == T.bern } && thun.contains { $0.ride.direction != T.bern })
        for entry in thun { #expect(entry.ride.situations.contains(notice) == (entry.ride.stops.last?.station == T.bern)) }
    }

    @Test func theSameDayGivesTheSameRealtime() throws {
        let again = TimetableModel(stations: T.stations)
        let time = T.at(2026, 5, 12, 7, 0)
        #expect(try again.departures(at: T.bern, from: time, limit: 200) == model.departures(at: T.bern, from: time, limit: 200))
        #expect(try again.connections(from: T.bern, to: T.zurich, at: time, limit: 16) == model.connections(from: T.bern, to: T.zurich, at: time, limit: 16))
        // Another day, other runs late.
        let other = try model.departures(at: T.zurich, from: T.at(2026, 5, 13, 7, 0), limit: 100).map(\.ride.delay)
        #expect(other != (try model.departures(at: T.zurich, from: time, limit: 100).map(\.ride.delay)))
    }
}
