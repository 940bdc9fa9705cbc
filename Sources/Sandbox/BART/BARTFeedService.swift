#if canImport(Glibc)
import Glibc
#endif
import Kernel
public import Model

/// BART's real-time departures as its servers answered them, over a ``BARTNetwork`` and a clock:
/// `GET /api/etd.aspx?cmd=etd&orig=ALL|ABBR&key=KEY` (the etd API, ``BARTETDRenderer``) and
/// `GET /dev/eta/bart_eta.xml` (the legacy feed, ``BARTLegacyRenderer``).
///
/// The answers change with the clock, minute by minute; the same instant gives the same bytes.
///
/// ```swift
/// let service = BARTFeedService(now: { 1_782_000_000 })
/// let answer = service.respond(path: BARTFeedService.etdPath, query: "cmd=etd&orig=RICH&key=MW9S-E7SL-26DU-VV8V")
/// answer.status   // 200, text/xml; charset=utf-8
/// ```
public struct BARTFeedService: Sendable {
    /// The etd API's path.
    public static let etdPath = "/api/etd.aspx"
    /// The legacy feed's path.
    public static let legacyPath = "/dev/eta/bart_eta.xml"
    /// The longest query read; a longer one is answered 414 (IIS refuses far longer ones, but
    /// no BART query needs more than a few dozen bytes).
    public static let maximumQueryLength = 2048

    /// The network the answers come from.
    public let network: BARTNetwork
    private let now: @Sendable () -> Int64

    /// A service over a network; `now` gives the current instant in seconds since 1970.
    public init(network: BARTNetwork = BARTNetwork(stations: BARTStations.all), now: @escaping @Sendable () -> Int64 = BARTFeedService.wallClock) {
        self.network = network
        self.now = now
    }

    /// The answer to a GET of `path` with a raw (still percent-encoded) query.
    public func respond(path: String, query: String) -> (status: Int, contentType: String, body: [UInt8]) {
        guard query.utf8.count <= Self.maximumQueryLength else {
            return (414, "text/plain; charset=utf-8", Array("Request-URI Too Long\n".utf8))
        }
        switch path {
        case Self.etdPath: return (200, "text/xml; charset=utf-8", etd(query: query, instant: now()))
        case Self.legacyPath: return (200, "text/xml", legacy(instant: now()))
        default: return (404, "text/plain; charset=utf-8", Array("Not Found\n".utf8))
        }
    }

    /// The etd API's answer at an instant.
    func etd(query: String, instant: Int64) -> [UInt8] {
        let request: BARTRequest
        do {
            request = try BARTRequest(query: query, network: network)
        } catch {
            return BARTETDRenderer.error(error)
        }
        let uri = "http://api.bart.gov/api/etd.aspx?" + request.echoed
        let timestamp = BARTTimestamp(instant, clock: network.clock)
        switch request.origin {
        case .all:
            let boards = network.boards(instant: instant)
            let message: BARTETDRenderer.RootMessage = boards.isEmpty ? .warning(BARTETDRenderer.noData) : .text(BARTETDRenderer.allMessage)
            return BARTETDRenderer.feed(boards, uri: uri, timestamp: timestamp, message: message)
        case .station(let abbr):
            guard let board = network.board(at: abbr, instant: instant)?.filtered(platform: request.platform, direction: request.direction) else {
                return BARTETDRenderer.error(.invalidOrigin(abbr))
            }
            let message: BARTETDRenderer.RootMessage = board.etds.isEmpty && board.error == nil ? .warning(BARTETDRenderer.noData) : .none
            return BARTETDRenderer.feed([board], uri: uri, timestamp: timestamp, message: message)
        }
    }

    /// The legacy feed at an instant.
    func legacy(instant: Int64) -> [UInt8] {
        BARTLegacyRenderer.feed(network.boards(instant: instant), timestamp: BARTTimestamp(instant, clock: network.clock))
    }

    /// Seconds since 1970 by the system's wall clock.
    @Sendable public static func wallClock() -> Int64 {
        WallClock.seconds()
    }
}

extension BARTBoard {
    /// The board with only the trains at a platform and in a direction, when given.
    func filtered(platform: Int?, direction: BARTDirection?) -> BARTBoard {
        guard platform != nil || direction != nil else { return self }
        let etds = etds.compactMap { etd -> BARTETD? in
            let estimates = etd.estimates.filter { estimate in
                (platform.map { estimate.platform == $0 } ?? true) && (direction.map { estimate.direction == $0 } ?? true)
            }
            return estimates.isEmpty ? nil : BARTETD(destination: etd.destination, abbreviation: etd.abbreviation, estimates: estimates)
        }
        return BARTBoard(station: station, etds: etds, error: error)
    }
}
