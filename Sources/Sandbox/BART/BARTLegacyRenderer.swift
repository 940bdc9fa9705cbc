/// Writes the legacy `bart.gov/dev/eta/bart_eta.xml` feed as legacy-bart_eta-2013-05-18.xml
/// lays it out: an ISO-8859-1 declaration with a space before `?>`, one element per line, no
/// indentation, the channel's metadata, then every station with its own date and time and one
/// `<eta>` per destination whose `<estimate>` is one text ("Leaving, 20 min, 40 min").
enum BARTLegacyRenderer {
    /// The whole feed; a station whose predictions are down is listed without `<eta>` (the
    /// capture has no such station; an empty station is what a reader of the feed copes with).
    static func feed(_ boards: [BARTBoard], timestamp: BARTTimestamp) -> [UInt8] {
        var writer = BARTFeedWriter(charset: .latin1, declaration: #"<?xml version="1.0" encoding="iso-8859-1" ?>"#)
        writer.newline()
        line("root", &writer)
        line("channel", &writer)
        leaf("title", "BART Real Time ETA Feed", &writer)
        leaf("link", "http://www.bart.gov/schedules/developers/etas.aspx", &writer)
        block(
            "description",
            "Real time estimated arrivals for Bay Area Rapid Transit. Use subject to terms at http://www.bart.gov/dev/schedules/license.htm",
            &writer)
        block("copyright", "Copyright (C) \(timestamp.year) San Francisco Bay Area Rapid Transit District. All rights reserved.", &writer)
        leaf("date", timestamp.date, &writer)
        leaf("time", timestamp.time, &writer)
        line("/channel", &writer)
        for board in boards {
            line("station", &writer)
            leaf("name", board.station.name, &writer)
            leaf("abbr", board.station.abbr, &writer)
            leaf("date", timestamp.date, &writer)
            leaf("time", timestamp.time, &writer)
            for etd in board.etds {
                line("eta", &writer)
                leaf("destination", etd.destination, &writer)
                leaf("estimate", estimate(etd), &writer)
                line("/eta", &writer)
            }
            line("/station", &writer)
        }
        line("/root", &writer)
        return writer.bytes
    }

    /// "Leaving, 20 min, 40 min".
    static func estimate(_ etd: BARTETD) -> String {
        etd.estimates.map { $0.isLeaving ? "Leaving" : "\($0.minutes) min" }.joined(separator: ", ")
    }

    private static func line(_ tag: String, _ writer: inout BARTFeedWriter) {
        writer.markup("<" + tag + ">")
        writer.newline()
    }

    private static func leaf(_ name: String, _ text: String, _ writer: inout BARTFeedWriter) {
        writer.leaf(name, text)
        writer.newline()
    }

    /// The channel's long texts sit on a line of their own between the tags.
    private static func block(_ name: String, _ text: String, _ writer: inout BARTFeedWriter) {
        line(name, &writer)
        writer.escaped(text)
        writer.newline()
        line("/" + name, &writer)
    }
}
