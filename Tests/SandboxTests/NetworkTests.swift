import HTTPTesting
import Model
@testable import Sandbox
import Testing

/// The sandbox's timetable over the embedded station set: all 26,644 real Swiss stops.
@Suite("Timetable network over the Swiss stops")
struct NetworkTests {
    /// Built once, on a thread of its own: CPU-bound work on the shared pool would stall the
    /// other suites' servers.
    static let swiss = Task { try await offPool { TimetableModel(stations: SwissStations.all) } }

    static func model() async throws -> TimetableModel { try await swiss.value }

    static func index(_ id: String, in network: Network) throws -> Int { try #require(network.index[id]) }

    @Test func theHubsAreTheLargestRailwayStations() async throws {
        let model = try await Self.model()
        #expect(model.stations.count == SwissStations.all.count)
        #expect(model.hubs.map(\.id) == Network.hubIDs)
        #expect(model.hubs.prefix(4).map(\.name) == ["Zürich HB", "Bern", "Basel SBB", "Genève"])
    }

    /// Trains among railway stations; trams, buses, ships and cableways among stops of their
    /// kind, from the railway station itself when it has no stop of the kind within walking
    /// distance.
    @Test func linesConnectStopsOfTheirKind() async throws {
        let network = try await Self.model().network
        var wrong: [String] = []
        for line in network.lines where !line.isReturn {
            let kinds = line.stops.map { network.stations[$0].kind }
            if line.category.isTrain {
                if kinds.contains(where: { $0 != .train }) { wrong.append(line.key) }
            } else {
                let first = kinds[0]
                let rest = kinds.dropFirst().allSatisfy { Network.category(of: $0) == line.category }
                if !rest || (first != .train && Network.category(of: first) != line.category) { wrong.append(line.key) }
            }
            if line.stops.count > 1 + max(Network.regionalSectors.maximumStops, Network.localSectors.maximumStops) {
                wrong.append("\(line.key): \(line.stops.count) stops")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        let categories = Set(network.lines.map(\.category))
        #expect(categories == Set(Category.allCases))
    }

    /// Every stop's route to Bern, and every 13th stop's from Zürich HB (routes are made of the
    /// same ways up, one of them reversed): hops that chain from the one station to the other,
    /// with at most four rides.
    @Test func everyStopIsReachable() async throws {
        let model = try await Self.model()
        let network = model.network
        let bern = try Self.index("8507000", in: network), zurich = try Self.index("8503000", in: network)
        let broken = try await offPool {
            var broken: [String] = []
            for station in network.stations.indices {
                for (from, to) in [(station, bern), (zurich, station)] where from != to && (to == bern || station % 13 == 0) {
                    let hops = model.hops(from: from, to: to)
                    if !Self.chains(hops, from: from, to: to) || hops.filter(\.isRide).count > 4 {
                        broken.append(network.stations[station].name)
                    }
                }
            }
            return broken
        }
        #expect(broken.isEmpty, "\(broken.prefix(10))")
    }

    /// Whether hops lead from one station to the next, from `from` to `to`, each ride along its line.
    static func chains(_ hops: [Hop], from: Int, to: Int) -> Bool {
        var at = from
        for hop in hops {
            switch hop {
            case .walk(let start, let end, let metres, let minutes):
                guard start == at, metres >= 0, minutes > 0 else { return false }
                at = end
            case .ride(let line, let boarding, let alighting):
                guard boarding < alighting, alighting < line.stops.count, line.stops[boarding] == at else { return false }
                at = line.stops[alighting]
            }
        }
        return at == to && !hops.isEmpty
    }

    /// Journeys from a spread of real stops (every 211th, every kind) to Zürich HB and from
    /// Genève: found, chained in time and place, at most three transfers.
    @Test func journeysBetweenRealStopsChain() async throws {
        let model = try await Self.model()
        let time = TestTimetable.at(2026, 5, 12, 8, 0)
        let zurich = try #require(model.station(id: "8503000")), geneve = try #require(model.station(id: "8501008"))
        let sample = stride(from: 0, to: model.stations.count, by: 211).map { model.stations[$0] }
        #expect(Set(sample.map(\.kind)) == Set(Station.Kind.allCases))
        let problems = try await offPool {
            var problems: [String] = []
            for stop in sample {
                for (origin, destination) in [(stop, zurich), (geneve, stop)] where origin != destination {
                    let found = (try? model.connections(from: origin, to: destination, at: time, limit: 2)) ?? []
                    if found.isEmpty || !found.allSatisfy({ Self.isChained($0, from: origin, to: destination) }) {
                        problems.append("\(origin.name) → \(destination.name)")
                    }
                }
            }
            return problems
        }
        #expect(problems.isEmpty, "\(problems.prefix(10))")
    }

    static func isChained(_ connection: Connection, from origin: Station, to destination: Station) -> Bool {
        guard connection.departure.station == origin, connection.arrival.station == destination, connection.transfers <= 3 else {
            return false
        }
        return zip(connection.sections, connection.sections.dropFirst()).allSatisfy { section, next in
            section.arrival.station == next.departure.station && section.arrival.time <= next.departure.time
        } && connection.sections.allSatisfy { $0.arrival.time > $0.departure.time }
    }

    /// A railway station's board shows its trains; its buses and trams leave from its own stops
    /// a walk away (`Bern, Hauptbahnhof`, `Bern, Bahnhof`), whose boards show them.
    @Test func stationBoardsShowWhatStopsThere() async throws {
        let model = try await Self.model()
        let time = TestTimetable.at(2026, 5, 12, 8, 0)
        let bern = try #require(model.station(id: "8507000"))
        let trains = try model.departures(at: bern, from: time, limit: 40)
        #expect(trains.count == 40 && trains.allSatisfy { $0.ride.category.isTrain })
        #expect(Set(trains.map(\.ride.category)).isSuperset(of: [.interCity, .interRegio, .sBahn]))
        let busStop = try #require(model.station(id: "8507785")), tramStop = try #require(model.station(id: "8576646"))
        let buses = try model.departures(at: busStop, from: time, limit: 20)
        #expect(buses.count == 20 && buses.allSatisfy { $0.ride.category == .bus })
        let trams = try model.departures(at: tramStop, from: time, limit: 20)
        #expect(trams.count == 20 && trams.allSatisfy { $0.ride.category == .tram })
        // A bus stop a kilometre away rides to the station's bus stop and walks to the trains.
        let rathaus = try #require(model.station(id: "8590032")), zurich = try #require(model.station(id: "8503000"))
        let journey = try #require(try model.connections(from: rathaus, to: zurich, at: time, limit: 1).first)
        #expect(journey.sections.map { $0.ride?.category } == [.bus, nil, .interCity])
        #expect(journey.sections[1].departure.station.name == "Bern, Hauptbahnhof" && journey.sections[1].arrival.station == bern)
    }

    @Test func theStopsNamedRathausAreManyAndEachReachable() async throws {
        let model = try await Self.model()
        let bern = try #require(model.station(id: "8590032")), zurich = try #require(model.station(id: "8591309"))
        let (rathaus, found) = try await offPool {
            (model.matches(for: "Rathaus", limit: 100).filter { $0.station.name.hasSuffix(", Rathaus") },
             try model.connections(from: bern, to: zurich, at: TestTimetable.at(2026, 5, 12, 9, 0), limit: 3))
        }
        #expect(rathaus.count == 26)
        #expect(found.count == 3 && found.allSatisfy { Self.isChained($0, from: bern, to: zurich) })
    }

    @Test func theCancelledTrainRunsBernToZurich() async throws {
        let model = try await Self.model()
        let bern = try #require(model.station(id: "8507000"))
        let board = try await offPool { try model.departures(at: bern, from: TestTimetable.at(2026, 5, 12, 5, 0), limit: 600) }
        let cancelled = board.filter { $0.ride.isCancelled && $0.stop.time.local.date.day == 12 }
        #expect(cancelled.count == 1)
        #expect(cancelled.first?.ride.direction.id == "8503000" && cancelled.first?.stop.time.local.hour == 8)
    }

    /// The grid's nearest railway station is a scan's, for a spread of stops.
    @Test func nearestStationsAreAScansNearest() async throws {
        let network = try await Self.model().network
        let trains = network.stations.indices.filter { network.stations[$0].kind == .train }
        let grid = NearestStations(members: trains, of: network.stations)
        for stop in stride(from: 0, to: network.stations.count, by: 499) {
            let scanned = trains.filter { $0 != stop }
                .map { (Geo.distance(network.stations[stop], network.stations[$0]), $0) }.min { $0 < $1 }
            #expect(grid.nearest(to: stop) == scanned?.1, "\(network.stations[stop].name)")
        }
        // Across the antimeridian the grid scans, with the same answer; of no members, none.
        let far = [
            Station(id: "1", name: "West", latitude: 0, longitude: 179.9), Station(id: "2", name: "East", latitude: 0, longitude: -179.9),
            Station(id: "3", name: "Far", latitude: 0, longitude: 170),
        ]
        #expect(NearestStations(members: [1, 2], of: far).nearest(to: 0) == 1)
        #expect(NearestStations(members: [], of: far).nearest(to: 0) == nil)
        #expect(NearestStations(members: [2], of: far).nearest(to: 0) == 2)
    }
}
