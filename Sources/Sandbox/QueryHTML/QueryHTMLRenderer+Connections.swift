import Model

/// `query.exe/dn`: the result page. A summary of the query, then the overview table
/// (`table.hafas-tp-result-overview`) with two rows per connection (`tr#trOverviewDepC0-0`,
/// `tr#trOverviewArrC0-0`) and a third holding its detail table (`table.hac_detail`), whose rows
/// are those of the recorded 2010 fragments: per section a departure row and an arrival row of
/// `td[@headers]` cells (stop-station, date, time prefix "ab"/"an", time, platform padded with
/// spaces, products, capacity, remarks).
///
/// Every connection's overview row carries its departure date, and its arrival row the arrival
/// date when that is another day; a detail table dates its first row and every row whose date
/// differs from the row before, so that no time needs guessing across midnight.
extension QueryHTMLRenderer {
    func connections(_ connections: [Connection], query: QueryHTMLRequest.ConnectionQuery, from: Station, to: Station, via: [Station]) -> [UInt8] {
        page(title: "Fahrplan - Verbindungen") { html in
            html.line(#"<form name="tp_results_form" action="\#(Self.origin)/bin/query.exe/dn?ld=std&seqnr=1&ident=\#(ident)&OK#focus" method=post>"#)
            summary(query, from: from, to: to, via: via, into: &html)
            html.line(#"<p class="hafas-links"><a href="\#(Self.origin)/bin/query.exe/dn?ld=std&seqnr=2&ident=\#(ident)&REQ0HafasScrollDir=2" class=arrowlink>Fr&uuml;here Verbindungen</a>"#)
            html.line(#"<table cellspacing="0" class="hafas-content hafas-tp-result-overview" summary="Verbindungen - &Uuml;bersicht">"#)
            html.row(cell: "th", [
                (#"id="select""#, "&nbsp;"), (#"id="location""#, "Bahnhof/Haltestelle"), (#"id="date""#, "Datum"),
                (#"id="time" colspan="2""#, "Zeit"), (#"id="duration""#, "Dauer"), (#"id="changes""#, "Umst."),
                (#"id="products""#, "Verkehrsmittel"), (#"id="capacity""#, "Belegung"), (#"id="details""#, "&nbsp;"),
            ])
            var uscid = 10
            for (index, connection) in connections.enumerated() {
                overview(connection, index: index, into: &html)
                html.line(#"<tr class="zebra-row-\#(index % 2) details" id="trC0-\#(index)">"#)
                html.line(#"<td colspan=11 class="detailContainer">"#)
                html.line(#"<a name="cis_C0-\#(index)"></a>"#)
                details(connection, index: index, uscid: &uscid, into: &html)
                html.line("</td>")
                html.line("</tr>")
                // A script between the rows of a table, as the recorded mobile.bahn.de list has one.
                html.line(#"<script type="text/javascript">if (window.hfsRegister && hafasIdent.length > 0) hfsRegister("C0-\#(index)", \#(index) < 1);</script>"#)
            }
            html.line("</table>")
            html.line(#"<p class="hafas-links"><a href="\#(Self.origin)/bin/query.exe/dn?ld=std&seqnr=2&ident=\#(ident)&REQ0HafasScrollDir=1" class=arrowlink>Sp&auml;tere Verbindungen</a>"#)
            html.line("</form>")
        }
    }

    /// The query again, with an error box and, for names that are not unique, candidate lists
    /// in place of the text inputs (the "Ihre Eingabe ist nicht eindeutig" page).
    func connectionsError(
        _ error: QueryHTMLError, query: QueryHTMLRequest.ConnectionQuery?, candidates: [(QueryHTMLError.Role, [StationMatch])] = []
    ) -> [UInt8] {
        page(title: "Fahrplan - Anfrage") { html in
            html.line(#"<form action="\#(Self.origin)/bin/query.exe/dn?ld=std&seqnr=1&ident=\#(ident)&OK#focus" method="post" style="display:inline" name="formular">"#)
            html.line(#"<input type="hidden" name="queryPageDisplayed" value="yes" />"#)
            var fields: [(QueryHTMLError.Role, String, String)] = [(.start, "Von", query?.from ?? ""), (.goal, "Nach", query?.to ?? "")]
            for (number, via) in (query?.via ?? []).enumerated() { fields.insert((.via(number + 1), "Via", via), at: fields.count - 1) }
            for (role, label, value) in fields {
                html.line(#"<div class="fline">"#)
                html.line(#"<div class="fcomp col1 bold"><label>\#(label)</label></div>"#)
                if let list = candidates.first(where: { $0.0 == role })?.1 {
                    Self.candidates(list, role: role, into: &html)
                } else {
                    let name = role.selectName.dropLast(1) + "G"
                    html.line(#"<input class="text" type="text" name="\#(name)" value="\#(HTMLWriter.escape(value, .latin1))" size=30 maxlength=60>"#)
                }
                html.line("</div>")
            }
            Self.errorBox(error, into: &html)
            html.line(#"<div class="fline"><label>Datum: </label><input class="text" type="text" name="REQ0JourneyDate" value="\#(HTMLWriter.escape(query?.date ?? "", .latin1))" size=8 maxlength=14></div>"#)
            html.line(#"<div class="fline"><label>Zeit:</label><input class="text time" type="text" name="REQ0JourneyTime" value="\#(HTMLWriter.escape(query?.time ?? "", .latin1))" size=5 maxlength=5></div>"#)
            let arrival = query?.isArrivalTime == true
            html.line(#"<input type="radio" class="radio" id="checkDep" name="REQ0HafasSearchForw" value="1" \#(arrival ? "" : "checked")><label for="checkDep">Abfahrt</label>"#)
            html.line(#"<input type="radio" class="radio" id="checkArr" name="REQ0HafasSearchForw" value="0" \#(arrival ? "checked" : "")><label for="checkArr">Ankunft</label>"#)
            html.line(#"<p class="querybutton"><input type="submit" name="start" value="Suchen" class=highlight>"#)
            html.line("</form>")
        }
    }

    private func summary(_ query: QueryHTMLRequest.ConnectionQuery, from: Station, to: Station, via: [Station], into html: inout HTMLWriter) {
        html.line(#"<table cellspacing="0" class="hafas-content hafas-tp-result-summary" summary="Ihre Anfrage">"#)
        html.line(#"<tr><th class=left>Von:</th><td class="querysummary" colspan=2><a href="\#(Self.origin)/bin/bhftafel.exe/dn?input=\#(from.id)&boardType=dep">"# + HTMLWriter.escape(from.name, .numeric) + "</a>")
        for station in via {
            html.line(#"<tr><th class=left>Via:</th><td class="querysummary" colspan=2>"# + HTMLWriter.escape(station.name, .named))
        }
        html.line(#"<tr><th class=left>Nach:</th><td class="querysummary" colspan=2><a href="\#(Self.origin)/bin/bhftafel.exe/dn?input=\#(to.id)&boardType=arr">"# + HTMLWriter.escape(to.name, .numeric) + "</a>")
        let asked = QueryHTMLRequest.localTime(date: query.date, time: query.time)
        html.line(#"<tr><th class=left>Datum:</th><td class="querysummary" colspan=2>"# + (asked.map { Self.dayText($0.date) } ?? ""))
        html.line(#"<tr><th class=left>Zeit:</th><td class="querysummary" colspan=2>"# + (query.isArrivalTime ? "Ankunft " : "Abfahrt ")
            + (asked?.clock ?? ""))
        html.line("</table>")
    }

    /// The two overview rows of a connection, their cells left open as the 2010 pages left them.
    private func overview(_ connection: Connection, index: Int, into html: inout HTMLWriter) {
        let zebra = "zebra-row-\(index % 2)"
        let departure = connection.departure, arrival = connection.arrival
        html.line(#"<tr class="\#(zebra)" id="trOverviewDepC0-\#(index)">"#)
        html.line(#"<td headers="select" class="select" rowspan=2><input type="checkbox" name="guiVCtrl_connection_detailsOut_select_C0-\#(index)" value="yes" id="C0-\#(index)" checked>"#)
        html.line(#"<td headers="location" class="location">"# + HTMLWriter.escape(departure.station.name, .latin1))
        html.line(#"<td headers="date" class="date">"# + Self.dayText(departure.time.local.date))
        html.line(#"<td headers="time" class="time prefix timeLeft">ab<td headers="time" class="time timeRight">"# + departure.time.local.clock)
        html.line(#"<td headers="duration" class="duration" rowspan=2>"# + Self.duration(connection.duration))
        html.line(#"<td headers="changes" class="changes" rowspan=2>\#(connection.transfers)"#)
        var categories: [String] = []
        for case let ride? in connection.sections.map(\.ride) where !categories.contains(ride.category.rawValue) {
            categories.append(ride.category.rawValue)
        }
        html.line(#"<td headers="products" class="products" rowspan=2>"# + categories.joined(separator: ", "))
        html.line(#"<td headers="capacity" class="capacity" rowspan=2>&nbsp;"#)
        var marks = ""
        if connection.hasCancelledRun {
            marks = #"<img src="/img/2/rt_cancel.gif" width=12 height=12 alt="Verbindung f&auml;llt aus">"#
        } else if connection.hasDelays {
            marks = #"<img src="/img/2/rt_delay.gif" width=12 height=12 alt="Versp&#228;tung">"#
        }
        html.line(##"<td headers="details" class="details" rowspan=2><h2 class="hide">Verbindung \##(index + 1)</h2><a href="#cis_C0-\##(index)">Details</a>\##(marks)"##)
        html.line(#"<tr class="\#(zebra)" id="trOverviewArrC0-\#(index)">"#)
        html.line(#"<td headers="location" class="location">"# + HTMLWriter.escape(arrival.station.name, .named))
        let arrivalDate = arrival.time.local.date
        html.line(#"<td headers="date" class="date">"# + (arrivalDate == departure.time.local.date ? "&nbsp;" : Self.dayText(arrivalDate)))
        html.line(#"<td headers="time" class="time prefix timeLeft">an<td headers="time" class="time timeRight">"# + arrival.time.local.clock)
    }

    /// A connection's detail table: a header row, then two rows per section.
    private func details(_ connection: Connection, index: Int, uscid: inout Int, into html: inout HTMLWriter) {
        html.line(#"<table summary="Details - Verbindung \#(index + 1)" cellspacing="0" width="100%" class="hac_detail">"#)
        html.row(cell: "th", [
            (#"id="stops-\#(index)" colspan="2""#, "Bahnhof/Haltestelle"), (#"id="date-\#(index)""#, "Datum"),
            (#"id="time-\#(index)" colspan="2""#, "Zeit"), (#"id="platform-\#(index)""#, "Gleis/Kante"),
            (#"id="products-\#(index)""#, "Verkehrsmittel"), (#"id="capacity-\#(index)""#, "Belegung"),
            (#"id="remarks-\#(index)""#, "Bemerkungen"),
        ])
        var shown: CalendarDate?
        for section in connection.sections {
            SectionRows(renderer: self, section: section, index: index).write(shownDate: &shown, uscid: &uscid, into: &html)
        }
        html.line("</table>")
    }
}

/// The two detail rows of one section, cell by cell as in the recorded fragments.
private struct SectionRows {
    let renderer: QueryHTMLRenderer
    let section: Section
    let index: Int

    var ident: String { renderer.ident }

    func write(shownDate: inout CalendarDate?, uscid: inout Int, into html: inout HTMLWriter) {
        html.line("<tr>")
        stopCells(section.departure, departing: true, shownDate: &shownDate, uscid: &uscid, into: &html)
        products(uscid: &uscid, into: &html)
        capacity(into: &html)
        remarks(into: &html)
        // The 2010 pages closed these rows; the sandbox closes every other one, which libxml2
        // repairs the same way (a new <tr> ends the open one).
        if index % 2 == 0 { html.line("</tr>") }
        html.line("<tr>")
        stopCells(section.arrival, departing: false, shownDate: &shownDate, uscid: &uscid, into: &html)
        html.line("</tr>")
    }

    /// Map icon, station, date, "ab"/"an", time with prognosis, platform.
    private func stopCells(_ stop: StopTime, departing: Bool, shownDate: inout CalendarDate?, uscid: inout Int, into html: inout HTMLWriter) {
        let last = departing ? "" : " last"
        let moment = stop.time
        html.line(#"<td headers="stops-\#(index)"\#(departing ? "" : " ") class="stop-station-icon\#(last)" valign="top">"#)
        html.raw(#"<a href="\#(QueryHTMLRenderer.origin)/bin/query.exe/dn?ld=&i=\#(ident)&n=1&uscid=\#(uscid)"><img src="/img/2/icon_map_location.gif" width="12" height="12" border="0" alt="Umgebungskarte: \#(HTMLWriter.escape(stop.station.name, .numeric))" hspace="3" style="vertical-align:middle;margin-right:4px;" /></a>"#)
        uscid += 1
        html.line(departing ? "\n</td>" : "</td>")
        html.line(#"<td headers="stops-\#(index)" class="stop-station\#(last)">"#)
        let name = HTMLWriter.escape(stop.station.name, .numeric)
        html.line(#"<a href="\#(renderer.boardLink(stop.station, arrivals: !departing, at: moment))" title="Haltestelleninformation: \#(name)">\#(name)</a></td>"#)
        let date = moment.local.date
        html.line(#"<td headers="date-\#(index)" class="date\#(last)" align="left">"#)
        if shownDate != date {
            html.line(QueryHTMLRenderer.dayText(date))
            shownDate = date
        }
        html.line("</td>")
        var time = moment.local.clock
        if let prognosis = stop.prognosis, prognosis != stop.time {
            time += "<br />\n" + #"<span class="prognosis">ca.&nbsp;"# + prognosis.local.clock + "</span>\n"
        } else if section.ride?.isCancelled == true {
            time += "<br />\n" + #"<span class="prognosis red">f&auml;llt aus</span>"# + "\n"
        }
        html.raw(#"<td headers="time-\#(index)" class="time prefix\#(last) timeLeft" align="left" nowrap="nowrap">\#(departing ? "ab" : "an")</td>"#)
        html.raw(#"<td headers="time-\#(index)" class="time\#(last) timeRight" align="left" nowrap>\#(time)</td>"#)
        html.line(#"<td headers="platform-\#(index)" class="platform\#(last)" align="left">"#)
        if let platform = stop.platform {
            // Padded to eight characters with spaces, as recorded ("5       ", "12      ").
            html.line(platform + String(repeating: " ", count: max(0, 8 - platform.count)))
        }
        html.line("</td>")
    }

    private func products(uscid: inout Int, into html: inout HTMLWriter) {
        html.line(#"<td headers="products-\#(index)" class="products last" style="white-space:nowrap;" rowspan="2" valign="top">"#)
        switch section.kind {
        case .ride(let ride):
            let name = HTMLWriter.escape(ride.name, .numeric)
            html.line(#"<img src="/img/2/products/\#(ride.category.productIcon)_pic.gif" width="18" height="18" alt="\#(name)" style="margin-top:2px;"><br />"#)
            let hash = StableHash(ride.number, ride.line, ride.origin.id)
            let path = (0..<4).map { String(StableHash(ride.number, ride.origin.id, String($0)).pick(900_000) + 10_000 + hash.pick(7)) }
            let departure = section.departure
            html.line(#"<a href="\#(QueryHTMLRenderer.origin)/bin/traininfo.exe/dn/\#(path.joined(separator: "/"))/85?seqnr=1&ident=\#(ident)&date=\#(QueryHTMLRenderer.dotted(departure.time.local.date))&station_evaId=\#(departure.station.id)&station_type=dep&journeyStartIdx=\#(ride.stops[0].position)&journeyEndIdx=\#(ride.stops[ride.stops.count - 1].position)&" title="Fahrtinformation">"#)
            html.line(name)
            html.line("</a>")
            html.line(#"<br><span class=direction>Richtung "# + HTMLWriter.escape(ride.direction.name, .named) + "</span>")
        case .walk:
            html.line(#"<img src="/img/2/products/fuss_pic.gif" width="18" height="18" border="0" vspace="2" alt="Fussweg" /><br />"#)
            html.line(#"<a href="\#(QueryHTMLRenderer.origin)/bin/query.exe/dn?ld=&i=\#(ident)&n=1&uscid=\#(uscid)">Fussweg</a>"#)
            uscid += 1
        }
        html.line("</td>")
    }

    private func capacity(into html: inout HTMLWriter) {
        html.line(#"<td headers="capacity-\#(index)" class="capacity last" style="white-space:nowrap;" rowspan="2" valign="top">"#)
        html.line(#"<div style="width:65px;height:15px;line-height:15px;">"#)
        for (number, margin) in [(1, ""), (2, "margin-left:4px;")] {
            html.line(#"<div style="float:left;width:30px;height:15px;line-height:15px;\#(margin)">"#)
            if let ride = section.ride, ride.category.isTrain {
                let level = 1 + StableHash(ride.number, section.departure.station.id, String(number)).pick(3)
                let text = ["Tiefe bis mittlere Belegung erwartet", "Hohe Belegung erwartet", "Sehr hohe Belegung erwartet"][level - 1]
                html.line(#"\#(number). <img src="/img/2/icon_capacity\#(level).gif" alt="\#(text)" title="\#(text)" style="border:0px;width:14px;height12:px" />"#)
            }
            html.line("</div>")
        }
        html.line("</div>")
        html.line("</td>")
    }

    private func remarks(into html: inout HTMLWriter) {
        html.line(#"<td headers="remarks-\#(index)" class="remarks last" rowspan="2" valign="top">"#)
        switch section.kind {
        case .ride(let ride):
            var text = ride.category.germanName
            switch ride.category {
            case .interCity:
                text += #", <img src="/img/2/products/attr_wr_pic.gif" width="16" height="12" border="0" title="Restaurant" alt="Restaurant"> <img src="/img/2/products/attr_r_pic.gif" width="16" height="12" border="0" title="Reservierung m&#246;glich" alt="Reservierung m&#246;glich"> WR RZ"#
            case .interRegio:
                text += #", <img src="/img/2/products/attr_mi_pic.gif" width="16" height="12" border="0" title="Minibar" alt="Minibar"> MI"#
            default:
                break
            }
            if ride.isCancelled { text += #"<br><span class="red">Ausfall: Fahrt f&auml;llt aus</span>"# }
            html.line(text + " </td>")
        case .walk:
            let minutes = (section.arrival.time.instant - section.departure.time.instant) / 60
            html.line("\(minutes) Min. </td>")
        }
        html.line()
    }
}

extension Category {
    /// The product picture of the pages, `/img/2/products/<icon>_pic.gif`.
    var productIcon: String {
        switch self {
        case .interCity: "ic"
        case .interRegio: "ir"
        case .sBahn: "s"
        case .regio: "r"
        case .bus: "bus"
        case .tram: "tram"
        case .ship: "bat"
        case .cableway: "lb"
        }
    }
}
