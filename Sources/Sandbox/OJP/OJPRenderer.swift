import Model

/// Writes the sandbox timetable's answers in the XML of the Swiss OJP 2.0 service
/// (api.opentransportdata.swiss/ojp20, as recorded in 2025/2026): the vdv namespace as the
/// default one, SIRI elements prefixed `siri:`, times in UTC with `Z`, texts in German.
struct OJPRenderer {
    let model: TimetableModel
    /// The request's timestamp, written back as the response timestamp (the sandbox has no clock
    /// of its own, and the same request must give the same bytes).
    let timestamp: Int64?

    /// The attributes of `OJP`.
    static let rootAttributes = [
        ("xmlns", "http://www.vdv.de/ojp"), ("xmlns:siri", "http://www.siri.org.uk/siri"), ("version", "2.0"),
    ]

    /// What the service calls itself in `siri:ProducerRef`.
    static let producer = "gottago-sandbox"

    /// A whole answer: `OJP/OJPResponse/siri:ServiceDelivery` around what `body` writes.
    func document(_ body: (inout AnswerWriter) -> Void) -> [UInt8] {
        var writer = AnswerWriter(charset: .utf8)
        writer.element("OJP", Self.rootAttributes) { writer in
            writer.element("OJPResponse") { writer in
                writer.element("siri:ServiceDelivery") { writer in
                    if let timestamp { writer.leaf("siri:ResponseTimestamp", OJPTime.utc(timestamp)) }
                    writer.leaf("siri:ProducerRef", Self.producer)
                    body(&writer)
                }
            }
        }
        return writer.bytes
    }

    /// One delivery (`OJPTripDelivery`, …) with its timestamp and language, around what `body` writes.
    func delivery(_ name: String, into writer: inout AnswerWriter, _ body: (inout AnswerWriter) -> Void) {
        writer.element(name) { writer in
            if let timestamp { writer.leaf("siri:ResponseTimestamp", OJPTime.utc(timestamp)) }
            writer.leaf("siri:DefaultLanguage", "de")
            body(&writer)
        }
    }

    /// An error answer.
    func problem(_ problem: OJPProblem) -> [UInt8] {
        document { writer in
            guard let elements = problem.elements else {
                writer.leaf("siri:Status", "false")
                writer.element("siri:ErrorCondition") { writer in
                    writer.element("siri:OtherError") { $0.leaf("siri:ErrorText", problem.code) }
                    writer.leaf("siri:Description", problem.code)
                }
                return
            }
            delivery(elements.delivery, into: &writer) { writer in
                writer.element("ErrorCondition") { $0.leaf(elements.problemType, problem.code) }
            }
        }
    }

    /// `Places`: each station once, as `Place/StopPlace` with its name and position.
    func places(_ stations: [Station], into writer: inout AnswerWriter) {
        var seen = Set<String>()
        writer.element("Places") { writer in
            for station in stations where seen.insert(station.id).inserted {
                writer.element("Place") { writer in
                    writer.element("StopPlace") { writer in
                        writer.leaf("StopPlaceRef", station.id)
                        writer.text("StopPlaceName", station.name)
                    }
                    writer.text("Name", station.name)
                    Self.geoPosition(station, into: &writer)
                }
            }
        }
    }

    /// `GeoPosition` with `siri:Longitude` and `siri:Latitude`.
    static func geoPosition(_ station: Station, into writer: inout AnswerWriter) {
        writer.element("GeoPosition") { writer in
            writer.leaf("siri:Longitude", degrees(station.longitude))
            writer.leaf("siri:Latitude", degrees(station.latitude))
        }
    }

    /// Degrees with at most six decimals and no trailing zeros (`8.540192`, `47.5`).
    static func degrees(_ value: Double) -> String {
        decimal(Int64((value * 1_000_000).rounded()), places: 6)
    }

    /// `units / 10^places` as a decimal without trailing zeros (`83, 2` → `0.83`, `100, 2` → `1`).
    static func decimal(_ units: Int64, places: Int) -> String {
        let scale = (0..<places).reduce(Int64(1)) { value, _ in value * 10 }
        let magnitude = units.magnitude
        var text = String(magnitude / UInt64(scale))
        var fraction = String(magnitude % UInt64(scale))
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if !fraction.isEmpty { text += "." + fraction }
        return units < 0 && text != "0" ? "-" + text : text
    }

    /// `Service`: the run, its line and mode, where it comes from and goes, whether it runs. As
    /// recorded, a stop event names the run's first stop (`OriginStopPointRef`), a trip's leg does not.
    func service(_ ride: Ride, originReference: Bool, into writer: inout AnswerWriter) {
        let category = ride.category
        let start = ride.stops[0]
        writer.element("Service") { writer in
            writer.leaf("OperatingDayRef", (start.departure ?? start.arrival).map { $0.local.date.description } ?? "")
            writer.leaf("JourneyRef", "ch:1:sjyid:100001:\(ride.number)-001")
            writer.leaf("PublicCode", ride.publishedName)
            writer.leaf("siri:LineRef", "ojp:\(category.rawValue):\(ride.line)")
            writer.leaf("siri:DirectionRef", ride.origin.id < ride.direction.id ? "H" : "R")
            writer.element("Mode") { writer in
                writer.leaf("PtMode", category.ptMode)
                if let submode = category.submode { writer.leaf(submode.element, submode.value) }
                writer.text("Name", category.modeName)
                writer.text("ShortName", category.ojpShortName)
            }
            writer.element("ProductCategory") { writer in
                writer.text("Name", category.germanName)
                writer.text("ShortName", category.ojpShortName)
            }
            writer.text("PublishedServiceName", ride.publishedName)
            writer.leaf("TrainNumber", ride.number)
            if originReference { writer.leaf("OriginStopPointRef", ride.origin.id) }
            writer.text("OriginText", ride.origin.name)
            writer.leaf("siri:OperatorRef", ride.operatorCode)
            writer.leaf("DestinationStopPointRef", ride.direction.id)
            writer.text("DestinationText", ride.direction.name)
            if ride.isCancelled { writer.leaf("Cancelled", "true") }
            Self.situationReferences(ride.situations, into: &writer)
        }
    }

    /// `ServiceDeparture` or `ServiceArrival`: the timetable's time and, where the upstream
    /// predicts, the expected one. A run predicted on time has an `EstimatedTime` equal to its
    /// `TimetabledTime` (recorded: Visp in `ojp2-kpublictransport-ch2-journey-situation.xml`); a
    /// run without real-time, or a stop past the prediction horizon, has none.
    static func serviceTime(_ name: String, _ time: Moment, expected: Moment?, into writer: inout AnswerWriter) {
        writer.element(name) { writer in
            writer.leaf("TimetabledTime", OJPTime.utc(time.instant))
            if let expected { writer.leaf("EstimatedTime", OJPTime.utc(expected.instant)) }
        }
    }

    /// `PlannedQuay`, and `EstimatedQuay` where the upstream predicts the call: the same platform
    /// or the changed one (recorded: `EstimatedQuay` only where `EstimatedTime` is).
    static func quays(_ platform: String?, predicted: String?, into writer: inout AnswerWriter) {
        guard let platform else { return }
        writer.text("PlannedQuay", platform)
        if let predicted { writer.text("EstimatedQuay", predicted) }
    }

    /// `Order`, and `NotServicedStop` for a stop the run skips today (OJP 2.0's
    /// `StopCallStatusGroup`: Order, RequestStop, UnplannedStop, NotServicedStop, …; the recorded
    /// answers have none, the schema puts it here).
    static func callStatus(order: Int, skipped: Bool, into writer: inout AnswerWriter) {
        writer.leaf("Order", String(order))
        if skipped { writer.leaf("NotServicedStop", "true") }
    }

    /// An id that is the same for the same inputs: `ID-` and 16 hexadecimal digits.
    static func identifier(_ parts: String...) -> String {
        var hash = StableHash()
        for part in parts { hash.add(part) }
        let hex = String(hash.value, radix: 16, uppercase: true)
        return "ID-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}

extension AnswerWriter {
    /// `<name><Text xml:lang="de">text</Text></name>`, OJP's international text.
    mutating func text(_ name: String, _ text: String) {
        element(name) { $0.leaf("Text", text, [("xml:lang", "de")]) }
    }
}
