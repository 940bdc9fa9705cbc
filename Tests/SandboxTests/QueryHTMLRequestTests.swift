import Model
@testable import Sandbox
import Testing

@Suite("query.exe requests")
struct QueryHTMLRequestTests {
    typealias T = TestTimetable
    typealias Request = QueryHTMLRequest

    @Test(arguments: [
        ("Z%FCrich+HB", "Zürich HB"),
        ("Z%fcrich%20HB", "Zürich HB"),
        // UTF-8 is taken byte by byte, as the server took it: the name is then not found.
        ("Z%C3%BCrich", "Z\u{C3}\u{BC}rich"),
        ("Gen%E8ve", "Genève"),
        ("a%2Bb%26c%3Dd", "a+b&c=d"),
        // A % without two hex digits stays as it is.
        ("100%+sure%", "100% sure%"),
        ("%G1%4", "%G1%4"),
        ("Bern%23008507000", "Bern#008507000"),
    ])
    func valuesAreReadAsISO8859_1(raw: String, decoded: String) throws {
        let query = try QueryString(parsing: "REQ0JourneyStopsS0G=" + raw + "&other=1")
        #expect(query.first("REQ0JourneyStopsS0G") == decoded)
        #expect(query.first("other") == "1")
    }

    @Test func aQueryStringSplitsAsTheCGIDid() throws {
        let query = try QueryString(parsing: "OK&&a=1&a=2&=x&b&c=d=e")
        #expect(query.pairs == [
            .init(name: "OK", value: ""), .init(name: "a", value: "1"), .init(name: "a", value: "2"), .init(name: "b", value: ""),
            .init(name: "c", value: "d=e"),
        ])
        #expect(query.first("a") == "1" && query.first("missing") == nil)
        #expect(query.first(of: "b", "a") == "1")
    }

    @Test func aConnectionSearchWithEveryParameter() throws {
        let query = "OK&REQ0HafasMaxChangeTime=120&REQ0HafasSearchForw=0&REQ0JourneyDate=Di%2C+12.05.26&REQ0JourneyStopsS0G=Z%FCrich+HB"
            + "&REQ0JourneyStopsS0A=1&REQ0JourneyStopsS0ID=&REQ0JourneyStops2.0G=Olten&REQ0JourneyStops1.0G=Aarau"
            + "&REQ0JourneyStopsZ0G=Gen%E8ve&REQ0JourneyStopsZ0A=1&REQ0JourneyTime=07%3A50&queryPageDisplayed=yes&start=Suchen"
        let request = try Request.parse(path: QueryHTMLService.connectionsPath, query: query)
        #expect(request == .connections(.init(
            from: "Zürich HB", to: "Genève", via: ["Aarau", "Olten"], date: "Di, 12.05.26", time: "07:50", isArrivalTime: true)))
    }

    @Test func shortNamesLocationIDsAndTheArrivalFlags() throws {
        let short = try Request.parse(path: QueryHTMLService.connectionsPath, query: "S=Bern&Z=Thun&date=12.05.26&time=8:05&timesel=arrive")
        #expect(short == .connections(.init(from: "Bern", to: "Thun", date: "12.05.26", time: "8:05", isArrivalTime: true)))
        let ids = try Request.parse(
            path: QueryHTMLService.connectionsPath,
            query: "REQ0JourneyStopsS0G=&REQ0JourneyStopsS0ID=A%3D1%40O%3DBern%40L%3D008507000%40&REQ0JourneyStopsZ0G=8503000&arrival=1")
        guard case .connections(let connection) = ids else { Issue.record("not a connection search"); return }
        #expect(connection.from == "A=1@O=Bern@L=008507000@" && connection.to == "8503000" && connection.isArrivalTime)
        #expect(T.model.choice(for: connection.from) == .station(T.bern))
        let forward = try Request.parse(path: QueryHTMLService.connectionsPath, query: "S=Bern&Z=Thun&REQ0HafasSearchForw=1")
        #expect(forward == .connections(.init(from: "Bern", to: "Thun", date: "", time: "", isArrivalTime: false)))
    }

    @Test func repeatedViaKeysKeepTheirOrderUpToFive() throws {
        let vias = (1...7).map { "&REQ0JourneyStops1.0G=V\($0)" }.joined()
        guard case .connections(let query) = try Request.parse(path: QueryHTMLService.connectionsPath, query: "S=a&Z=b" + vias) else {
            Issue.record("not a connection search")
            return
        }
        #expect(query.via == ["V1", "V2", "V3", "V4", "V5"])
    }

    @Test func aBoardRequest() throws {
        let request = try Request.parse(
            path: QueryHTMLService.boardAliasPath,
            query: "ld=96248&input=Essen Hbf%238000098&boardType=arr&time=19:19%2D60&productsFilter=11111&date=06.07.11&maxJourneys=25&start=yes")
        #expect(request == .stationBoard(.init(input: "Essen Hbf#8000098", date: "06.07.11", time: "19:19-60", isArrivalBoard: true, maxJourneys: 25)))
        let plain = try Request.parse(path: QueryHTMLService.boardPath, query: "input=8507000&date=12.05.26&time=07:50&maxJourneys=many")
        #expect(plain == .stationBoard(.init(input: "8507000", date: "12.05.26", time: "07:50", isArrivalBoard: false, maxJourneys: nil)))
    }

    @Test func aLookupRequest() throws {
        let request = try Request.parse(path: QueryHTMLService.locationsPath, query: "REQ0JourneyStopsS0A=1&REQ0JourneyStopsS0G=B%FCrg%3F&REQ0JourneyStopsB=7")
        #expect(request == .locations(.init(text: "Bürg?", maxResults: 7)))
    }

    @Test(arguments: [
        ("12.05.26", "07:50", "2026-05-12T07:50:00"),
        ("Di, 12.05.26", "7:50", "2026-05-12T07:50:00"),
        ("1.5.2026", "00:00", "2026-05-01T00:00:00"),
        ("29.02.28", "23:59", "2028-02-29T23:59:00"),
        // The pages' own "früher" and "später" links shift the time, across midnight too.
        ("06.07.11", "19:19-60", "2011-07-06T18:19:00"),
        ("13.05.26", "00:10-60", "2026-05-12T23:10:00"),
        ("12.05.26", "23:30+60", "2026-05-13T00:30:00"),
    ])
    func datesAndTimesThePagesTake(date: String, time: String, reading: String) {
        #expect(Request.localTime(date: date, time: time)?.description == reading)
    }

    @Test(arguments: [
        ("31.02.26", "08:00"), ("29.02.27", "08:00"), ("12.13.26", "08:00"), ("00.05.26", "08:00"), ("12.05", "08:00"),
        ("12.05.126", "08:00"), ("2026-05-12", "08:00"), ("", "08:00"), ("12.05.26", "24:00"), ("12.05.26", "08:60"),
        ("12.05.26", "8"), ("12.05.26", ""), ("12.05.26", "08:00-99999"), ("１２.05.26", "08:00"), ("12.05.26", "0８:00"),
    ])
    func badDatesAndTimesAreRefused(date: String, time: String) {
        #expect(Request.localTime(date: date, time: time) == nil)
    }

    @Test func badDatesAnswerWithTheFormAgain() throws {
        let answer = QueryHTMLRun.service.respond(
            path: QueryHTMLService.connectionsPath, query: "REQ0JourneyStopsS0G=Bern&REQ0JourneyStopsZ0G=Thun&REQ0JourneyDate=31.02.26&REQ0JourneyTime=08:00")
        let text = T.text(latin1: answer.body)
        #expect(answer.status == 200)
        #expect(text.contains("<!-- HAFAS I3 -->") && text.contains("Ihre Datums- oder Zeitangabe ist ungültig."))
        #expect(text.contains(#"<input class="text" type="text" name="REQ0JourneyStopsS0G" value="Bern" size=30 maxlength=60>"#))
    }

    @Test func missingStationsAnswerWithTheForm() throws {
        for query in ["REQ0JourneyStopsZ0G=Thun", "REQ0JourneyStopsS0G=+&REQ0JourneyStopsZ0G=Thun", "S=Bern"] {
            let answer = QueryHTMLRun.service.respond(path: QueryHTMLService.connectionsPath, query: query)
            #expect(answer.status == 200 && T.text(latin1: answer.body).contains("Bitte geben Sie Start und Ziel an."), "\(query)")
        }
        #expect(throws: QueryHTMLRequestError.missing("REQ0JourneyStopsZ0G")) {
            try Request.parse(path: QueryHTMLService.connectionsPath, query: "S=Bern")
        }
        let board = QueryHTMLRun.service.respond(path: QueryHTMLService.boardPath, query: "boardType=dep")
        #expect(T.text(latin1: board.body).contains("Bitte geben Sie einen Bahnhof oder eine Haltestelle an."))
    }

    @Test func oversizeInputIsRefused() throws {
        let long = String(repeating: "x", count: Request.maximumValueLength + 1)
        #expect(throws: QueryHTMLRequestError.valueTooLong("REQ0JourneyStopsS0G")) {
            try Request.parse(path: QueryHTMLService.connectionsPath, query: "S=\(long)&Z=Thun")
        }
        // At the limit it is read (and not found).
        let atLimit = QueryHTMLRun.service.respond(path: QueryHTMLService.connectionsPath, query: "S=\(long.dropLast())&Z=Thun&date=12.05.26&time=08:00")
        #expect(T.text(latin1: atLimit.body).contains("<!-- HAFAS K9260 -->"))
        let tooLong = QueryHTMLRun.service.respond(path: QueryHTMLService.connectionsPath, query: "S=\(long)&Z=Thun&date=12.05.26&time=08:00")
        #expect(tooLong.status == 200 && T.text(latin1: tooLong.body).contains("Ihre Eingabe ist zu lang (REQ0JourneyStopsS0G)."))
        // A percent-encoded character counts once.
        let encoded = String(repeating: "%FC", count: Request.maximumValueLength)
        #expect(throws: Never.self) { try Request.parse(path: QueryHTMLService.boardPath, query: "input=" + encoded) }
        let lookup = QueryHTMLRun.service.respond(path: QueryHTMLService.locationsPath, query: "REQ0JourneyStopsS0G=\(long)")
        #expect(javaScriptStops(lookup.body).fields["error"] == "1")

        let huge = "S=Bern&Z=Thun&pad=" + String(repeating: "y", count: QueryString.maximumLength)
        #expect(throws: QueryHTMLRequestError.queryTooLong(huge.utf8.count)) { try QueryString(parsing: huge) }
        let answer = QueryHTMLRun.service.respond(path: QueryHTMLService.connectionsPath, query: huge)
        #expect(answer.status == 414 && T.text(latin1: answer.body).contains("<title>414 Request-URI Too Long</title>"))
    }

    @Test func unknownPathsAreApachesNotFound() {
        let answer = QueryHTMLRun.service.respond(path: "/bin/query.exe/en", query: "S=Bern")
        #expect(answer.status == 404 && T.text(latin1: answer.body).contains("<h1>Not Found</h1>"))
        #expect(throws: QueryHTMLRequestError.unknownPath("/bin/extxml.exe")) { try Request.parse(path: "/bin/extxml.exe", query: "") }
    }

    @Test func namesAreChosenAsThePagesChooseThem() {
        let model = T.model
        #expect(model.choice(for: "Bern") == .station(T.bern))
        #expect(model.choice(for: "zürich") == .station(T.zurich))
        #expect(model.choice(for: " Zuerich HB ") == .station(T.zurich))
        #expect(model.choice(for: "Paradeplatz") == .station(T.paradeplatz))
        #expect(model.choice(for: "8590302") == .station(T.wettingenRathaus))
        #expect(model.choice(for: "Wettingen, Rathaus#8590302") == .station(T.wettingenRathaus))
        #expect(model.choice(for: "Rathaus!") == .station(model.matches(for: "Rathaus", limit: 1)[0].station))
        #expect(model.choice(for: "Rathaus?") == .ambiguous(model.matches(for: "Rathaus", limit: StationChoice.candidateLimit)))
        #expect(model.choice(for: "9999999") == .unknown)
        #expect(model.choice(for: "Atlantis") == .unknown)
        #expect(model.choice(for: "") == .unknown)
    }

    @Test func whatTheRoutesSendIsUnderstood() throws {
        let connections = try #require(T.routes["hafas-html-connections"]).upstreamRequest([
            "from": "Zürich HB", "to": "Genève", "date_text": "29.03.26", "time": "01:05", "forward": "0",
            "via": .list(["Olten", "Bern, Rathaus"]),
        ])
        let (path, query) = try QueryHTMLRun.split(connections.url)
        #expect(connections.url.hasPrefix("https://fahrplan.sbb.ch/bin/query.exe/dn?") && path == QueryHTMLService.connectionsPath)
        #expect(query.contains("REQ0JourneyStopsS0G=Z%FCrich%20HB") && query.contains("REQ0JourneyStopsZ0G=Gen%E8ve"))
        #expect(try Request.parse(path: path, query: query) == .connections(.init(
            from: "Zürich HB", to: "Genève", via: ["Olten", "Bern, Rathaus"], date: "29.03.26", time: "01:05", isArrivalTime: true)))

        let board = try #require(T.routes["hafas-html-stationboard"]).upstreamRequest([
            "station": "Zürich, Paradeplatz", "date": "25.10.26", "time": "23:50", "start": "2026-10-25T23:50", "board": "arr", "limit": "7",
        ])
        let (boardPath, boardQuery) = try QueryHTMLRun.split(board.url)
        #expect(boardPath == QueryHTMLService.boardPath)
        #expect(try Request.parse(path: boardPath, query: boardQuery) == .stationBoard(.init(
            input: "Zürich, Paradeplatz", date: "25.10.26", time: "23:50", isArrivalBoard: true, maxJourneys: 7)))
    }
}
