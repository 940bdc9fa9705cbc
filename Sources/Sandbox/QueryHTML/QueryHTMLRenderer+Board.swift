import Model

/// `stboard.exe/dn`: a station board in the layout of the recorded bahn.de `bhftafel.exe/dn`
/// pages: `table.result.stboard.dep` (or `.arr`), a navigation row (`tr.browse`) at each end, and
/// per journey a `tr` without class of `td.time`, two `td.train` (product picture, then the name
/// padded to eight characters: `S      6`), `td.route` (the destination — the origin on an
/// arrival board — in `span.bold`, then the stops with their times), `td.platform` and `td.ris`
/// ("pünktlich", "ca. +5", "ca. 5 Minuten später", "fällt aus").
///
/// The times carry no date; the board's station and the asked date and time are in the form
/// above the table (`input[name=inputRef]` = `Name#008507000`, `input[name=date]`, `input[name=time]`).
extension QueryHTMLRenderer {
    func board(_ entries: [BoardEntry], station: Station, at time: LocalDateTime, arrivals: Bool) -> [UInt8] {
        page(title: "Fahrplan - Abfahrt und Ankunft") { html in
            boardForm(input: station.name, reference: station, date: time.date, time: time.clock, arrivals: arrivals, into: &html)
            html.line(#"<div id="sqResult" class="hafasContent">"#)
            html.line("<h2>")
            html.line(#"<a class="arrowlink floatRight fontNormal" href="\#(boardURL(station, arrivals: arrivals, date: time.date, time: "actual"))">Aktualisieren</a>"#)
            html.line("<strong>" + (arrivals ? "Ankunftsplan" : "Abfahrtsplan") + " von " + HTMLWriter.escape(station.name, .latin1)
                + " um \(time.clock) Uhr</strong>")
            html.line("</h2>")
            html.line("<p>")
            html.line(#"<table class="result stboard \#(arrivals ? "arr" : "dep")">"#)
            html.row(cell: "th", [
                (#"class="time""#, "Zeit"), (#"class="icon""#, "&nbsp;"), (#"class="train""#, "Zug"),
                (#"class="route""#, (arrivals ? "Herkunft" : "Richtung") + " / Unterwegshaltestellen"),
                (#"class="platform""#, "Gleis"), (#"class="ris""#, "Aktuelles"),
            ])
            browseRow(station, arrivals: arrivals, at: time, later: false, into: &html)
            html.row(#"<tr class="current">"#, cell: "td", [
                (#"class="time""#, time.clock), (#"class="train" colspan="2""#, "angefragte Uhrzeit"),
                (#"class="route""#, "&nbsp;"), (#"class="track""#, "&nbsp;"), (#"class="ris""#, "&nbsp;"),
            ])
            for (index, entry) in entries.enumerated() {
                row(entry, index: index, arrivals: arrivals, into: &html)
            }
            browseRow(station, arrivals: arrivals, at: time, later: true, into: &html)
            html.line("</table>")
            html.line(#"<p class="lastParagraph">"#)
            html.line(#"Anzeige aller Halte bis zu diesem Zeichen <img src="/img/2/sq_sep.gif">, dahinter Anzeige der wichtigsten Halte."#)
            html.line("</p>")
            html.line(#"<a name="end"></a>"#)
            html.line("</div>")
        }
    }

    /// The board's form with an error box, and a candidate list when the name is not unique.
    func boardError(_ error: QueryHTMLError, query: QueryHTMLRequest.BoardQuery?, candidates: [StationMatch] = []) -> [UInt8] {
        page(title: "Fahrplan - Abfahrt und Ankunft") { html in
            let asked = query.flatMap { QueryHTMLRequest.calendarDate($0.date) }
            if candidates.isEmpty {
                boardForm(
                    input: query?.input ?? "", reference: nil, date: asked, time: query?.time ?? "", arrivals: query?.isArrivalBoard == true,
                    into: &html)
            } else {
                html.line(#"<form action="\#(Self.origin)/bin/stboard.exe/dn?ld=std&ident=\#(ident)&" name="formular" method="post">"#)
                html.line(#"<label class="front wrap" for="HFS_input">Bahnhof / Haltestelle</label>"#)
                Self.candidates(candidates, role: .board, into: &html)
                html.line(#"<input type="hidden" name="date" value="\#(HTMLWriter.escape(query?.date ?? ""))">"#)
                html.line(#"<input type="hidden" name="time" value="\#(HTMLWriter.escape(query?.time ?? ""))">"#)
                html.line("</form>")
            }
            Self.errorBox(error, into: &html)
        }
    }

    private func boardForm(
        input: String, reference: Station?, date: CalendarDate?, time: String, arrivals: Bool, into html: inout HTMLWriter
    ) {
        html.line(#"<form action="\#(Self.origin)/bin/stboard.exe/dn?ld=std&ident=\#(ident)&" name="formular" method="post" style="display:inline;" onsubmit="return replaceB();">"#)
        html.line(#"<div id="sqQuery" class="clearfix">"#)
        html.line(#"<label class="front wrap" for="HFS_input">Bahnhof / Haltestelle</label>"#)
        html.line(#"<input  type="text" id="rplc0" name="input" value="\#(HTMLWriter.escape(input, .latin1))" size="40" maxlength="60" />"#)
        if let reference {
            html.line(#"<input type="hidden" name="inputRef" value="\#(HTMLWriter.escape(reference.name, .numeric))#\#(padded(Int(reference.id) ?? 0, 9))" />"#)
        }
        html.line(#"<script type="text/javascript">"#)
        html.line("<!--")
        html.line(#"new FSuggest({loc:"rplc0", type:"S", minChar:4, requestURL:"\#(Self.origin)/bin/ajax-getstop.exe/dn?REQ0JourneyStopsS0A=1&REQ0JourneyStopsS0G=", stopDelay:400, requestType:"js"});"#)
        html.line("// -->")
        html.line("</script>")
        let dateText = date.map { padded($0.day, 2) + "." + padded($0.month, 2) + "." + padded($0.year, 4) } ?? ""
        html.line(#"<label class="front" for="HFS_selectDate">Datum / Zeit</label>"#)
        html.line(#"<input class="emphasized" type="text" name="date" id="date" value="\#(dateText)" size="10" maxlength="14" onblur="javascript:this.notify(this);"/> &nbsp;"#)
        html.line(#"<input  type="text" id="HFS_time" name="time" value="\#(HTMLWriter.escape(time, .latin1))" size="8" maxlength="20" />"#)
        html.line(#"<br />"#)
        html.line(#"<input class="leftMargin radio" type="radio" id="dep" name="boardType" value="dep" \#(arrivals ? "" : #"checked="checked" "#)/><label for="dep">Abfahrt</label>"#)
        html.line(#"<input class="radio" type="radio" id="arr" name="boardType" value="arr" \#(arrivals ? #"checked="checked" "# : "")/><label for="arr">Ankunft</label>"#)
        html.line("</div>")
        html.line("</form>")
    }

    /// "früher" / "später": the same board an hour earlier or later, as `time=07:50%2D60`.
    private func browseRow(_ station: Station, arrivals: Bool, at time: LocalDateTime, later: Bool, into html: inout HTMLWriter) {
        html.line(#"<tr class="browse">"#)
        html.line(#"<td class="time">"#)
        let url = boardURL(station, arrivals: arrivals, date: time.date, time: time.clock + (later ? "%2B60" : "%2D60"))
        html.line(#"<a href="\#(url)" class="arrowlink \#(later ? "arrowlinkbottom" : "arrowlinktop")">\#(later ? "sp&#228;ter" : "fr&#252;her")</a>"#)
        html.line("</td>")
        html.line(#"<td colspan="2" class="train">&nbsp;</td>"#)
        html.line(#"<td class="route">"#)
        html.line("</td>")
        html.line(#"<td class="platform">&nbsp;</td>"#)
        html.line(#"<td class="ris">&nbsp;</td>"#)
        html.line("</tr>")
    }

    private func boardURL(_ station: Station, arrivals: Bool, date: CalendarDate, time: String) -> String {
        Self.origin + "/bin/stboard.exe/dn?ld=std&amp;input=" + HTMLWriter.escape(HTMLWriter.percentEncoded(station.name, rawSpaces: true))
            + "%23" + station.id + "&amp;boardType=" + (arrivals ? "arr" : "dep") + "&amp;time=" + time
            + "&amp;productsFilter=1111111111&amp;date=" + Self.dotted(date) + "&amp;maxJourneys=&amp;start=yes"
    }

    private func row(_ entry: BoardEntry, index: Int, arrivals: Bool, into html: inout HTMLWriter) {
        let ride = entry.ride, stop = entry.stop
        let date = Self.dotted(stop.time.local.date), clock = stop.time.local.clock
        let traininfo = "/bin/traininfo.exe/dn/\(StableHash(ride.number, ride.origin.id).pick(900_000) + 10_000)/\(ride.number)/85"
            + "?ld=std&amp;date=\(date)&amp;time=\(clock)&amp;station_evaId=\(stop.station.id)&amp;station_type=\(arrivals ? "arr" : "dep")&amp;"
        html.line("<tr>")
        html.line(#"<td class="time">\#(clock)</td>"#)
        html.raw(#"<td class="train"><a href="\#(Self.origin + traininfo)"><img src="/img/2/\#(ride.category.boardIcon)_24x24.gif" class="middle" alt="" /></a></td>"#)
        html.line(#"<td class="train">"#)
        html.line(#"<a href="\#(traininfo)">"#)
        html.line(Self.paddedName(ride))
        html.line("</a>")
        html.line("</td>")
        html.line(#"<td class="route">"#)
        html.line(#"<span class="bold">"#)
        let end = arrivals ? ride.origin : ride.direction
        let endStop = arrivals ? ride.stops.first : ride.stops.last
        let endTime = (endStop.flatMap { $0.arrival ?? $0.departure } ?? stop.time).local.clock
        html.line(#"<a onclick="sHC(this, '', '\#(end.id)','\#(endTime)'); return false;" href="/bin/stboard.exe/dn?input=\#(HTMLWriter.escape(HTMLWriter.percentEncoded(end.name, rawSpaces: true)))%23\#(end.id)&amp;boardType=dep&amp;time=\#(endTime)&amp;start=yes">"#)
        html.line(HTMLWriter.escape(end.name, .numeric))
        html.line("</a>")
        html.line("</span>")
        html.line("<br />")
        for (number, passed) in ride.stops.enumerated() {
            if number > 0 { html.line("-") }
            let time = (number == 0 ? passed.departure ?? passed.arrival : passed.arrival ?? passed.departure) ?? stop.time
            // Names with a trailing space before the line break, as recorded ("Essen Hbf ").
            html.line(HTMLWriter.escape(passed.station.name, number % 2 == 0 ? .numeric : .named) + " ")
            html.line(time.local.clock)
        }
        html.line("</td>")
        html.line(#"<td class="platform">"#)
        html.line(stop.platform.map { "<strong>\($0)</strong><br />" } ?? "")
        html.line("</td>")
        html.line(#"<td class="ris">"#)
        html.line(Self.realtime(ride) + "</td>")
        html.line("</tr>")
    }

    /// The name in eight characters, the number right-aligned (`S      6`, `IC   712`, `RE 10228`).
    static func paddedName(_ ride: Ride) -> String {
        let category = ride.category.rawValue, number = ride.numberOnBoard
        return category + String(repeating: " ", count: max(1, 8 - category.count - number.count)) + number
    }

    /// What `td.ris` says: on time, late by the 2014 wording for trains and the 2011 wording for
    /// the rest, or cancelled.
    static func realtime(_ ride: Ride) -> String {
        if ride.isCancelled {
            return #"<span><span style="color:#f00;">f&auml;llt aus</span></span>,<br/><span class="red">Grund: Fahrzeugst&#246;rung</span>"#
        }
        guard ride.delay > 0 else { return #"<span><span style="color:#50aa50;">p&#252;nktlich</span></span>"# }
        if ride.category.isTrain {
            return #"<span><span style="color:#f00;">ca. +\#(ride.delay)</span></span>,<br/><span class="red">Grund: Verz&ouml;gerung im Betriebsablauf</span>"#
        }
        return #"<span><span style="color:#f00;">ca.&nbsp;\#(ride.delay)&nbsp;Minuten&nbsp;sp&#228;ter</span></span>"#
    }
}

extension Category {
    /// The board's product picture, `/img/2/<icon>_24x24.gif`, named as bahn.de named them;
    /// `seilbahn` is the sandbox's own (bahn.de had no cableways).
    var boardIcon: String {
        switch self {
        case .interCity: "ec_ic"
        case .interRegio: "ir"
        case .sBahn: "sbahn"
        case .regio: "re"
        case .bus: "bus"
        case .tram: "tram"
        case .ship: "faehre"
        case .cableway: "seilbahn"
        }
    }
}
