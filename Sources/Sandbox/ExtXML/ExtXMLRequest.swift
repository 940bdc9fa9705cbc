import Markup

/// A request to SBB's extxml.exe as the sandbox understands it: `ReqC` with a connection
/// request, location lookups or a station board request.
///
/// ```xml
/// <ReqC lang="EN" prod="gottago" ver="2.3" accessId="…"><ConReq>
///   <Start><Station name="Zürich" externalId="008503000"/><Prod prod="1111111111111111"/></Start>
///   <Dest><Station name="Bern"/></Dest>
///   <ReqT a="0" date="20121223" time="14:30"/><RFlags b="0" f="4" sMode="N"/>
/// </ConReq></ReqC>
/// ```
public enum ExtXMLRequest: Sendable, Equatable {
    /// `ConReq`: connections between two stations.
    case connections(ConnectionQuery)
    /// `LocValReq` (one or several): stations matching names.
    case locations([LocationQuery])
    /// `STBReq`: a station's departures or arrivals.
    case stationBoard(BoardQuery)

    /// A station as a request names it: by `externalId`, by `name`, or both.
    public struct StationReference: Sendable, Equatable {
        /// The name, when given.
        public var name: String?
        /// The id (`008503000` or `8503000#85`), when given.
        public var externalID: String?
    }

    /// What a `ConReq` asks.
    public struct ConnectionQuery: Sendable, Equatable {
        /// `Start/Station`.
        public var start: StationReference
        /// `Dest/Station`.
        public var destination: StationReference
        /// `ReqT/@date`, `YYYYMMDD`.
        public var date: String
        /// `ReqT/@time`, `HH:MM`.
        public var time: String
        /// `ReqT/@a = 1`: the time is the arrival time.
        public var isArrivalTime: Bool
        /// Connections wanted: `RFlags/@b + @f`.
        public var count: Int
        /// `Via/Station`, in order (HAFAS takes up to five).
        public var via: [StationReference] = []
    }

    /// One `LocValReq`.
    public struct LocationQuery: Sendable, Equatable {
        /// `@id`, echoed in the answer.
        public var id: String
        /// `ReqLoc/@match`.
        public var match: String
    }

    /// What an `STBReq` asks.
    public struct BoardQuery: Sendable, Equatable {
        /// `TableStation`.
        public var station: StationReference
        /// `Period/DateBegin/Date`, `YYYYMMDD`.
        public var date: String
        /// `Time`, `HH:MM`.
        public var time: String
        /// `@boardType = ARR`.
        public var isArrivalBoard: Bool
        /// `@maxJourneys`, when given.
        public var maxJourneys: Int?
    }

    /// Reads a request body; the encoding comes from the XML declaration or the Content-Type.
    public static func parse(_ body: [UInt8], contentType: String? = nil) throws(ExtXMLRequestError) -> ExtXMLRequest {
        let document: Document
        do {
            document = try Document.parse(body, as: .xml, options: ParseOptions(contentType: contentType))
        } catch {
            throw .unreadable("\(error)")
        }
        return try parse(document)
    }

    /// Reads a parsed request.
    static func parse(_ document: Document) throws(ExtXMLRequestError) -> ExtXMLRequest {
        do {
            let reader = try Reader(document)
            if try reader.exists("/ReqC/ConReq") { return .connections(try reader.connectionQuery()) }
            if try reader.exists("/ReqC/LocValReq") { return .locations(try reader.locationQueries()) }
            if try reader.exists("/ReqC/STBReq") { return .stationBoard(try reader.boardQuery()) }
        } catch let error as ExtXMLRequestError {
            throw error
        } catch {
            throw .unreadable("\(error)")
        }
        throw .unsupported("no ConReq, LocValReq or STBReq in ReqC")
    }

    /// XPath over one request document.
    private struct Reader {
        let xpath: XPathEvaluator

        init(_ document: Document) throws {
            xpath = try XPathEvaluator(document)
        }

        func exists(_ path: String) throws -> Bool {
            try xpath.boolean(XPathExpression(path))
        }

        func string(_ path: String) throws -> String? {
            let value = try xpath.strings(XPathExpression("normalize-space(\(path))")).first ?? ""
            return value.isEmpty ? nil : value
        }

        func station(_ path: String) throws -> StationReference {
            StationReference(name: try string("\(path)/@name"), externalID: try string("\(path)/@externalId"))
        }

        func connectionQuery() throws -> ConnectionQuery {
            let before = Int(try string("/ReqC/ConReq/RFlags/@b") ?? "") ?? 0
            let after = Int(try string("/ReqC/ConReq/RFlags/@f") ?? "") ?? 4
            return ConnectionQuery(
                start: try station("/ReqC/ConReq/Start/Station"), destination: try station("/ReqC/ConReq/Dest/Station"),
                date: try string("/ReqC/ConReq/ReqT/@date") ?? "", time: try string("/ReqC/ConReq/ReqT/@time") ?? "",
                isArrivalTime: try string("/ReqC/ConReq/ReqT/@a") == "1", count: max(1, before + after),
                via: try viaStations())
        }

        func viaStations() throws -> [StationReference] {
            try xpath.nodes(XPathExpression("/ReqC/ConReq/Via/Station")).prefix(5).map { node in
                StationReference(
                    name: try xpath.strings(XPathExpression("normalize-space(@name)"), at: node).first.flatMap { $0.isEmpty ? nil : $0 },
                    externalID: try xpath.strings(XPathExpression("normalize-space(@externalId)"), at: node).first.flatMap { $0.isEmpty ? nil : $0 })
            }
        }

        func locationQueries() throws -> [LocationQuery] {
            try xpath.nodes(XPathExpression("/ReqC/LocValReq")).map { node in
                LocationQuery(
                    id: node.attribute("id") ?? "",
                    match: try xpath.strings(XPathExpression("string(ReqLoc/@match)"), at: node).first ?? "")
            }
        }

        func boardQuery() throws -> BoardQuery {
            var table = try station("/ReqC/STBReq/TableStation")
            if table.externalID == nil { table.externalID = try string("/ReqC/STBReq/TableStation/@externalStationNr") }
            return BoardQuery(
                station: table, date: try string("/ReqC/STBReq/Period/DateBegin/Date") ?? "",
                time: try string("/ReqC/STBReq/Time") ?? "", isArrivalBoard: try string("/ReqC/STBReq/@boardType") == "ARR",
                maxJourneys: Int(try string("/ReqC/STBReq/@maxJourneys") ?? ""))
        }
    }
}

/// Why a request body is not a request the sandbox can answer.
public struct ExtXMLRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Kind: Equatable { case unreadable, unsupported }
    private let kind: Kind
    /// What is wrong.
    public let message: String

    /// The body is not well-formed XML.
    public static func unreadable(_ message: String) -> ExtXMLRequestError { ExtXMLRequestError(kind: .unreadable, message: message) }
    /// The XML is not a `ReqC` with a request the sandbox knows.
    public static func unsupported(_ message: String) -> ExtXMLRequestError { ExtXMLRequestError(kind: .unsupported, message: message) }

    public var description: String { message }
}
