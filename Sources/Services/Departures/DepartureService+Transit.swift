import Kernel
public import Model
import Upstream

extension DepartureService {
    /// BART's line colours by their hex value, as its etd API names them.
    static let colorNames = ["ffff33": "YELLOW", "ff9933": "ORANGE", "339933": "GREEN", "ff0000": "RED", "0099cc": "BLUE", "d5cfa3": "BEIGE"]

    /// A station's departures in the next 90 minutes from the transit service, as BART's
    /// documents have them: trains grouped by destination (the headsign), soonest first, with
    /// minutes until they leave, platform, line colour, delay, cancellation, and the planned and
    /// predicted times with their real-time state. A station the timetable lacks (one opened
    /// after it was published) has no destinations.
    func fromTransit(_ station: BARTStation) async throws(UpstreamFailure) -> BARTDepartures {
        guard let transit else { throw UpstreamFailure(upstream: "bart-gtfs", code: UpstreamFailure.Code.unavailable, retryAfter: 30, message: "No feed.") }
        let now = transit.now
        let board: TransitDepartures
        do throws(TransitService.Failure) {
            board = try await transit.departures(agency: Self.agency, stop: station.abbr, from: now, window: 5400, limit: 60)
        } catch {
            switch error {
            case .unknownStop, .unknownAgency:
                return BARTDepartures(feed: BARTStationFeed(station: station, destinations: []), generated: nil, age: 0)
            case .noTimetable(let why):
                throw UpstreamFailure(upstream: "bart-gtfs", code: ServiceCode.noTimetable, retryAfter: 30, message: why)
            }
        }
        var destinations: [BARTDestination] = []
        for departure in board.departures {
            let name = departure.headsign ?? departure.route ?? departure.routeID
            let leaves = (departure.timePredicted ?? departure.time).instant
            let minutes = Int(max(0, leaves - now) / 60)
            let color = departure.color?.lowercased()
            var train = BARTTrain(
                minutes: minutes, leaving: minutes == 0, platform: departure.platform, color: color.flatMap { Self.colorNames[$0] },
                hexcolor: color.map { "#" + $0 }, cancelled: departure.cancelled || departure.departureCancelled)
            train.time = departure.time
            train.timePredicted = departure.timePredicted
            train.realtime = departure.realtime
            if let index = destinations.firstIndex(where: { $0.name == name }) {
                destinations[index].trains.append(train)
            } else {
                // The destination's abbreviation: the station the run ends at (a twin such as 19TH_N as its station).
                let terminus = transit.terminus(agency: Self.agency, trip: departure.tripID).map { String($0.prefix { $0 != "_" }) }
                destinations.append(BARTDestination(name: name, abbr: terminus, trains: [train]))
            }
        }
        return BARTDepartures(
            feed: BARTStationFeed(station: station, destinations: destinations), generated: board.feed?.generated?.iso8601, age: board.feed?.age ?? 0)
    }
}
