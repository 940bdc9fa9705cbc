import Model

/// Writes the sandbox timetable's answers as the legacy HAFAS pages of fahrplan.sbb.ch: German
/// (`/dn`), ISO-8859-1, HTML 4 with the habits of the recorded pages — cells and rows left open,
/// some attributes unquoted, `&` raw in links, line breaks and padding inside cells, umlauts as
/// bytes, numeric references and named entities side by side, inline scripts with `<` and `&&`
/// in them — while staying within what libxml2's HTML parser repairs the same way every time.
///
/// The structure of what routes read follows the recorded pages: the connection detail rows of
/// `query.exe/dn` (public transport enabler's SbbProviderTest fragments, 2010) and the
/// `table.result.stboard` of `bhftafel.exe/dn` (bahn.de, 2011/2014). What no recording shows
/// (the overview rows around the detail tables, the error box of the SBB page) follows what HAFAS
/// clients of the time parsed (`tr.zebra-row-N`, `trOverviewDep…`, `table.hac_detail`, `div.errormsg`).
struct QueryHTMLRenderer {
    let model: TimetableModel
    /// The session id HAFAS writes into every link (`38.03520220.1281445666`), made from the request.
    let ident: String

    /// Where the pages' links point.
    static let origin = "http://fahrplan.sbb.ch"

    init(model: TimetableModel, seed: String) {
        self.model = model
        let hash = StableHash(seed)
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        let first = letters[hash.pick(letters.count)], second = letters[StableHash(seed, "2").pick(letters.count)]
        let number = StableHash(seed, "n").pick(90_000_000) + 10_000_000
        // The last part is a Unix time in HAFAS's idents; a fixed day of 2026 plus the hash.
        let stamp = 1_778_500_000 + StableHash(seed, "t").pick(86_400)
        ident = "\(first)\(second).0\(number).\(stamp)"
    }

    /// A whole page: the head with its scripts, then `body` inside the HAFAS content frame.
    func page(title: String, _ body: (inout HTMLWriter) -> Void) -> [UInt8] {
        var html = HTMLWriter()
        html.line(#"<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN""#)
        html.line(#""http://www.w3.org/TR/html4/loose.dtd">"#)
        html.line("<html lang=de>")
        html.line("<head>")
        html.line("<title>SBB: " + HTMLWriter.escape(title, .named) + "</title>")
        html.line(#"<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">"#)
        html.line(#"<meta name="robots" content="noindex,nofollow">"#)
        html.line(#"<link rel=stylesheet type=text/css href="/css/2/hafas.css">"#)
        html.line(#"<script type="text/javascript">"#)
        html.line("<!--")
        html.line("var hafasIdent = \"\(ident)\";")
        // Raw Latin-1 inside a script, as the bahn.de board page has it ("März", "Schließen").
        html.line(#"var monthsTexts = new Array("Januar","Februar","März","April","Mai","Juni","Juli","August","September","Oktober","November","Dezember");"#)
        html.line(#"var closeText = "Schließen";"#)
        html.line(##"function hfsGo(url) { if (url.length > 0 && url.indexOf("#") < 0) { document.location.href = url + "&ident=" + hafasIdent; } }"##)
        html.line(#"if (document.all && navigator.userAgent.indexOf("MSIE 6") > -1) { document.write('<link rel="stylesheet" href="/css/2/hafas-ie.css"><b class="ie6">'+"</b>"); }"#)
        html.line("// -->")
        html.line("</script>")
        html.line("</head>")
        html.line(#"<body class=hafas onload="if (window.hfsInit) hfsInit();">"#)
        html.line(#"<div id="hafasContainer">"#)
        html.line(#"<div class="hafasContent">"#)
        html.line("<h1 class=pagetitle>" + HTMLWriter.escape(title, .named) + "</h1>")
        body(&html)
        html.line(#"<p class="remark">Alle Angaben ohne Gew&auml;hr."#)
        html.line("</div>")
        html.line("</div>")
        html.line(#"<script type="text/javascript">var sbbTracking = { page: "hafas", ok: 1 < 2 && hafasIdent != "" };</script>"#)
        html.line("</body>")
        html.line("</html>")
        return html.bytes
    }

    /// The error box: the message, and the HAFAS code in a comment.
    static func errorBox(_ error: QueryHTMLError, into html: inout HTMLWriter) {
        html.line(#"<div class="fline errormsg">"#)
        html.line("<!-- HAFAS \(error.code) -->")
        html.line(HTMLWriter.escape(error.text, .latin1))
        html.line("</div>")
    }

    /// A candidate list: `<select name="REQ0JourneyStopsZ0K">` with one option per station,
    /// keyed as HAFAS keys them (`S-1N1`), the name followed by a space as recorded.
    static func candidates(_ matches: [StationMatch], role: QueryHTMLError.Role, into html: inout HTMLWriter) {
        html.line(#"<select name="\#(role.selectName)" accesskey="f" class="nofullwidth">"#)
        for (index, match) in matches.enumerated() {
            let value = role == .board ? HTMLWriter.escape(match.name + "#" + match.station.id, .numeric) : role.keyPrefix + String(index + 1)
            html.line(#"<option value="\#(value)">"# + HTMLWriter.escape(match.name, .numeric) + " </option>")
        }
        html.line("</select>")
    }

    /// `Di, 12.05.26`: a date as the pages write it.
    static func dayText(_ date: CalendarDate) -> String {
        let weekdays = ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"]
        return weekdays[date.weekday - 1] + ", " + dotted(date)
    }

    /// `12.05.26`.
    static func dotted(_ date: CalendarDate) -> String {
        padded(date.day, 2) + "." + padded(date.month, 2) + "." + padded(date.year % 100, 2)
    }

    /// `0:56`, `25:03`: hours and minutes of a duration, as the overview writes it.
    static func duration(_ seconds: Int64) -> String {
        let minutes = Int(max(0, seconds) / 60)
        return String(minutes / 60) + ":" + padded(minutes % 60, 2)
    }

    /// A link to a station's board, as the pages write them (`&` raw, Latin-1 percent-encoding).
    func boardLink(_ station: Station, arrivals: Bool, at moment: Moment) -> String {
        Self.origin + "/bin/bhftafel.exe/dn?seqnr=1&ident=\(ident)&input=\(station.id)&boardType=\(arrivals ? "arr" : "dep")"
            + "&time=\(moment.local.clock)"
    }
}
