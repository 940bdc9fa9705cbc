import Markup
import Model
@testable import Sandbox
import Testing

@Suite("extxml requests")
struct ExtXMLRequestTests {
    typealias T = TestTimetable

    @Test(arguments: RequestFixtures.all)
    func theRecordedRequestsAreCopiedByteForByte(fixture: RequestFixture) {
        #expect(fixture.bytes.count == fixture.size, "\(fixture.name)")
    }

    @Test func aRecordedConnectionRequest() throws {
        let request = try ExtXMLRequest.parse(RequestFixtures.connectionRequest2015.bytes)
        let expected = ExtXMLRequest.ConnectionQuery(
            start: .init(name: "Zürich", externalID: "008503000"), destination: .init(name: "Bern", externalID: "008507000"),
            date: "20121223", time: "14:30", isArrivalTime: false, count: 4)
        #expect(request == .connections(expected))
    }

    @Test func recordedLocationRequests() throws {
        #expect(try ExtXMLRequest.parse(RequestFixtures.locationRequestFromTo.bytes) == .locations([
            .init(id: "from", match: "Zürich"), .init(id: "to", match: "Bern"),
        ]))
        #expect(try ExtXMLRequest.parse(RequestFixtures.locationRequestBe.bytes) == .locations([.init(id: "0", match: "Be")]))
    }

    @Test func aRecordedStationBoardRequest() throws {
        let request = try ExtXMLRequest.parse(RequestFixtures.stationBoardRequest2016.bytes)
        #expect(request == .stationBoard(.init(
            station: .init(name: nil, externalID: "008591052"), date: "20161223", time: "14:20", isArrivalBoard: false, maxJourneys: 3)))
    }

    @Test func whatTheRoutesSendIsUnderstood() throws {
        let connections = try #require(T.routes["hafas-extxml-connections"]).upstreamRequest([
            "from": "Zürich HB", "to": "Genève", "date": "20260329", "time": "01:05", "arrival": "1",
        ])
        #expect(connections.method == "POST" && connections.url.hasSuffix(SandboxServer.extXMLPath))
        #expect(try ExtXMLRequest.parse(try #require(connections.body), contentType: "text/xml; charset=iso-8859-1") == .connections(.init(
            start: .init(name: "Zürich HB", externalID: nil), destination: .init(name: "Genève", externalID: nil),
            date: "20260329", time: "01:05", isArrivalTime: true, count: 4)))

        let lookup = try #require(T.routes["hafas-extxml-locations"]).upstreamRequest(["query": "Genève"])
        #expect(lookup.url.hasSuffix(SandboxServer.extXMLPath))
        #expect(try ExtXMLRequest.parse(try #require(lookup.body)) == .locations([.init(id: "query", match: "Genève")]))

        let board = try #require(T.routes["hafas-extxml-stationboard"]).upstreamRequest([
            "station": "8507000", "date": "20261025", "time": "23:50", "start": "2026-10-25T23:50", "board": "ARR", "limit": "7",
        ])
        #expect(board.url.hasSuffix(SandboxServer.extXMLPath))
        #expect(try ExtXMLRequest.parse(try #require(board.body)) == .stationBoard(.init(
            station: .init(name: nil, externalID: "8507000"), date: "20261025", time: "23:50", isArrivalBoard: true, maxJourneys: 7)))
    }

    @Test func whatIsNotARequestIsSaidSo() {
        #expect(throws: ExtXMLRequestError.self) { try ExtXMLRequest.parse(Array("hello".utf8)) }
        #expect(throws: ExtXMLRequestError.self) { try ExtXMLRequest.parse(Array("<ReqC><ConScrReq/></ReqC>".utf8)) }
        let answer = T.text(latin1: T.service.respond(to: Array("<ReqC".utf8)))
        #expect(answer.contains(#"<Err code="I1""#))
    }

    @Test func theRecordedRequestsAreAnswered() throws {
        // By id: Zürich HB → Bern (the request's 2012 date is as good as any).
        let connections = try Document.parse(T.service.respond(to: RequestFixtures.connectionRequest2015.bytes), as: .xml)
        let dates = try XPathEvaluator(connections).strings(XPathExpression("/ResC/ConRes/ConnectionList/Connection/Overview/Date"))
        #expect(dates == Array(repeating: "20121223", count: 4))
        // The lookups keep their ids.
        let document = try Document.parse(T.service.respond(to: RequestFixtures.locationRequestFromTo.bytes), as: .xml)
        let xpath = try XPathEvaluator(document)
        #expect(try xpath.strings(XPathExpression("/ResC/LocValRes/@id")) == ["from", "to"])
        #expect(try xpath.strings(XPathExpression("/ResC/LocValRes[@id='from']/Station[1]/@name")) == ["Zürich"])
        #expect(try xpath.strings(XPathExpression("/ResC/LocValRes[@id='to']/Station[1]/@externalStationNr")) == ["8507000"])
        // Zürich, Bäckeranlage is not among the test stations.
        let board = T.text(latin1: T.service.respond(to: RequestFixtures.stationBoardRequest2016.bytes))
        #expect(board.contains(#"<STBRes>"#) && board.contains(#"code="H730""#))
    }
}
