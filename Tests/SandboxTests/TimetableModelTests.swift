import Model
@testable import Sandbox
import Testing

@Suite("Timetable model")
struct TimetableModelTests {
    typealias T = TestTimetable
    let model = T.model

    @Test func theLargestStationsPresentAreHubs() {
        #expect(model.hubs.map(\.name) == ["Zürich HB", "Bern", "Basel SBB", "Genève", "Olten"])
    }

    @Test(arguments: [T.bern, T.zurich, T.thun, T.bernRathaus, T.paradeplatz])
    func departuresComeInOrder(station: Station) throws {
        let from = T.at(2026, 5, 12, 7, 50)
        let board = try model.departures(at: station, from: from, limit: 30)
        #expect(board.count == 30)
        let start = model.clock.instant(of: from)
        for (entry, next) in zip(board, board.dropFirst()) {
            #expect(entry.stop.time <= next.stop.time)
        }
        for entry in board {
            #expect(entry.stop.station == station)
            #expect(entry.stop.time.instant >= start)
            #expect(entry.ride.stops.first?.station == station)
            #expect(entry.ride.stops.last?.station == entry.ride.direction)
            let times = entry.ride.stops.flatMap { [$0.arrival, $0.departure].compactMap(\.self) }
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
            #expect(entry.ride.stops.first?.departure == entry.stop.time)
        }
    }

    @Test func arrivalsComeInOrderAndEndHere() throws {
        let board = try model.arrivals(at: T.zurich, from: T.at(2026, 5, 12, 17, 0), limit: 25)
        #expect(board.count == 25)
        #expect(zip(board, board.dropFirst()).allSatisfy { $0.stop.time <= $1.stop.time })
        for entry in board {
            #expect(entry.ride.stops.last?.station == T.zurich)
            #expect(entry.ride.stops.last?.arrival == entry.stop.time)
            #expect(entry.ride.stops.first?.station == entry.ride.origin)
        }
    }

    /// Every journey between any two test stations, at several times of day and night.
    @Test(arguments: [
        T.at(2026, 5, 12, 7, 50), T.at(2026, 5, 12, 23, 35), T.at(2026, 5, 13, 2, 10), T.at(2026, 3, 29, 1, 20), T.at(2026, 10, 25, 1, 20),
    ])
    func connectionsChainInTimeAndPlace(at time: LocalDateTime) throws {
        let start = model.clock.instant(of: time)
        for origin in T.stations {
            for destination in T.stations where destination != origin {
                let found = try model.connections(from: origin, to: destination, at: time, limit: 3)
                #expect(!found.isEmpty, "\(origin.name) → \(destination.name)")
                for (connection, next) in zip(found, found.dropFirst()) {
                    #expect(connection.departure.time < next.departure.time)
                    #expect(connection.arrival.time < next.arrival.time)
                }
                for connection in found {
                    check(connection, from: origin, to: destination)
                    #expect(connection.departure.time.instant >= start)
                }
            }
        }
    }

    @Test func arrivalTimeQueriesArriveInTime() throws {
        let time = T.at(2026, 5, 12, 9, 0)
        let end = model.clock.instant(of: time)
        let found = try model.connections(from: T.thunMartinstrasse, to: T.baden, at: time, isArrivalTime: true, limit: 4)
        #expect(found.count == 4)
        for connection in found {
            check(connection, from: T.thunMartinstrasse, to: T.baden)
            #expect(connection.arrival.time.instant <= end)
        }
        #expect(zip(found, found.dropFirst()).allSatisfy { $0.arrival.time < $1.arrival.time })
        // The last one is the latest possible: a departure-time search from it finds the same.
        let last = try #require(found.last)
        let again = try model.connections(from: T.thunMartinstrasse, to: T.baden, at: last.departure.time.local, limit: 1)
        #expect(again.first == last)
    }

    func check(_ connection: Connection, from origin: Station, to destination: Station, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(connection.departure.station == origin, sourceLocation: sourceLocation)
        #expect(connection.arrival.station == destination, sourceLocation: sourceLocation)
        #expect(connection.transfers <= 3, sourceLocation: sourceLocation)
        #expect(connection.duration > 0, sourceLocation: sourceLocation)
        for section in connection.sections {
            #expect(section.arrival.time > section.departure.time, sourceLocation: sourceLocation)
            if let ride = section.ride {
                #expect(ride.stops.first?.station == section.departure.station, sourceLocation: sourceLocation)
                #expect(ride.stops.last?.station == section.arrival.station, sourceLocation: sourceLocation)
                #expect(ride.stops.first?.departure == section.departure.time, sourceLocation: sourceLocation)
                #expect(ride.stops.last?.arrival == section.arrival.time, sourceLocation: sourceLocation)
                #expect(zip(ride.stops, ride.stops.dropFirst()).allSatisfy { $0.position + 1 == $1.position }, sourceLocation: sourceLocation)
            }
        }
        for (section, next) in zip(connection.sections, connection.sections.dropFirst()) {
            #expect(section.arrival.station == next.departure.station, sourceLocation: sourceLocation)
            #expect(section.arrival.time <= next.departure.time, sourceLocation: sourceLocation)
            if section.ride != nil, next.ride != nil {
                // A transfer leaves time to change.
                #expect(next.departure.time.instant - section.arrival.time.instant >= 3 * 60, sourceLocation: sourceLocation)
            }
        }
    }

    @Test func theSameStationsGiveTheSameTimetable() throws {
        let shuffled = TimetableModel(stations: T.stations.reversed() + [T.bern])
        let time = T.at(2026, 6, 1, 6, 40)
        for (origin, destination) in [(T.thunMartinstrasse, T.paradeplatz), (T.geneve, T.baden), (T.bernRathaus, T.lenzburg)] {
            #expect(try shuffled.connections(from: origin, to: destination, at: time) == model.connections(from: origin, to: destination, at: time))
        }
        #expect(try shuffled.departures(at: T.zurich, from: time, limit: 50) == model.departures(at: T.zurich, from: time, limit: 50))
    }

    @Test func aJourneyLateInTheEveningArrivesAfterMidnightOnTheNextDay() throws {
        let evening = T.at(2026, 5, 12, 23, 40)
        let found = try model.connections(from: T.bern, to: T.zurich, at: evening, limit: 3)
        let overnight = try #require(found.first { $0.arrival.time.local.date != $0.departure.time.local.date })
        #expect(overnight.departure.time.local.date.description == "2026-05-12")
        #expect(overnight.arrival.time.local.date.description == "2026-05-13")
        #expect(overnight.arrival.time.local.hour == 0)
        // The wall clock went round: the arrival reads earlier than the departure, the duration is the usual one.
        #expect(overnight.arrival.time.local.secondOfDay < overnight.departure.time.local.secondOfDay)
        let daytime = try model.connections(from: T.bern, to: T.zurich, at: T.at(2026, 5, 12, 10, 0), limit: 1)[0]
        #expect(overnight.duration == daytime.duration)
    }

    /// On the two nights the clocks change (Sunday mornings, when the night service runs), times
    /// carry the offset of their instant and durations are real elapsed time.
    @Test(arguments: [(T.at(2026, 3, 29, 0, 30), 3600, 7200), (T.at(2026, 10, 25, 0, 30), 7200, 3600)])
    func theClockChangeNights(from: LocalDateTime, before: Int, after: Int) throws {
        let board = try model.departures(at: T.geneve, from: from, limit: 20)
        // Both changes happen at 01:00 UTC.
        let change = Int64(from.date.daysSinceEpoch) * 86_400 + 3600
        #expect(board.contains { $0.stop.time.instant < change } && board.contains { $0.stop.time.instant >= change })
        for entry in board {
            let offset = entry.stop.time.instant < change ? before : after
            #expect(entry.stop.time.utcOffset == offset)
            #expect(entry.stop.time.iso8601.hasSuffix(offset == 3600 ? "+01:00" : "+02:00"))
        }
        // A run across the change takes as long as it does by day; only the wall clock jumps.
        let crossing = try #require(board.first { entry in
            entry.stop.time.utcOffset == before && entry.ride.stops.last?.arrival?.utcOffset == after
        })
        let arrival = try #require(crossing.ride.stops.last?.arrival)
        let daytime = try model.departures(at: T.geneve, from: T.at(2026, 5, 12, 10, 0), limit: 40).first {
            $0.ride.line == crossing.ride.line && $0.ride.direction == crossing.ride.direction && $0.ride.category == crossing.ride.category
        }
        let usualEntry = try #require(daytime)
        let usual = try #require(usualEntry.ride.stops.last?.arrival).instant - usualEntry.stop.time.instant
        #expect(arrival.instant - crossing.stop.time.instant == usual)
        let wall = arrival.local.wallSeconds - crossing.stop.time.local.wallSeconds
        #expect(wall == usual + Int64(after - before))
    }

    @Test func oneTrainADayIsCancelledBernToZurich() throws {
        for day in 10...13 {
            let board = try model.departures(at: T.bern, from: T.at(2026, 5, day, 5, 0), limit: 400)
            let today = board.filter { $0.stop.time.local.date.day == day }
            let cancelled = today.filter { $0.ride.isCancelled }
            #expect(cancelled.count == 1)
            let train = try #require(cancelled.first)
            #expect(train.ride.direction == T.zurich)
            #expect(train.ride.category == .interCity)
            #expect(train.stop.time.local.hour == 8)
            #expect(train.stop.prognosis == nil && train.ride.delay == 0)
        }
        // Nowhere else: Zürich's arrivals show the same run, its departures none.
        let arrivals = try model.arrivals(at: T.zurich, from: T.at(2026, 5, 12, 5, 0), limit: 300).filter { $0.ride.isCancelled }
        #expect(arrivals.count == 1 && arrivals.first?.ride.origin == T.bern)
        #expect(try model.departures(at: T.zurich, from: T.at(2026, 5, 12, 5, 0), limit: 300).allSatisfy { !$0.ride.isCancelled })
    }

    @Test func theCancelledTrainShowsInItsConnection() throws {
        let board = try model.departures(at: T.bern, from: T.at(2026, 5, 12, 8, 0), limit: 40)
        let train = try #require(board.first { $0.ride.isCancelled })
        let found = try model.connections(from: T.bern, to: T.zurich, at: train.stop.time.local, limit: 2)
        #expect(found.first?.isRidable == false)
        #expect(found.first?.sections.first?.ride?.number == train.ride.number)
        #expect(found.last?.isRidable == true)
    }

    @Test func someRunsAreLate() throws {
        let board = try model.departures(at: T.zurich, from: T.at(2026, 5, 12, 7, 0), limit: 120)
        let late = board.filter { $0.ride.delay > 0 }
        #expect(late.count > 10 && late.count < board.count / 2)
        for entry in board {
            // The ride's delay is the one predicted at its boarding stop, the board's station.
            #expect(entry.ride.delay == max(0, entry.stop.predictedDelay ?? 0))
            #expect((0...(7 + RunRealtime.maximumGrowth)).contains(entry.ride.delay))
            #expect(entry.stop.prognosis == nil || entry.stop.prognosis!.instant == entry.stop.time.instant + Int64(entry.ride.delay) * 60)
        }
    }

    @Test func aStopCloseToItsStationIsWalked() throws {
        let found = try model.connections(from: T.bernHenkerbrunnli, to: T.basel, at: T.at(2026, 5, 12, 9, 0), limit: 2)
        for connection in found {
            let walk = connection.sections[0]
            guard case .walk(let metres) = walk.kind else {
                Issue.record("no walk first")
                continue
            }
            #expect((600...800).contains(metres))
            #expect(walk.arrival.station == T.bern)
            #expect(walk.arrival.time.instant - walk.departure.time.instant == 9 * 60)
            #expect(connection.sections[1].departure.time.instant - walk.arrival.time.instant == 2 * 60)
            #expect(connection.transfers == 0)
        }
        // And at the end of a journey the walk starts on arrival.
        let back = try model.connections(from: T.basel, to: T.bernHenkerbrunnli, at: T.at(2026, 5, 12, 9, 0), limit: 1)[0]
        #expect(back.sections.last?.departure.time == back.sections.dropLast().last?.arrival.time)
        #expect(back.sections.last?.ride == nil)
    }

    @Test func aStopFartherAwayIsReachedByBusAndTram() throws {
        let found = try model.connections(from: T.thunMartinstrasse, to: T.paradeplatz, at: T.at(2026, 5, 12, 9, 0), limit: 1)[0]
        #expect(found.sections.map { $0.ride?.category } == [.bus, .sBahn, .interCity, .tram])
        #expect(found.sections.map(\.arrival.station) == [T.thun, T.bern, T.zurich, T.paradeplatz])
        #expect(found.transfers == 3)
    }

    @Test func fourTransfersBecomeThreeWithAThroughTrain() throws {
        let found = try model.connections(from: T.thunMartinstrasse, to: T.wettingenRathaus, at: T.at(2026, 5, 12, 9, 0), limit: 1)[0]
        #expect(found.transfers == 3)
        #expect(found.sections.map { $0.ride?.category } == [.bus, .interRegio, .sBahn, .bus])
        #expect(found.sections[1].departure.station == T.thun && found.sections[1].arrival.station == T.zurich)
    }

    @Test func nearbyStationsOfDifferentHubsHaveADirectTrain() throws {
        let found = try model.connections(from: T.baden, to: T.lenzburg, at: T.at(2026, 5, 12, 9, 0), limit: 2)
        for connection in found {
            #expect(connection.sections.count == 1)
            #expect(connection.sections[0].ride?.category == .regio)
        }
        // Stations on one line ride it directly, both ways.
        let thun = try model.connections(from: T.thun, to: T.bern, at: T.at(2026, 5, 12, 9, 0), limit: 1)[0]
        #expect(thun.sections.count == 1 && thun.sections[0].ride?.category == .sBahn)
        #expect(thun.duration == 30 * 60)
    }

    @Test func platformsBelongToStationLineAndDirection() throws {
        let board = try model.departures(at: T.zurich, from: T.at(2026, 5, 12, 6, 0), limit: 150)
        var platforms: [String: String] = [:]
        for entry in board {
            let key = "\(entry.ride.category) \(entry.ride.line) \(entry.ride.direction.id)"
            if entry.ride.category.isTrain {
                let platform = try #require(entry.stop.platform)
                #expect(platforms[key, default: platform] == platform)
                platforms[key] = platform
            } else {
                #expect(entry.stop.platform == nil)
            }
        }
        #expect(Set(platforms.values).count > 1)
    }

    @Test func namesAndIdsFindStations() throws {
        let zurich = model.matches(for: "Zürich")
        #expect(zurich.first == StationMatch(station: T.zurich, name: "Zürich", score: 100))
        #expect(zurich.contains(StationMatch(station: T.zurich, name: "Zürich HB", score: 99)))
        #expect(zurich.contains { $0.station == T.paradeplatz })
        #expect(model.matches(for: "zuerich hb").first?.station == T.zurich)
        #expect(model.matches(for: "GENEVE").first?.station == T.geneve)
        #expect(model.matches(for: "Rathaus").map(\.station) == [T.bernRathaus, T.wettingenRathaus])
        #expect(model.matches(for: "8507000").first?.station == T.bern)
        #expect(model.matches(for: "Atlantis").isEmpty)
        #expect(model.resolve("008503000") == T.zurich)
        #expect(model.resolve("Bern") == T.bern)
        #expect(model.station(id: "8507000#85") == T.bern)
    }

    @Test func unknownAndIdenticalStationsAreErrors() {
        let nowhere = Station(id: "1234567", name: "Atlantis", latitude: 0, longitude: 0)
        #expect(throws: TimetableError.unknownStation("1234567")) {
            try model.connections(from: nowhere, to: T.bern, at: T.at(2026, 5, 12, 9, 0))
        }
        #expect(throws: TimetableError.tooClose) {
            try model.connections(from: T.bern, to: T.bern, at: T.at(2026, 5, 12, 9, 0))
        }
    }
}
