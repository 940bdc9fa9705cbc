import Model
@testable import Sandbox
import Testing

@Suite("BART network")
struct BARTNetworkTests {
    typealias T = BARTTest

    static let lines: [(line: BARTLine, color: String, hexcolor: String, first: String, last: String)] = [
        (.yellow, "YELLOW", "#ffff33", "ANTC", "SFIA"),
        (.orange, "ORANGE", "#ff9933", "RICH", "BERY"),
        (.green, "GREEN", "#339933", "BERY", "DALY"),
        (.red, "RED", "#ff0000", "RICH", "MLBR"),
        (.blue, "BLUE", "#0099cc", "DUBL", "DALY"),
    ]

    @Test(arguments: lines.indices)
    func everyLineRunsBothWaysOverKnownStations(_ number: Int) throws {
        let (line, color, hexcolor, first, last) = Self.lines[number]
        #expect(line.color == color && line.hexcolor == hexcolor)
        #expect(line.stations.first == first && line.stations.last == last)
        #expect(line.stations.allSatisfy { BARTStations.byAbbr[$0] != nil })
        #expect(Set(line.stations).count == line.stations.count)
        let routes = T.network.routes.filter { $0.line == line }
        #expect(routes.count == 2)
        let forward = try #require(routes.first { $0.stations.first == first })
        let backward = try #require(routes.first { $0.stations.first == last })
        #expect(forward.stations == backward.stations.reversed())
        #expect(forward.destination == last && backward.destination == first)
        #expect(forward.direction == backward.direction.opposite)
        #expect(forward.platforms.count == forward.stations.count && forward.platforms.allSatisfy { (1...4).contains($0) })
    }

    @Test func theNetworkServesEveryStationButTheAirportConnector() {
        #expect(T.network.routes.count == 10)
        #expect(Set(T.network.served) == Set(BARTStations.all.map(\.abbr)).subtracting(["OAKL"]))
        #expect(T.network.served.prefix(3) == ["LAKE", "FTVL", "COLS"])
    }

    @Test func destinationsAndDirectionsAreTheFeeds() throws {
        func route(_ color: String, to destination: String) throws -> BARTRoute {
            try #require(T.network.routes.first { $0.line.color == color && $0.destination == destination })
        }
        #expect(try route("ORANGE", to: "BERY").destinationName == "Berryessa")
        #expect(try route("ORANGE", to: "BERY").direction == .south)
        #expect(try route("ORANGE", to: "RICH").direction == .north)
        #expect(try route("YELLOW", to: "SFIA").destinationName == "SF Airport")
        #expect(try route("YELLOW", to: "ANTC").direction == .north)
        #expect(try route("BLUE", to: "DUBL").destinationName == "Dublin/Pleasanton")
        #expect(try route("BLUE", to: "DUBL").direction == .north)
        #expect(try route("GREEN", to: "DALY").direction == .south)
        #expect(try route("RED", to: "MLBR").destinationName == "Millbrae")
    }

    /// Lake Merritt's platforms as in etd-ALL-2021-12-20; MacArthur's Yellow trains on 3 and 4.
    @Test(arguments: [
        ("LAKE", "ORANGE", "RICH", 2), ("LAKE", "ORANGE", "BERY", 1), ("LAKE", "BLUE", "DALY", 2), ("LAKE", "BLUE", "DUBL", 1),
        ("DELN", "RED", "RICH", 1), ("DELN", "ORANGE", "BERY", 2), ("EMBR", "YELLOW", "SFIA", 1), ("EMBR", "BLUE", "DUBL", 2),
        ("MCAR", "YELLOW", "ANTC", 3), ("MCAR", "YELLOW", "SFIA", 4), ("MCAR", "RED", "MLBR", 2), ("12TH", "YELLOW", "ANTC", 3),
    ])
    func platformsFollowTheTracks(_ station: String, _ color: String, _ destination: String, _ platform: Int) throws {
        let route = try #require(T.network.routes.first { $0.line.color == color && $0.destination == destination })
        let index = try #require(route.stations.firstIndex(of: station))
        #expect(route.platforms[index] == platform)
    }

    @Test func runTimesArePositiveAndNearTheRealOnes() {
        for route in T.network.routes {
            #expect(route.offsets.first == 0)
            for (before, after) in zip(route.offsets, route.offsets.dropFirst()) {
                #expect(after - before >= 60, "\(route.id)")
            }
        }
        func minutes(_ color: String, to destination: String) -> Int {
            (T.network.routes.first { $0.line.color == color && $0.destination == destination }?.offsets.last ?? 0) / 60
        }
        #expect((60...80).contains(minutes("RED", to: "MLBR")))
        #expect((90...120).contains(minutes("YELLOW", to: "SFIA")))
        #expect(minutes("BLUE", to: "DALY") == minutes("BLUE", to: "DUBL"))
    }

    @Test func trainsRunEveryFifteenMinutesByDayAndTwentyInTheEvening() throws {
        let schedule = BARTSchedule()
        let tuesday = try #require(CalendarDate(year: 2026, month: 5, day: 12))
        let times = schedule.departures(on: tuesday, stagger: 240)
        #expect(times.first == 5 * 3600 + 240)
        #expect(times.last.map { $0 <= 24 * 3600 && $0 > 23 * 3600 } == true)
        for (before, after) in zip(times, times.dropFirst()) {
            #expect(after - before == (before < 20 * 3600 ? 900 : 1200))
        }
        let saturday = try #require(CalendarDate(year: 2026, month: 5, day: 16))
        let sunday = try #require(CalendarDate(year: 2026, month: 5, day: 17))
        #expect(schedule.departures(on: saturday, stagger: 0).first == 6 * 3600)
        #expect(schedule.departures(on: sunday, stagger: 0).first == 8 * 3600)
    }

    @Test func noTrainsRunAtThreeInTheMorning() {
        let night = T.at(2026, 5, 12, 3, 0)
        for abbr in T.network.served {
            #expect(T.network.departures(at: abbr, instant: night).isEmpty, "\(abbr)")
        }
        #expect(T.network.boards(instant: night).allSatisfy { $0.etds.isEmpty })
    }

    @Test func everyServedStationHasTrainsInTheMorning() {
        let morning = T.at(2026, 5, 12, 8, 0)
        let outage = T.network.outage(hourOf: morning)
        for abbr in T.network.served where !(outage?.station == abbr && outage?.covers(morning) == true) {
            let etds = T.network.departures(at: abbr, instant: morning)
            #expect(!etds.isEmpty, "\(abbr)")
            #expect(etds.allSatisfy { !$0.estimates.isEmpty && $0.estimates.count <= 3 })
            #expect(etds.flatMap(\.estimates).allSatisfy { (0..<90).contains($0.minutes) && (6...10).contains($0.length) })
            #expect(etds.map(\.destination) == etds.map(\.destination).sorted())
        }
        // Trains of two lines to one destination are one etd: at Fruitvale, Daly City by Blue and Green.
        let daly = T.network.departures(at: "FTVL", instant: morning).first { $0.abbreviation == "DALY" }
        #expect(Set(daly?.estimates.map(\.line.color) ?? []) == ["BLUE", "GREEN"])
        #expect(T.network.departures(at: "OAKL", instant: morning).isEmpty)
        #expect(T.network.departures(at: "NOPE", instant: morning).isEmpty)
    }

    @Test func minutesCountDownAsTimePasses() {
        let now = T.at(2026, 5, 12, 8, 3, 20)
        for abbr in ["EMBR", "RICH", "MCAR", "BAYF"] {
            let before = Dictionary(T.network.departures(at: abbr, instant: now).flatMap(\.estimates).map { ($0.run, $0) }, uniquingKeysWith: { a, _ in a })
            let after = T.network.departures(at: abbr, instant: now + 60).flatMap(\.estimates)
            let common = after.filter { before[$0.run] != nil }
            #expect(common.count >= 3, "\(abbr)")
            for estimate in common {
                #expect(estimate.minutes == before[estimate.run]!.minutes - 1, "\(abbr) \(estimate.run)")
                #expect(estimate.departure == before[estimate.run]!.departure)
            }
        }
    }

    @Test func aTrainIsLeavingInTheMinuteBeforeItsDeparture() throws {
        let now = T.at(2026, 5, 12, 8, 0)
        let next = try #require(T.network.departures(at: "RICH", instant: now).first?.estimates.first)
        let leaving = T.network.departures(at: "RICH", instant: next.departure - 30).flatMap(\.estimates).first { $0.run == next.run }
        #expect(leaving?.minutes == 0 && leaving?.isLeaving == true)
        let gone = T.network.departures(at: "RICH", instant: next.departure + 1).flatMap(\.estimates).first { $0.run == next.run }
        #expect(gone == nil)
    }

    @Test func someTrainsAreLateAndTheirMinutesIncludeTheDelay() throws {
        let now = T.at(2026, 5, 12, 17, 10)
        let estimates = T.network.boards(instant: now).flatMap { $0.etds.flatMap(\.estimates) }
        let late = estimates.filter { $0.delay > 0 }
        #expect(!late.isEmpty)
        #expect(late.count < estimates.count / 3)
        for estimate in estimates {
            #expect(estimate.minutes == Int((estimate.scheduled + Int64(estimate.delay) - now) / 60))
            #expect(estimate.delay == 0 || (60...480).contains(estimate.delay))
        }
        // A late train's minutes are its timetable minutes plus the delay.
        let example = try #require(late.first { $0.delay >= 120 })
        #expect(example.minutes > Int((example.scheduled - now) / 60))
    }

    @Test func aStationsUpdatesAreUnavailableForAFewMinutesAnHour() throws {
        let hour = T.at(2026, 5, 12, 9, 0)
        let outage = try #require(T.network.outage(hourOf: hour))
        #expect(T.network.served.contains(outage.station))
        #expect((120...300).contains(outage.end - outage.start))
        #expect(outage.start >= hour && outage.end <= hour + 3600)
        let board = try #require(T.network.board(at: outage.station, instant: outage.start))
        #expect(board.error == "Updates are temporarily unavailable." && board.etds.isEmpty)
        #expect(T.network.departures(at: outage.station, instant: outage.end - 1).isEmpty)
        #expect(T.network.board(at: outage.station, instant: outage.end)?.error == nil)
        #expect(!T.network.departures(at: outage.station, instant: outage.end).isEmpty)
        // Other hours pick other stations.
        let stations = Set((0..<24).compactMap { T.network.outage(hourOf: hour + Int64($0) * 3600)?.station })
        #expect(stations.count > 10)
    }

    @Test func theSameInstantGivesTheSameDepartures() {
        let now = T.at(2026, 5, 12, 18, 47, 13)
        let again = BARTNetwork(stations: BARTStations.all)
        #expect(again.boards(instant: now) == T.network.boards(instant: now))
        #expect(!again.boards(instant: now).isEmpty)
    }
}
