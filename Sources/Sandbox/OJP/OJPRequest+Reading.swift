import Markup

extension OJPRequest {
    /// The namespaces of OJP requests, bound to the prefixes the expressions below use.
    static let namespaces = [(prefix: "o", uri: "http://www.vdv.de/ojp"), (prefix: "s", uri: "http://www.siri.org.uk/siri")]

    /// XPath over one request document.
    struct Reader {
        let xpath: XPathEvaluator

        init(_ document: Document) throws {
            xpath = try XPathEvaluator(document, namespaces: OJPRequest.namespaces)
        }

        func request() throws -> OJPRequest {
            // OJP 2.0 puts OJP and OJPRequest in the vdv namespace, OJP 1.0 in the SIRI one.
            guard let service = try nodes("/o:OJP/o:OJPRequest/s:ServiceRequest | /s:OJP/s:OJPRequest/s:ServiceRequest").first else {
                throw OJPRequestError.unsupported("the document is not an OJP request (OJP/OJPRequest/siri:ServiceRequest)")
            }
            guard let inner = try nodes("o:OJPTripRequest | o:OJPLocationInformationRequest | o:OJPStopEventRequest", at: service).first else {
                let asked = try string("local-name(*[not(self::s:RequestTimestamp or self::s:RequestorRef or self::s:MessageIdentifier)])", at: service)
                throw OJPRequestError.unsupported("siri:ServiceRequest holds \(asked ?? "no request"), not a trip, location or stop event request")
            }
            let timestamp = try string("s:RequestTimestamp", at: inner) ?? string("s:RequestTimestamp", at: service)
            switch inner.name {
            case "OJPTripRequest": return OJPRequest(timestamp: timestamp, query: .trip(try tripQuery(inner)))
            case "OJPLocationInformationRequest": return OJPRequest(timestamp: timestamp, query: .locations(try locationQuery(inner)))
            default: return OJPRequest(timestamp: timestamp, query: .stopEvents(try stopEventQuery(inner)))
            }
        }

        private func tripQuery(_ request: DocumentNode) throws -> TripQuery {
            var query = TripQuery()
            if let origin = try nodes("o:Origin", at: request).first {
                query.origin = try place(origin)
                query.time = try string("o:DepArrTime", at: origin)
            }
            if let destination = try nodes("o:Destination", at: request).first {
                query.destination = try place(destination)
                if query.time == nil, let time = try string("o:DepArrTime", at: destination) {
                    query.time = time
                    query.isArrivalTime = true
                }
            }
            // A template cannot move the time into Destination, so the routes flag an arrival-time
            // search in the parameters' extension (the Swiss service ignores it).
            if !query.isArrivalTime, ["1", "true"].contains(try string("o:Params/o:Extension/o:ArrivalSearch", at: request)) {
                query.isArrivalTime = query.time != nil
            }
            query.via = try xpath.strings(XPathExpression("o:Via/o:ViaPoint/o:StopPlaceRef | o:Via/o:ViaPoint/s:StopPointRef"), at: request)
                .map(Self.collapsed).filter { !$0.isEmpty }
            query.count = try number("o:Params/o:NumberOfResults", at: request)
            query.includeIntermediateStops = try string("o:Params/o:IncludeIntermediateStops", at: request) == "true"
            return query
        }

        private func locationQuery(_ request: DocumentNode) throws -> LocationQuery {
            var query = LocationQuery()
            query.name = try string("o:InitialInput/o:Name | o:InitialInput/o:LocationName", at: request)
            query.position = try position("o:InitialInput/o:GeoPosition", at: request)
                ?? position("o:InitialInput/o:GeoRestriction/o:Circle/o:Center", at: request)
            query.radius = try string("o:InitialInput/o:GeoRestriction/o:Circle/o:Radius", at: request).flatMap(Double.init)
                .flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
            query.types = try xpath.strings(XPathExpression("o:Restrictions/o:Type"), at: request).map(Self.collapsed).filter { !$0.isEmpty }
            query.count = try number("o:Restrictions/o:NumberOfResults", at: request)
            return query
        }

        private func stopEventQuery(_ request: DocumentNode) throws -> StopEventQuery {
            var query = StopEventQuery()
            if let location = try nodes("o:Location", at: request).first {
                query.place = try place(location)
                query.time = try string("o:DepArrTime", at: location)
            }
            if let type = try string("o:Params/o:StopEventType", at: request) { query.type = type }
            query.count = try number("o:Params/o:NumberOfResults", at: request)
            query.includeRealtime = try string("o:Params/o:IncludeRealtimeData", at: request) != "false"
            return query
        }

        /// `PlaceRef` (OJP 1.0 stop events: `LocationRef`) under an `Origin`, `Destination` or `Location`.
        private func place(_ context: DocumentNode) throws -> Place? {
            guard let reference = try nodes("o:PlaceRef | o:LocationRef", at: context).first else { return nil }
            let place = Place(
                stopID: try string("o:StopPlaceRef | s:StopPointRef", at: reference),
                name: try string("o:Name/o:Text | o:LocationName/o:Text", at: reference),
                position: try position("o:GeoPosition", at: reference))
            return place == Place() ? nil : place
        }

        private func position(_ path: String, at context: DocumentNode) throws -> Position? {
            guard let longitude = try string("\(path)/s:Longitude", at: context).flatMap(Double.init),
                  let latitude = try string("\(path)/s:Latitude", at: context).flatMap(Double.init),
                  (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
            return Position(latitude: latitude, longitude: longitude)
        }

        private func nodes(_ path: String, at context: DocumentNode? = nil) throws -> [DocumentNode] {
            try xpath.nodes(XPathExpression(path), at: context)
        }

        /// The first value, whitespace collapsed; nil when blank.
        private func string(_ path: String, at context: DocumentNode) throws -> String? {
            let value = Self.collapsed(try xpath.strings(XPathExpression("string(\(path))"), at: context).first ?? "")
            return value.isEmpty ? nil : value
        }

        /// A whole number from 1 to 1000; nil otherwise.
        private func number(_ path: String, at context: DocumentNode) throws -> Int? {
            try string(path, at: context).flatMap { Int($0) }.flatMap { (1...1000).contains($0) ? $0 : nil }
        }

        static func collapsed(_ text: String) -> String {
            text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
    }
}
