/// Writes `etd.aspx?cmd=etd` answers in the layout of the newest XML capture
/// (etd-RICH-platform-2017-06): the declaration and `<root>` on the first line with `<uri>` and
/// `<date>`, `<time>` on its own line, then the stations and `<message>` back to back.
///
/// Each estimate carries `<delay>` in seconds as in the 2021 capture (etd-ALL-2021-12-20,
/// JSON) and `<cancelflag>`/`<dynamicflag>`, the two flags the feed added later (FORMATS.md);
/// no capture shows those two, so they are always 0 here.
enum BARTETDRenderer {
    /// What `/root/message` says.
    enum RootMessage: Sendable, Equatable {
        /// `<message></message>`: all well.
        case none
        /// A text, as `orig=ALL` answers always carry "Direction not supported for ALL ETD messages."
        case text(String)
        /// `<message><warning>…</warning></message>`.
        case warning(String)
    }

    /// The real `orig=ALL` answers all end with this message, asked for a direction or not.
    static let allMessage = "Direction not supported for ALL ETD messages."
    /// No capture shows a station without trains; the text is what BART's API writes then as far
    /// as its clients tell (not recorded here).
    static let noData = "No data matched your criteria."

    /// The answer for some stations' boards; a board without departures and without error is
    /// written as the station alone.
    static func feed(_ boards: [BARTBoard], uri: String, timestamp: BARTTimestamp, message: RootMessage) -> [UInt8] {
        var writer = BARTFeedWriter(charset: .utf8, declaration: #"<?xml version="1.0" encoding="utf-8"?>"#)
        writer.open("root")
        writer.cdata("uri", uri)
        writer.leaf("date", timestamp.date)
        writer.newline()
        writer.leaf("time", timestamp.time)
        writer.newline()
        for board in boards { station(board, &writer) }
        switch message {
        case .none: writer.leaf("message", "")
        case .text(let text): writer.leaf("message", text)
        case .warning(let text):
            writer.open("message")
            writer.leaf("warning", text)
            writer.close("message")
        }
        writer.close("root")
        writer.newline()
        return writer.bytes
    }

    /// An API-level error, byte for byte as error-invalid-key.xml: no uri, no date.
    static func error(_ error: BARTAPIError) -> [UInt8] {
        var writer = BARTFeedWriter(charset: .utf8, declaration: #"<?xml version="1.0" encoding="utf-8"?>"#)
        writer.open("root")
        writer.open("message")
        writer.open("error")
        writer.leaf("text", error.text)
        writer.leaf("details", error.details)
        writer.close("error")
        writer.close("message")
        writer.close("root")
        writer.newline()
        return writer.bytes
    }

    private static func station(_ board: BARTBoard, _ writer: inout BARTFeedWriter) {
        writer.open("station")
        writer.leaf("name", board.station.name)
        writer.leaf("abbr", board.station.abbr)
        if let error = board.error {
            // As etd-RICH-2017-06-26: the station's own message, and no etd.
            writer.open("message")
            writer.leaf("error", error)
            writer.close("message")
        }
        for etd in board.etds {
            writer.open("etd")
            writer.leaf("destination", etd.destination)
            writer.leaf("abbreviation", etd.abbreviation)
            writer.leaf("limited", "0")
            for estimate in etd.estimates { self.estimate(estimate, &writer) }
            writer.close("etd")
        }
        writer.close("station")
    }

    private static func estimate(_ estimate: BARTEstimate, _ writer: inout BARTFeedWriter) {
        writer.open("estimate")
        writer.leaf("minutes", estimate.isLeaving ? "Leaving" : String(estimate.minutes))
        writer.leaf("platform", String(estimate.platform))
        writer.leaf("direction", estimate.direction.rawValue)
        writer.leaf("length", String(estimate.length))
        writer.leaf("color", estimate.line.color)
        writer.leaf("hexcolor", estimate.line.hexcolor)
        writer.leaf("bikeflag", "1")
        writer.leaf("delay", String(estimate.delay))
        writer.leaf("cancelflag", "0")
        writer.leaf("dynamicflag", "0")
        writer.close("estimate")
    }
}
