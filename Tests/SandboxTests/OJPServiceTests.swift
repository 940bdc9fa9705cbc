import Foundation
import Markup
import Model
@testable import Sandbox
import Testing

@Suite("OJP service")
struct OJPServiceTests {
    typealias T = TestTimetable
    let service = OJPRouteRun.service

    static let trip = OJPXML.request("""
        <OJPTripRequest><Origin><PlaceRef><StopPlaceRef>8507000</StopPlaceRef></PlaceRef><DepArrTime>2026-05-12T06:00:00Z</DepArrTime></Origin>
        <Destination><PlaceRef><StopPlaceRef>8503000</StopPlaceRef></PlaceRef></Destination><Params><NumberOfResults>2</NumberOfResults></Params></OJPTripRequest>
        """)

    @Test func aBodyThatIsNotXMLIsA400WithTheFrontsProblemDetails() throws {
        for body in ["hello", "", "<OJP xmlns=\"http://www.vdv.de/ojp\"><OJPRequest>"] {
            let answer = service.respond(to: Array(body.utf8), contentType: "application/xml")
            #expect(answer.status == 400)
            #expect(OJPService.contentType(status: answer.status) == "application/problem+json; charset=utf-8")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
            #expect(json["status"] as? Int == 400)
            #expect(json["title"] as? String == "One or more validation errors occurred.")
            #expect((json["errors"] as? [String: [String]])?[""] == ["An error occurred while deserializing input data."])
            let trace = try #require(json["traceId"] as? String)
            #expect(trace.count == 55 && trace.hasPrefix("00-") && trace.hasSuffix("-00"))
            // The same body, the same bytes.
            #expect(service.respond(to: Array(body.utf8), contentType: nil).body == answer.body)
        }
    }

    @Test func xmlThatIsNoRequestGetsSIRIsErrorCondition() throws {
        for body in [Array("<ReqC><ConReq/></ReqC>".utf8), OJPXML.request("<OJPTripInfoRequest/>")] {
            let answer = service.respond(to: body, contentType: nil)
            #expect(answer.status == 200)
            #expect(OJPService.contentType(status: answer.status) == "application/xml; charset=utf-8")
            #expect(try OJPXML.strings("/o:OJP/o:OJPResponse/siri:ServiceDelivery/siri:Status", in: answer.body) == ["false"])
            let text = try OJPXML.strings("/o:OJP/o:OJPResponse/siri:ServiceDelivery/siri:ErrorCondition/siri:OtherError/siri:ErrorText", in: answer.body)
            #expect(text.count == 1 && text[0].hasPrefix("The request is not an OJP 2.0 request"))
        }
    }

    @Test func aBodyOverTheLimitGetsAnOJPErrorUnread() throws {
        let body = Self.trip + Array(repeating: 0x20, count: OJPRequest.maximumBodySize)
        let answer = service.respond(to: body, contentType: nil)
        #expect(answer.status == 200)
        let text = try OJPXML.strings("//siri:ErrorCondition/siri:Description", in: answer.body)
        #expect(text.first?.contains("at most 65536 are read") == true)
        #expect(try OJPXML.strings("//o:OJPTripDelivery", in: answer.body).isEmpty)
    }

    @Test func missingPlacesAreTheirProblems() throws {
        let cases: [(String, String)] = [
            ("<OJPTripRequest><Destination><PlaceRef><StopPlaceRef>8503000</StopPlaceRef></PlaceRef></Destination></OJPTripRequest>", "TRIP_NOORIGIN"),
            ("<OJPTripRequest><Origin><PlaceRef><StopPlaceRef>8503000</StopPlaceRef></PlaceRef></Origin></OJPTripRequest>", "TRIP_NODESTINATION"),
            // A blank name is no place at all (KPublicTransport sends `<Text> </Text>` beside a reference).
            ("<OJPTripRequest><Origin><PlaceRef><Name><Text> </Text></Name></PlaceRef></Origin><Destination><PlaceRef><StopPlaceRef>8503000</StopPlaceRef></PlaceRef></Destination></OJPTripRequest>", "TRIP_NOORIGIN"),
            ("<OJPTripRequest><Origin><PlaceRef><Name><Text>Atlantis</Text></Name></PlaceRef></Origin><Destination><PlaceRef><StopPlaceRef>8503000</StopPlaceRef></PlaceRef></Destination></OJPTripRequest>", "TRIP_ORIGINUNKNOWN"),
            ("<OJPStopEventRequest><Params><NumberOfResults>3</NumberOfResults></Params></OJPStopEventRequest>", "STOPEVENT_LOCATIONUNKNOWN"),
            ("<OJPLocationInformationRequest><Restrictions><Type>stop</Type></Restrictions></OJPLocationInformationRequest>", "LOCATION_NORESULTS"),
            ("<OJPLocationInformationRequest><InitialInput><Name>Bern</Name></InitialInput><Restrictions><Type>address</Type></Restrictions></OJPLocationInformationRequest>", "LOCATION_NORESULTS"),
        ]
        for (inner, code) in cases {
            let answer = service.respond(to: OJPXML.request(inner), contentType: nil)
            #expect(answer.status == 200)
            let found = try OJPXML.strings("//o:ErrorCondition/*[contains(local-name(), 'ProblemType')]", in: answer.body)
            #expect(found == [code], "\(inner)")
        }
    }

    @Test func withoutATimeTheRequestTimestampIsNow() throws {
        let inner = "<OJPTripRequest><Origin><PlaceRef><StopPlaceRef>8507000</StopPlaceRef></PlaceRef></Origin><Destination><PlaceRef><StopPlaceRef>8503000</StopPlaceRef></PlaceRef></Destination></OJPTripRequest>"
        let answer = service.respond(to: OJPXML.request(inner, timestamp: "2026-05-12T06:00:00Z"), contentType: nil)
        let expected = try T.model.connections(from: T.bern, to: T.zurich, at: T.at(2026, 5, 12, 8, 0), limit: OJPService.trips.standard)
        #expect(try OJPXML.strings("//o:Trip/o:Leg[1]/o:TimedLeg/o:LegBoard/o:ServiceDeparture/o:TimetabledTime", in: answer.body)
            == expected.map { OJPTime.utc($0.departure.time.instant) })
        #expect(try OJPXML.strings("/o:OJP/o:OJPResponse/siri:ServiceDelivery/siri:ResponseTimestamp", in: answer.body) == ["2026-05-12T06:00:00Z"])
        // Neither a time nor a timestamp: the time is in error.
        let untimed = service.respond(to: Array(String(decoding: OJPXML.request(inner), as: UTF8.self)
            .replacingOccurrences(of: "<siri:RequestTimestamp>2026-05-12T06:00:00Z</siri:RequestTimestamp>", with: "").utf8), contentType: nil)
        #expect(try OJPXML.strings("//o:TripProblemType", in: untimed.body) == ["TRIP_DATETIMEERROR"])
    }

    @Test func placesByNameByPositionAndBySLOIDAreStations() throws {
        let inner = """
            <OJPTripRequest><Origin><PlaceRef><GeoPosition><siri:Longitude>7.4391</siri:Longitude><siri:Latitude>46.9488</siri:Latitude></GeoPosition></PlaceRef>
            <DepArrTime>2026-05-12T08:00:00+02:00</DepArrTime></Origin>
            <Destination><PlaceRef><siri:StopPointRef>ch:1:sloid:3000:503:43</siri:StopPointRef></PlaceRef></Destination></OJPTripRequest>
            """
        let byPosition = service.respond(to: OJPXML.request(inner), contentType: nil)
        #expect(try OJPXML.strings("//o:TripResult[1]//o:LegBoard/siri:StopPointRef", in: byPosition.body) == [T.bern.id])
        #expect(try OJPXML.strings("//o:TripResult[1]//o:LegAlight/siri:StopPointRef", in: byPosition.body) == [T.zurich.id])
        let byName = service.respond(to: OJPXML.request("""
            <OJPTripRequest><Origin><PlaceRef><Name><Text>Bern</Text></Name></PlaceRef><DepArrTime>2026-05-12T08:00:00+02:00</DepArrTime></Origin>
            <Destination><PlaceRef><Name><Text>Zürich</Text></Name></PlaceRef></Destination></OJPTripRequest>
            """), contentType: nil)
        #expect(try OJPXML.strings("//o:TripResult//o:TimetabledTime", in: byName.body) == (try OJPXML.strings("//o:TripResult//o:TimetabledTime", in: byPosition.body)))
    }

    @Test func viaStopsAreRoutedThrough() throws {
        let inner = """
            <OJPTripRequest><Origin><PlaceRef><StopPlaceRef>8507000</StopPlaceRef></PlaceRef><DepArrTime>2026-05-12T06:00:00Z</DepArrTime></Origin>
            <Destination><PlaceRef><StopPlaceRef>8503000</StopPlaceRef></PlaceRef></Destination>
            <Via><ViaPoint><siri:StopPointRef>ch:1:sloid:218</siri:StopPointRef></ViaPoint></Via><Params><NumberOfResults>2</NumberOfResults></Params></OJPTripRequest>
            """
        let answer = service.respond(to: OJPXML.request(inner), contentType: nil)
        let expected = try T.model.connections(from: T.bern, to: T.zurich, via: [T.olten], at: T.at(2026, 5, 12, 8, 0), limit: 2)
        #expect(expected.count == 2 && expected.allSatisfy { $0.sections.contains { $0.arrival.station == T.olten } })
        #expect(try OJPXML.strings("//o:TripResult/o:Trip/o:Leg/o:TimedLeg/o:LegAlight/siri:StopPointRef", in: answer.body)
            == expected.flatMap { $0.sections.filter { $0.ride != nil }.map(\.arrival.station.id) })
        #expect(answer.body != service.respond(to: Self.trip, contentType: nil).body)
    }

    @Test func intermediateStopsWhenAsked() throws {
        // Münsingen lies between Bern and Thun, in Thun's direction from Bern: one S-Bahn line through both.
        let munsingen = Station(id: "8507093", name: "Münsingen", latitude: 46.8519, longitude: 7.5344, locality: "Münsingen")
        let model = TimetableModel(stations: [T.bern, T.zurich, T.thun, munsingen])
        let found = try model.connections(from: T.bern, to: T.thun, at: T.at(2026, 5, 12, 7, 0), limit: 1)
        let ride = try #require(found.first?.sections.first?.ride)
        #expect(ride.stops.map(\.station.name) == ["Bern", "Münsingen", "Thun"])
        func body(_ include: Bool) -> [UInt8] {
            OJPXML.request("""
                <OJPTripRequest><Origin><PlaceRef><StopPlaceRef>8507000</StopPlaceRef></PlaceRef><DepArrTime>2026-05-12T07:00:00+02:00</DepArrTime></Origin>
                <Destination><PlaceRef><StopPlaceRef>8507100</StopPlaceRef></PlaceRef></Destination>
                <Params><IncludeIntermediateStops>\(include)</IncludeIntermediateStops><NumberOfResults>1</NumberOfResults></Params></OJPTripRequest>
                """)
        }
        let service = OJPService(model: model)
        let with = service.respond(to: body(true), contentType: nil).body
        #expect(try OJPXML.strings("//o:LegIntermediate/siri:StopPointRef", in: with) == [munsingen.id])
        #expect(try OJPXML.strings("//o:LegIntermediate/o:Order", in: with) == ["2"])
        let stop = ride.stops[1]
        #expect(try OJPXML.strings("//o:LegIntermediate/*/o:TimetabledTime", in: with)
            == [stop.arrival, stop.departure].compactMap { $0.map { OJPTime.utc($0.instant) } })
        #expect(try OJPXML.strings("//o:LegIntermediate", in: service.respond(to: body(false), contentType: nil).body).isEmpty)
    }

    @Test func bothKindsOfStopEventsMergedByTime() throws {
        let inner = """
            <OJPStopEventRequest><Location><PlaceRef><StopPlaceRef>8507000</StopPlaceRef></PlaceRef><DepArrTime>2026-05-12T08:00:00+02:00</DepArrTime></Location>
            <Params><NumberOfResults>12</NumberOfResults><StopEventType>both</StopEventType><IncludeRealtimeData>false</IncludeRealtimeData></Params></OJPStopEventRequest>
            """
        let answer = service.respond(to: OJPXML.request(inner), contentType: nil).body
        let departures = try OJPXML.strings("//o:CallAtStop/o:ServiceDeparture/o:TimetabledTime", in: answer)
        let arrivals = try OJPXML.strings("//o:CallAtStop/o:ServiceArrival/o:TimetabledTime", in: answer)
        #expect(departures.count + arrivals.count == 12 && !departures.isEmpty && !arrivals.isEmpty)
        let times = try OJPXML.strings("//o:CallAtStop/*/o:TimetabledTime", in: answer)
        #expect(times == times.sorted())
        #expect(try OJPXML.strings("//o:EstimatedTime | //o:EstimatedQuay", in: answer).isEmpty)
    }

    @Test func answersAreDeterministicUTF8() throws {
        let first = service.respond(to: Self.trip, contentType: "application/xml; charset=utf-8")
        #expect(first.body == OJPService(model: TimetableModel(stations: T.stations)).respond(to: Self.trip, contentType: nil).body)
        let declaration = Array(#"<?xml version="1.0" encoding="utf-8"?>"#.utf8) + [0x0A] + Array("<OJP ".utf8)
        #expect(Array(first.body.prefix(declaration.count)) == declaration)
        let text = String(decoding: first.body, as: UTF8.self)
        // ü is C3 BC in UTF-8.
        #expect(text.contains(#"<Text xml:lang="de">Zürich HB</Text>"#) && first.body.contains(0xC3))
        #expect(text.contains(#"<OJP xmlns="http://www.vdv.de/ojp" xmlns:siri="http://www.siri.org.uk/siri" version="2.0">"#))
    }

    @Test func theWriterEscapesAndDropsWhatXMLCannotCarry() {
        var writer = AnswerWriter(charset: .utf8)
        writer.element("OJP") { writer in
            writer.empty("Place", [("name", "Őrség & \"Co\"\nline")])
            writer.leaf("Text", "a < b > c € ü \u{01}\u{FFFE}end")
            writer.text("Name", "Zürich")
            writer.leaf("Empty", "")
        }
        let expected = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<OJP>\n"
            + "  <Place name=\"Őrség &amp; &quot;Co&quot;&#10;line\"/>\n"
            + "  <Text>a &lt; b &gt; c € ü end</Text>\n  <Name>\n    <Text xml:lang=\"de\">Zürich</Text>\n  </Name>\n  <Empty/>\n</OJP>\n"
        #expect(writer.bytes == Array(expected.utf8))
    }
}
