public import Model
import Kernel

/// Where a list of links or journeys stands in the one order every page of it follows: planned
/// departure (or board time), then planned arrival, then a fingerprint of the run, so two items
/// at the same minute still have an order, and a page boundary falls between two items exactly.
public struct PageKey: Sendable, Hashable, Comparable {
    /// Seconds since the epoch of the planned departure (a board's planned time).
    public let instant: Int64
    /// Seconds since the epoch of the planned arrival; a board journey's is its time again.
    public let second: Int64
    /// The first four bytes of the SHA-256 of what tells the item from others at the same times.
    public let fingerprint: UInt32

    public init(instant: Int64, second: Int64, fingerprint: UInt32) {
        self.instant = instant
        self.second = second
        self.fingerprint = fingerprint
    }

    public static func < (a: PageKey, b: PageKey) -> Bool {
        (a.instant, a.second, a.fingerprint) < (b.instant, b.second, b.fingerprint)
    }

    static func fingerprint(_ text: String) -> UInt32 {
        SHA256.digest(Array(text.utf8)).prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
    }
}

extension Link {
    /// The link's place in the order of pages.
    public var pageKey: PageKey {
        let runs = parts.map { "\($0.departure.instant) \($0.line ?? $0.vehicle) \($0.from ?? "") \($0.to ?? "")" }
        return PageKey(instant: departure.instant, second: arrival.instant, fingerprint: PageKey.fingerprint(runs.joined(separator: "|")))
    }

    /// When the link is expected to leave: its planned departure moved by its first ride's
    /// predicted delay (a walk before the first ride moves with it).
    var predictedDeparture: Int64 {
        guard let ride = parts.first(where: { $0.vehicle != "Walk" }), let predicted = ride.departurePredicted else { return departure.instant }
        return departure.instant + predicted.instant - ride.departure.instant
    }
}

extension BoardJourney {
    /// The journey's place in the order of pages.
    public var pageKey: PageKey {
        let run = "\(line ?? "") \(number ?? "") \(direction ?? "") \(origin ?? "")"
        return PageKey(instant: time.instant, second: time.instant, fingerprint: PageKey.fingerprint(run))
    }
}

/// An opaque page cursor: the key of the item a page begins or ends at, which way to go from it,
/// and a tag binding both to the query it was made for. A cursor is checked, not secret: its
/// content is a time any client could ask for; the tag refuses a damaged cursor, a made-up one and
/// one from another query (other stations, another board) with `invalid_cursor`.
///
/// ```swift
/// let text = PageCursor(direction: .later, key: last.pageKey).encoded(scope: scope)
/// let cursor = try PageCursor(decoding: text, scope: scope)
/// ```
public struct PageCursor: Sendable, Equatable {
    /// Which way from the key the page goes.
    public enum Direction: UInt8, Sendable {
        /// The items after the key.
        case later = 1
        /// The items before the key.
        case earlier = 2
    }

    /// Why a text is not a cursor for a query.
    public enum Problem: Error, Equatable {
        /// Not the text of any cursor: bad characters, a wrong length or version.
        case malformed
        /// A cursor's shape, but not made for this query (or altered since).
        case foreign
    }

    public let direction: Direction
    public let key: PageKey

    public init(direction: Direction, key: PageKey) {
        self.direction = direction
        self.key = key
    }

    static let version: UInt8 = 1
    static let payloadLength = 22
    static let tagLength = 10
    /// Longer texts are refused before they are decoded.
    public static let maxTextLength = 64
    /// The tag's key: it makes a cursor this service's, not a secret (see above).
    static let tagKey = Array("GottaGo page cursor, version 1".utf8)

    /// The cursor as URL-safe text, tagged for `scope`.
    public func encoded(scope: String) -> String {
        var payload: [UInt8] = [Self.version, direction.rawValue]
        for value in [UInt64(bitPattern: key.instant), UInt64(bitPattern: key.second)] {
            for shift in stride(from: 56, through: 0, by: -8) { payload.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        }
        for shift in stride(from: 24, through: 0, by: -8) { payload.append(UInt8(truncatingIfNeeded: key.fingerprint >> UInt32(shift))) }
        return Base64URL.encode(payload + Self.tag(payload, scope: scope))
    }

    /// The cursor a text stands for, when it was made for `scope`.
    public init(decoding text: String, scope: String) throws(Problem) {
        guard text.utf8.count <= Self.maxTextLength, let bytes = Base64URL.decode(text),
            bytes.count == Self.payloadLength + Self.tagLength, bytes[0] == Self.version,
            let direction = Direction(rawValue: bytes[1])
        else { throw .malformed }
        let payload = Array(bytes.prefix(Self.payloadLength))
        guard HMACSHA256.equal(bytes.suffix(Self.tagLength), Self.tag(payload, scope: scope)) else { throw .foreign }
        func integer(_ range: Range<Int>) -> UInt64 { payload[range].reduce(0) { $0 << 8 | UInt64($1) } }
        self.direction = direction
        key = PageKey(
            instant: Int64(bitPattern: integer(2..<10)), second: Int64(bitPattern: integer(10..<18)),
            fingerprint: UInt32(truncatingIfNeeded: integer(18..<22)))
    }

    static func tag(_ payload: [UInt8], scope: String) -> [UInt8] {
        Array(HMACSHA256.tag(key: tagKey, message: Array(scope.utf8) + [0] + payload).prefix(tagLength))
    }
}

/// How a page's items are ordered for the client.
public enum RealtimeOrder: String, Sendable, CaseIterable {
    /// By the time the upstream predicts, the planned one where it predicts none: the order people
    /// will see the trains leave in.
    case predicted
    /// By the planned time, with the predictions as annotations: a late train stays where the
    /// timetable has it, not hidden below later ones.
    case annotate
}
