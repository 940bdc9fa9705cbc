import Model

/// Writes the sandbox timetable's answers in the XML of SBB's extxml.exe (interface version
/// 3.3.8, as recorded in 2016/2017): the same elements, attributes, order and ISO-8859-1
/// encoding, so that routes written against the recorded responses read these the same way.
struct ExtXMLRenderer {
    let model: TimetableModel

    /// The attributes of `ResC`.
    static let rootAttributes = [
        ("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance"),
        ("xsi:noNamespaceSchemaLocation", "http://fahrplan.sbb.ch/xsd/hafasXMLInterface.xsd"),
        ("ver", "3.3.8"), ("prod", "gottago-sandbox"), ("lang", "EN"),
    ]

    /// A whole answer: `ResC` around what `body` writes.
    static func document(_ body: (inout AnswerWriter) -> Void) -> [UInt8] {
        var writer = AnswerWriter(charset: .latin1)
        writer.element("ResC", rootAttributes, body)
        return writer.bytes
    }

    /// An error answer.
    static func error(_ error: ExtXMLError) -> [UInt8] {
        document { writer in
            let err = [("code", error.code), ("text", error.text), ("level", "E")]
            switch error.placement {
            case .root: writer.empty("Err", err)
            case .connections: writer.element("ConRes", [("dir", "O")]) { $0.empty("Err", err) }
            case .board: writer.element("STBRes") { $0.empty("Err", err) }
            }
        }
    }

    /// `<Station name x y type externalId externalStationNr/>`, the order of connections and boards.
    static func station(_ station: Station, into writer: inout AnswerWriter) {
        writer.empty("Station", [
            ("name", station.name), ("x", micro(station.longitude)), ("y", micro(station.latitude)), ("type", "WGS84"),
            ("externalId", station.id + "#85"), ("externalStationNr", station.id),
        ])
    }

    /// Degrees as HAFAS's integer microdegrees.
    static func micro(_ degrees: Double) -> String {
        String(Int((degrees * 1_000_000).rounded()))
    }

    /// `DDdHH:MM:SS`: the local time, with the days since `date` in front.
    static func dayTime(_ moment: Moment, from date: CalendarDate) -> String {
        let local = moment.local
        return padded(local.date.daysSinceEpoch - date.daysSinceEpoch, 2) + "d" + local.clock + ":" + padded(local.second, 2)
    }

    /// A duration in the same `DDdHH:MM:SS` form.
    static func duration(_ seconds: Int64) -> String {
        let seconds = Int(max(0, seconds))
        return padded(seconds / 86_400, 2) + "d" + padded(seconds / 3600 % 24, 2) + ":" + padded(seconds / 60 % 60, 2) + ":"
            + padded(seconds % 60, 2)
    }

    /// `<JourneyAttribute from to><Attribute type code><AttributeVariant type><Text>`.
    static func attribute(
        _ type: String, code: String? = nil, variants: [(String, String)], range: (Int, Int), into writer: inout AnswerWriter
    ) {
        writer.element("JourneyAttribute", [("from", String(range.0)), ("to", String(range.1))]) { writer in
            writer.element("Attribute", [("type", type)] + (code.map { [("code", $0)] } ?? [])) { writer in
                for (variant, text) in variants {
                    writer.element("AttributeVariant", [("type", variant)]) { $0.leaf("Text", text) }
                }
            }
        }
    }
}

extension Ride {
    /// The NUMBER attribute in a connection: the train number of a train, the line of the rest
    /// (recorded: `18654` for S 6 18654, `31` for Bus 31).
    var numberInConnection: String { category.isTrain ? number : line }

    /// The NUMBER attribute on a board: the train number of IC and IR, the line of the rest
    /// (recorded: `1524` for ICN 1524, `6` for S 6, `3` for T 3).
    var numberOnBoard: String { category.isLongDistance ? number : line }
}
