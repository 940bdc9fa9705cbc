import Markup
import Model
@testable import Sandbox
import Testing

@Suite("OJP requests")
struct OJPRequestTests {
    typealias T = TestTimetable

    /// OJP 2.0 request bodies written by KDE/kpublictransport (test data CC0-1.0, see NOTICE),
    /// `autotests/data/ojp-request/*-ojp2.xml`, copied unchanged: the `ojp:` prefix form.
    static let kpublictransportTrip = """
    <?xml version="1.0" encoding="UTF-8"?>
    <ojp:OJP xmlns:siri="http://www.siri.org.uk/siri" xmlns:ojp="http://www.vdv.de/ojp" version="2.0">
     <ojp:OJPRequest>
      <siri:ServiceRequest>
       <siri:RequestorRef>KPublicTransport</siri:RequestorRef>
       <siri:RequestTimestamp>2023-03-24T12:34:56Z</siri:RequestTimestamp>
       <ojp:OJPTripRequest>
        <siri:RequestTimestamp>2023-03-24T12:34:56Z</siri:RequestTimestamp>
        <ojp:Origin>
         <ojp:PlaceRef>
          <ojp:GeoPosition>
           <siri:Longitude>7.78</siri:Longitude>
           <siri:Latitude>46.1</siri:Latitude>
          </ojp:GeoPosition>
          <ojp:Name>
           <ojp:Text> </ojp:Text>
          </ojp:Name>
         </ojp:PlaceRef>
         <ojp:DepArrTime>2020-09-06T20:54:00Z</ojp:DepArrTime>
        </ojp:Origin>
        <ojp:Destination>
         <ojp:PlaceRef>
          <siri:StopPointRef>8500010</siri:StopPointRef>
          <ojp:Name>
           <ojp:Text> </ojp:Text>
          </ojp:Name>
         </ojp:PlaceRef>
        </ojp:Destination>
        <ojp:Params>
         <ojp:IncludeTrackSections>false</ojp:IncludeTrackSections>
         <ojp:IncludeLegProjection>false</ojp:IncludeLegProjection>
         <ojp:IncludeTurnDescription>false</ojp:IncludeTurnDescription>
         <ojp:IncludeAccessibility>true</ojp:IncludeAccessibility>
         <ojp:IncludeIntermediateStops>true</ojp:IncludeIntermediateStops>
         <ojp:IncludeFares>false</ojp:IncludeFares>
         <ojp:NumberOfResults>3</ojp:NumberOfResults>
        </ojp:Params>
       </ojp:OJPTripRequest>
      </siri:ServiceRequest>
     </ojp:OJPRequest>
    </ojp:OJP>

    """

    static let kpublictransportLocation = """
    <?xml version="1.0" encoding="UTF-8"?>
    <ojp:OJP xmlns:siri="http://www.siri.org.uk/siri" xmlns:ojp="http://www.vdv.de/ojp" version="2.0">
     <ojp:OJPRequest>
      <siri:ServiceRequest>
       <siri:RequestorRef>KPublicTransport</siri:RequestorRef>
       <siri:RequestTimestamp>2023-03-24T12:34:56Z</siri:RequestTimestamp>
       <ojp:OJPLocationInformationRequest>
        <siri:RequestTimestamp>2023-03-24T12:34:56Z</siri:RequestTimestamp>
        <ojp:InitialInput>
         <ojp:Name>Randa</ojp:Name>
        </ojp:InitialInput>
        <ojp:Restrictions>
         <ojp:Type>stop</ojp:Type>
         <ojp:NumberOfResults>23</ojp:NumberOfResults>
        </ojp:Restrictions>
       </ojp:OJPLocationInformationRequest>
      </siri:ServiceRequest>
     </ojp:OJPRequest>
    </ojp:OJP>

    """

    static let kpublictransportStopEvent = """
    <?xml version="1.0" encoding="UTF-8"?>
    <ojp:OJP xmlns:siri="http://www.siri.org.uk/siri" xmlns:ojp="http://www.vdv.de/ojp" version="2.0">
     <ojp:OJPRequest>
      <siri:ServiceRequest>
       <siri:RequestorRef>KPublicTransport</siri:RequestorRef>
       <siri:RequestTimestamp>2023-03-24T12:34:56Z</siri:RequestTimestamp>
       <ojp:OJPStopEventRequest>
        <siri:RequestTimestamp>2023-03-24T12:34:56Z</siri:RequestTimestamp>
        <ojp:Location>
         <ojp:PlaceRef>
          <siri:StopPointRef>8501687</siri:StopPointRef>
          <ojp:Name>
           <ojp:Text> </ojp:Text>
          </ojp:Name>
         </ojp:PlaceRef>
         <ojp:DepArrTime>2020-09-06T20:54:00Z</ojp:DepArrTime>
        </ojp:Location>
        <ojp:Params>
         <ojp:StopEventType>departure</ojp:StopEventType>
         <ojp:IncludePreviousCalls>false</ojp:IncludePreviousCalls>
         <ojp:IncludeOnwardCalls>false</ojp:IncludeOnwardCalls>
         <ojp:IncludeOperatingDays>false</ojp:IncludeOperatingDays>
         <ojp:IncludeRealtimeData>true</ojp:IncludeRealtimeData>
         <ojp:NumberOfResults>4</ojp:NumberOfResults>
        </ojp:Params>
       </ojp:OJPStopEventRequest>
      </siri:ServiceRequest>
     </ojp:OJPRequest>
    </ojp:OJP>

    """

    @Test(arguments: [(kpublictransportTrip, 1490), (kpublictransportLocation, 724), (kpublictransportStopEvent, 1141)])
    func theRecordedRequestsAreCopiedByteForByte(text: String, size: Int) {
        #expect(text.utf8.count == size)
    }

    @Test func theRecordedRequestsInThePrefixedForm() throws {
        let trip = try OJPRequest.parse(Array(Self.kpublictransportTrip.utf8))
        #expect(trip == OJPRequest(timestamp: "2023-03-24T12:34:56Z", query: .trip(.init(
            origin: .init(position: .init(latitude: 46.1, longitude: 7.78)), destination: .init(stopID: "8500010"),
            time: "2020-09-06T20:54:00Z", count: 3, includeIntermediateStops: true))))

        let location = try OJPRequest.parse(Array(Self.kpublictransportLocation.utf8))
        #expect(location == OJPRequest(timestamp: "2023-03-24T12:34:56Z", query: .locations(.init(name: "Randa", types: ["stop"], count: 23))))

        let stopEvent = try OJPRequest.parse(Array(Self.kpublictransportStopEvent.utf8))
        #expect(stopEvent == OJPRequest(timestamp: "2023-03-24T12:34:56Z", query: .stopEvents(.init(
            place: .init(stopID: "8501687"), time: "2020-09-06T20:54:00Z", type: "departure", count: 4, includeRealtime: true))))
    }

    @Test func whatTheRoutesSendIsUnderstood() throws {
        let trips = try #require(T.routes["ojp-trips"]).upstreamRequest([
            "from": "8507000", "to": "8503000", "arrival": "2026-03-29T01:05:00+01:00", "limit": "6",
            "via": .list(["8500218", "ch:1:sloid:3504"]),
        ])
        #expect(trips.url.hasSuffix(OJPService.path))
        #expect(try OJPRequest.parse(try #require(trips.body), contentType: "application/xml; charset=utf-8") == OJPRequest(
            timestamp: "2026-03-29T01:05:00+01:00", query: .trip(.init(
                origin: .init(stopID: "8507000"), destination: .init(stopID: "8503000"), via: ["8500218", "ch:1:sloid:3504"],
                time: "2026-03-29T01:05:00+01:00", isArrivalTime: true, count: 6))))

        let lookup = try #require(T.routes["ojp-locations"]).upstreamRequest(["query": "Genève & <Co>", "now": "2026-05-12T08:00:00Z"])
        #expect(try OJPRequest.parse(try #require(lookup.body)) == OJPRequest(
            timestamp: "2026-05-12T08:00:00Z", query: .locations(.init(name: "Genève & <Co>", types: ["stop"], count: 10))))

        let board = try #require(T.routes["ojp-stopevents"]).upstreamRequest([
            "station": "8507000", "departure": "2026-10-25T02:30:00+01:00", "type": "arrival", "limit": "7",
        ])
        #expect(board.url.hasSuffix(OJPService.path))
        #expect(try OJPRequest.parse(try #require(board.body)) == OJPRequest(
            timestamp: "2026-10-25T02:30:00+01:00", query: .stopEvents(.init(
                place: .init(stopID: "8507000"), time: "2026-10-25T02:30:00+01:00", type: "arrival", count: 7))))
    }

    /// OJP 1.0's envelope (`siri:OJP`, `siri:OJPRequest`), `LocationRef` and `LocationName`, and
    /// prefixes nobody uses: matched by namespace, they read the same.
    @Test func otherPrefixesAndTheOJP1Envelope() throws {
        let ojp1 = """
            <siri:OJP xmlns:siri="http://www.siri.org.uk/siri" xmlns:ojp="http://www.vdv.de/ojp" version="1.0"><siri:OJPRequest>
            <siri:ServiceRequest><siri:RequestTimestamp>2021-09-06T20:00:00Z</siri:RequestTimestamp><ojp:OJPStopEventRequest>
            <ojp:Location><ojp:LocationRef><ojp:StopPlaceRef>8507000</ojp:StopPlaceRef><ojp:LocationName><ojp:Text>Bern</ojp:Text></ojp:LocationName></ojp:LocationRef>
            <ojp:DepArrTime>2021-09-06T20:00:00Z</ojp:DepArrTime></ojp:Location>
            <ojp:Params><ojp:StopEventType>arrival</ojp:StopEventType><ojp:IncludeRealtimeData>false</ojp:IncludeRealtimeData></ojp:Params>
            </ojp:OJPStopEventRequest></siri:ServiceRequest></siri:OJPRequest></siri:OJP>
            """
        #expect(try OJPRequest.parse(Array(ojp1.utf8)) == OJPRequest(timestamp: "2021-09-06T20:00:00Z", query: .stopEvents(.init(
            place: .init(stopID: "8507000", name: "Bern"), time: "2021-09-06T20:00:00Z", type: "arrival", includeRealtime: false))))

        let renamed = """
            <v:OJP xmlns:v="http://www.vdv.de/ojp" xmlns:s="http://www.siri.org.uk/siri" version="2.0"><v:OJPRequest><s:ServiceRequest>
            <v:OJPTripRequest><v:Origin><v:PlaceRef><v:Name><v:Text>Thun</v:Text></v:Name></v:PlaceRef><v:DepArrTime>2026-05-12T08:00:00</v:DepArrTime></v:Origin>
            <v:Destination><v:PlaceRef><s:StopPointRef>ch:1:sloid:3000:503:43</s:StopPointRef></v:PlaceRef><v:DepArrTime>2026-05-12T09:00:00Z</v:DepArrTime></v:Destination>
            <v:Via><v:ViaPoint><v:StopPlaceRef>8500218</v:StopPlaceRef></v:ViaPoint></v:Via>
            </v:OJPTripRequest></s:ServiceRequest></v:OJPRequest></v:OJP>
            """
        #expect(try OJPRequest.parse(Array(renamed.utf8)) == OJPRequest(query: .trip(.init(
            origin: .init(name: "Thun"), destination: .init(stopID: "ch:1:sloid:3000:503:43"), via: ["8500218"],
            time: "2026-05-12T08:00:00"))))
    }

    @Test func aTimeOnlyAtTheDestinationIsAnArrivalTime() throws {
        let body = OJPXML.request("""
            <OJPTripRequest><Origin><PlaceRef><StopPlaceRef>8507000</StopPlaceRef></PlaceRef></Origin>
            <Destination><PlaceRef><StopPlaceRef>8503000</StopPlaceRef></PlaceRef><DepArrTime>2026-05-12T09:00:00Z</DepArrTime></Destination>
            </OJPTripRequest>
            """)
        guard case .trip(let query) = try OJPRequest.parse(body).query else { Issue.record("not a trip"); return }
        #expect(query.time == "2026-05-12T09:00:00Z" && query.isArrivalTime)
    }

    @Test func whatIsNotXMLIsUnreadable() {
        for body in ["hello", "", "<OJP", "<OJP xmlns=\"http://www.vdv.de/ojp\"><OJPRequest/></OJPRequestX></OJP>", "\u{FEFF}<a>&e;</a>"] {
            #expect(throws: OJPRequestError.self, "\(body)") { try OJPRequest.parse(Array(body.utf8)) }
            #expect((try? OJPRequest.parse(Array(body.utf8))) == nil)
            do {
                _ = try OJPRequest.parse(Array(body.utf8))
            } catch {
                #expect(error.isUnreadable, "\(body)")
            }
        }
        // Nested deeper than any request: refused, not walked.
        let deep = String(repeating: "<a>", count: 200) + String(repeating: "</a>", count: 200)
        #expect(throws: OJPRequestError.self) { try OJPRequest.parse(Array(deep.utf8)) }
    }

    @Test func xmlThatIsNoOJPRequestIsUnsupported() {
        let bodies = [
            "<ReqC><ConReq/></ReqC>",
            // The right names without the namespace.
            "<OJP><OJPRequest><ServiceRequest><OJPTripRequest/></ServiceRequest></OJPRequest></OJP>",
            // A request the sandbox does not answer.
            String(decoding: OJPXML.request("<OJPTripInfoRequest><JourneyRef>x</JourneyRef></OJPTripInfoRequest>"), as: UTF8.self),
        ]
        for body in bodies {
            do {
                _ = try OJPRequest.parse(Array(body.utf8))
                Issue.record("parsed: \(body)")
            } catch {
                #expect(!error.isUnreadable)
            }
        }
    }

    @Test func aBodyOverTheLimitIsNotRead() throws {
        let request = OJPXML.request("<OJPLocationInformationRequest><InitialInput><Name>Bern</Name></InitialInput></OJPLocationInformationRequest>")
        // Padding in a comment keeps it a request: at the limit it is read, one byte more it is not.
        let padding = OJPRequest.maximumBodySize - request.count - "<!---->".utf8.count
        let atLimit = request + Array("<!--\(String(repeating: "x", count: padding))-->".utf8)
        #expect(atLimit.count == OJPRequest.maximumBodySize)
        #expect(try OJPRequest.parse(atLimit).query == .locations(.init(name: "Bern")))
        #expect(throws: OJPRequestError.tooLarge(atLimit.count + 1)) { try OJPRequest.parse(atLimit + [0x20]) }
    }

    @Test func entitiesAreNeverExpanded() {
        let body = """
            <?xml version="1.0"?><!DOCTYPE OJP [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <OJP xmlns="http://www.vdv.de/ojp" xmlns:siri="http://www.siri.org.uk/siri"><OJPRequest><siri:ServiceRequest>
            <OJPLocationInformationRequest><InitialInput><Name>&secret;</Name></InitialInput></OJPLocationInformationRequest>
            </siri:ServiceRequest></OJPRequest></OJP>
            """
        let answer = OJPRouteRun.service.respond(to: Array(body.utf8), contentType: nil)
        #expect(answer.status == 400)
        #expect(!String(decoding: answer.body, as: UTF8.self).contains("root:"))
    }

    @Test(arguments: [
        ("8503000", "8503000"), ("ch:1:sloid:3000", "8503000"), ("ch:1:sloid:3000:503:43", "8503000"), ("ch:1:sloid:10:4:7", "8500010"),
        ("ch:1:sloid:1687:0:148772", "8501687"), ("ch:1:sloid:x", "ch:1:sloid:x"), ("ch:1:sloid:123456", "ch:1:sloid:123456"),
        ("de:00000:-1", "de:00000:-1"),
    ])
    func sloidsAreUICNumbers(reference: String, number: String) {
        #expect(OJPService.uicNumber(reference) == number)
    }

    @Test func timesAsOJPWritesAndReadsThem() throws {
        let clock = T.model.clock
        let summer = try #require(OJPTime.instant("2026-05-12T07:50:00+02:00", clock: clock))
        #expect(OJPTime.utc(summer) == "2026-05-12T05:50:00Z")
        #expect(OJPTime.instant("2026-05-12T05:50:00Z", clock: clock) == summer)
        #expect(OJPTime.instant("2026-05-12T05:50:00.9645445Z", clock: clock) == summer)
        #expect(OJPTime.instant("2026-05-12T07:50", clock: clock) == summer)
        #expect(OJPTime.instant("2026-05-12T03:50:00-0200", clock: clock) == summer)
        for bad in ["", "2026-05-12", "2026-13-01T00:00:00Z", "2026-05-12T24:00:00Z", "2026-05-12T07:50:00+2", "2026-05-12T07:50:00Zx", "tomorrow"] {
            #expect(OJPTime.instant(bad, clock: clock) == nil, "\(bad)")
        }
        #expect(OJPTime.duration(3708) == "PT1H1M48S")
        #expect(OJPTime.duration(7218) == "PT2H18S")
        #expect(OJPTime.duration(180) == "PT3M")
        #expect(OJPTime.duration(0) == "PT0S")
    }
}
