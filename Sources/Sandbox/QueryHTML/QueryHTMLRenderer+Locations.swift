import Model

/// `ajax-getstop.exe/dn`: matching stations as the JavaScript object literal SBB's lookup
/// answered with (recorded by KDE's kpublictransport and OpendataCH/Transport) — not JSON:
/// keys unquoted, `key : "value"` with spaces around some colons, `\'` for an apostrophe, names
/// with numeric references for what is not ASCII (`Kehrsiten-B&#252;rgenstock`), `urlname`
/// percent-encoded in ISO-8859-1 (`Kehrsiten-B%FCrgenstock`), x/y as microdegrees in strings.
///
/// ```
/// { prods:"",
/// stops:
/// [
/// {
/// x : "7439122",
/// y : "46948825",
/// extId:"8507000",
/// puic:"85",
/// name : "Bern",
/// prodclass : "38",
/// urlname : "Bern"
/// }
/// ]
/// ,error : "0"
/// ,numberofstops: "1"
/// }
/// ```
extension QueryHTMLRenderer {
    func locations(_ matches: [StationMatch]) -> [UInt8] {
        var html = HTMLWriter()
        // `prods` stays empty, as in the recorded ajax-getstop answer (performLocating echoes a mask there).
        html.line("{ prods:\"\",")
        html.line("stops:")
        html.line("[")
        for (index, match) in matches.enumerated() {
            if index > 0 { html.line(",") }
            let station = match.station
            html.line("{")
            html.line("x : \"\(Self.micro(station.longitude))\",")
            html.line("y : \"\(Self.micro(station.latitude))\",")
            html.line("extId:\"\(station.id)\",")
            html.line("puic:\"85\",")
            html.line("name : \"\(Self.javaScript(match.name))\",")
            html.line("prodclass : \"\(model.productClasses(at: station))\",")
            // As recorded, the apostrophe stays bare here (`l'Etraz`), while the name escapes it.
            html.line("urlname : \"\(HTMLWriter.percentEncoded(match.name))\"")
            html.line("}")
        }
        html.line("]")
        html.line(",error : \"0\"")
        html.line(",numberofstops: \"\(matches.count)\"")
        html.line("}")
        return html.bytes
    }

    /// An answer the lookup could not give (`error : "1"`, no stops), for input it refuses.
    static func locationsError(_ code: String) -> [UInt8] {
        var html = HTMLWriter()
        html.line("{ prods:\"\",")
        html.line("stops:")
        html.line("[")
        html.line("]")
        html.line(",error : \"\(code)\"")
        html.line(",numberofstops: \"0\"")
        html.line("}")
        return html.bytes
    }

    /// Degrees as HAFAS's integer microdegrees.
    static func micro(_ degrees: Double) -> String {
        String(Int((degrees * 1_000_000).rounded()))
    }

    /// A string literal's content: `\` and `'` escaped (`\'` as recorded), then escaped as the
    /// pages' text (``HTMLWriter/escape(_:_:)``): `&`, `<`, `>`, `"` as references, what is not
    /// ASCII as a numeric reference.
    static func javaScript(_ text: String) -> String {
        HTMLWriter.escape(text.replacing("\\", with: "\\\\").replacing("'", with: "\\'"), .numeric)
    }
}
