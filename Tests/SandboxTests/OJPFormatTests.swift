import Foundation
import Markup
import Model
@testable import Sandbox
import Testing
import Kernel

/// The answers use the recorded responses' vocabulary: every element path the sandbox writes
/// (by namespace and local name) appears in a recorded OJP 2.0 response among the repository's
/// samples, except the few listed here, which OJP 2.0's schema defines.
@Suite("OJP format")
struct OJPFormatTests {
    typealias T = TestTimetable

    /// Element paths as `{namespace}name/…` with `o:` and `siri:` for the two namespaces, and
    /// attribute names after `@`.
    static func vocabulary(_ bytes: [UInt8]) throws -> Set<String> {
        let document = try Document.parse(bytes, as: .xml)
        let xpath = try XPathEvaluator(document)
        let qualified = try XPathExpression("concat(substring('siri:', 1, 5 * (namespace-uri() = 'http://www.siri.org.uk/siri')), local-name())")
        let name = try XPathExpression("name()")
        var words = Set<String>()
        for node in try xpath.nodes(XPathExpression("//*")) {
            let path = try xpath.nodes(XPathExpression("ancestor-or-self::*"), at: node)
                .map { try xpath.strings(qualified, at: $0).joined() }.joined(separator: "/")
            words.insert(path)
            for attribute in try xpath.nodes(XPathExpression("@*"), at: node) {
                words.insert(path + "@" + (try xpath.strings(name, at: attribute).joined()))
            }
        }
        return words
    }

    static let recordedSamples = [
        "ojp-trips/samples/ojp2-kloten-2026-02-26.xml",
        "ojp-trips/samples/error-ojp2-no-trip.xml",
        "ojp-locations/samples/ojp2-bern.xml",
        "ojp-locations/samples/ojp2-by-name.xml",
        "ojp-stopevents/samples/ojp2-zurich-hb-2026-02-26.xml",
    ]

    /// Written by the sandbox but in none of the repository's OJP 2.0 samples: OJP 2.0 schema
    /// elements for what the recorded answers happen not to show.
    static let documentedElsewhere: Set<String> = [
        // A walk's time window and length (TransferLegStructure: TimeWindowGroup, Length; the OJP 1.0 sample has them).
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/TransferLeg/TimeWindowStart",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/TransferLeg/TimeWindowEnd",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/TransferLeg/Length",
        // A walk-only trip (ContinuousLegStructure, recorded in ch2-journey-situation, not among the samples).
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/ContinuousLeg",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/ContinuousLeg/LegStart",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/ContinuousLeg/LegStart/siri:StopPointRef",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/ContinuousLeg/LegStart/Name",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/ContinuousLeg/LegStart/Name/Text",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/ContinuousLeg/LegStart/Name/Text@xml:lang",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/ContinuousLeg/LegEnd",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/ContinuousLeg/LegEnd/siri:StopPointRef",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/ContinuousLeg/LegEnd/Name",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/ContinuousLeg/LegEnd/Name/Text",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/ContinuousLeg/LegEnd/Name/Text@xml:lang",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/ContinuousLeg/Service",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/ContinuousLeg/Service/PersonalModeOfOperation",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/ContinuousLeg/Service/PersonalMode",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/ContinuousLeg/TimeWindowStart",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/ContinuousLeg/TimeWindowEnd",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/ContinuousLeg/Duration",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/ContinuousLeg/Length",
        // Each delivery's timestamp (recorded in the trip error answer), the bus and tram submodes
        // of a service (recorded in ojp-js's trip and stop event answers; the samples' services are all trains).
        "OJP/OJPResponse/siri:ServiceDelivery/OJPStopEventDelivery/siri:ResponseTimestamp",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/TimedLeg/Service/Mode/siri:BusSubmode",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/TimedLeg/Service/Mode/siri:TramSubmode",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPStopEventDelivery/StopEventResult/StopEvent/Service/Mode/siri:BusSubmode",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPStopEventDelivery/StopEventResult/StopEvent/Service/Mode/siri:TramSubmode",
        // A trip that cannot be made (recorded in ojp-js tr-response-zh-be) and a cancelled run (DatedJourneyStructure).
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Infeasible",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPTripDelivery/TripResult/Trip/Leg/TimedLeg/Service/Cancelled",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPStopEventDelivery/StopEventResult/StopEvent/Service/Cancelled",
        // An arrival board.
        "OJP/OJPResponse/siri:ServiceDelivery/OJPStopEventDelivery/StopEventResult/StopEvent/ThisCall/CallAtStop/ServiceArrival",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPStopEventDelivery/StopEventResult/StopEvent/ThisCall/CallAtStop/ServiceArrival/TimetabledTime",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPStopEventDelivery/StopEventResult/StopEvent/ThisCall/CallAtStop/ServiceArrival/EstimatedTime",
        // The other problem types (OJPErrorStructure) in their deliveries.
        "OJP/OJPResponse/siri:ServiceDelivery/OJPLocationInformationDelivery/ErrorCondition",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPLocationInformationDelivery/ErrorCondition/LocationProblemType",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPStopEventDelivery/ErrorCondition",
        "OJP/OJPResponse/siri:ServiceDelivery/OJPStopEventDelivery/ErrorCondition/StopEventProblemType",
        // SIRI's answer to a request the service does not take (ServiceDeliveryStructure: Status, ErrorCondition).
        "OJP/OJPResponse/siri:ServiceDelivery/siri:Status",
        "OJP/OJPResponse/siri:ServiceDelivery/siri:ErrorCondition",
        "OJP/OJPResponse/siri:ServiceDelivery/siri:ErrorCondition/siri:OtherError",
        "OJP/OJPResponse/siri:ServiceDelivery/siri:ErrorCondition/siri:OtherError/siri:ErrorText",
        "OJP/OJPResponse/siri:ServiceDelivery/siri:ErrorCondition/siri:Description",
    ]

    /// Situations and the references to them, recorded in the OJP 2.0 answers with situations
    /// among the upstream recordings (`ojp2-kpublictransport-ch2-journey-situation.xml` for trips,
    /// `ojp2-ojp-js-ser-response-situations.xml` for stop events), which the routes' samples lack.
    static let situationPaths: Set<String> = {
        let action = "siri:PublishingActions/siri:PublishingAction/siri:PassengerInformationAction"
        let content = action + "/siri:TextualContent"
        var situation = [
            "", "/siri:CreationTime", "/siri:ParticipantRef", "/siri:SituationNumber", "/siri:Version", "/siri:Source", "/siri:Source/siri:SourceType",
            "/siri:ValidityPeriod", "/siri:ValidityPeriod/siri:StartTime", "/siri:ValidityPeriod/siri:EndTime", "/siri:AlertCause",
            "/siri:Priority", "/siri:ScopeType", "/siri:Language", "/siri:PublishingActions", "/siri:PublishingActions/siri:PublishingAction",
            "/siri:PublishingActions/siri:PublishingAction/siri:PublishAtScope", "/siri:PublishingActions/siri:PublishingAction/siri:PublishAtScope/siri:ScopeType",
            "/siri:PublishingActions/siri:PublishingAction/siri:PublishAtScope/siri:Affects",
            "/" + action, "/" + action + "/siri:ActionRef", "/" + action + "/siri:RecordedAtTime", "/" + action + "/siri:Perspective",
            "/" + content, "/" + content + "/siri:InfoLink", "/" + content + "/siri:InfoLink/siri:Uri",
        ].map { "PtSituation" + $0 }
        for part in ["Summary", "Reason", "Description", "Duration"] {
            situation += ["/siri:\(part)Content", "/siri:\(part)Content/siri:\(part)Text", "/siri:\(part)Content/siri:\(part)Text@xml:lang"]
                .map { "PtSituation/" + content + $0 }
        }
        situation += ["/siri:InfoLink/siri:Label", "/siri:InfoLink/siri:Label@xml:lang"].map { "PtSituation/" + content + $0 }
        let references = ["", "/SituationFullRef", "/SituationFullRef/siri:ParticipantRef", "/SituationFullRef/siri:SituationNumber"].map { "SituationFullRefs" + $0 }
        let delivery = "OJP/OJPResponse/siri:ServiceDelivery/"
        return Set(
            situation.map { delivery + "OJPTripDelivery/TripResponseContext/Situations/" + $0 }
                + situation.map { delivery + "OJPStopEventDelivery/StopEventResponseContext/Situations/" + $0 }
                + references.map { delivery + "OJPTripDelivery/TripResult/Trip/Leg/TimedLeg/Service/" + $0 }
                + references.map { delivery + "OJPStopEventDelivery/StopEventResult/StopEvent/Service/" + $0 })
    }()

    @Test func theAnswersSpeakTheRecordedVocabulary() throws {
        var recorded = Set<String>()
        for sample in Self.recordedSamples {
            recorded.formUnion(try Self.vocabulary(try Files.read(T.routesDirectory + "/" + sample)))
        }
        let cancelled = try #require(try T.model.departures(at: T.bern, from: T.at(2026, 5, 12, 8, 0), limit: 40).first { $0.ride.isCancelled })
        let runs = try [
            OJPRouteRun("ojp-trips", ["from": T.thunMartinstrasse.id, "to": T.paradeplatz.id, "departure": "2026-05-12T07:50:00+02:00"]),
            OJPRouteRun("ojp-trips", ["from": T.bernRathaus.id, "to": T.basel.id, "departure": "2026-05-12T07:50:00+02:00"]),
            OJPRouteRun("ojp-trips", ["from": T.bernHenkerbrunnli.id, "to": T.bern.id, "departure": "2026-05-12T07:50:00+02:00"]),
            OJPRouteRun("ojp-trips", ["from": T.bern.id, "to": T.zurich.id, "departure": cancelled.stop.time.iso8601]),
            OJPRouteRun("ojp-trips", ["from": T.bern.id, "to": T.bern.id, "departure": "2026-05-12T07:50:00+02:00"]),
            OJPRouteRun("ojp-locations", ["query": "Zürich", "now": "2026-05-12T07:50:00+02:00"]),
            OJPRouteRun("ojp-locations", ["query": "Atlantis", "now": "2026-05-12T07:50:00+02:00"]),
            OJPRouteRun("ojp-stopevents", ["station": T.bern.id, "departure": "2026-05-12T07:30:00+02:00", "limit": "60"]),
            OJPRouteRun("ojp-stopevents", ["station": T.bernHauptbahnhof.id, "departure": "2026-05-12T07:30:00+02:00", "limit": "10"]),
            OJPRouteRun("ojp-stopevents", ["station": T.zurich.id, "departure": "2026-05-12T07:30:00+02:00", "type": "arrival"]),
            OJPRouteRun("ojp-stopevents", ["station": "8599999", "departure": "2026-05-12T07:30:00+02:00"]),
        ]
        let answers = runs.map(\.answer) + [OJPRouteRun.service.respond(to: Array("<ReqC/>".utf8), contentType: nil).body]
        var written = Set<String>()
        for answer in answers { written.formUnion(try Self.vocabulary(answer)) }
        #expect(written.subtracting(recorded).sorted() == Self.documentedElsewhere.union(Self.situationPaths).sorted())
    }

    /// Every answer is a well-formed OJP 2.0 document: the vdv namespace as the default one,
    /// version 2.0, times in UTC, durations in ISO 8601.
    @Test func everyAnswerIsAnOJP2Document() throws {
        let bodies = [
            OJPServiceTests.trip,
            OJPXML.request("<OJPLocationInformationRequest><InitialInput><Name>Bern</Name></InitialInput></OJPLocationInformationRequest>"),
            OJPXML.request("""
                <OJPStopEventRequest><Location><PlaceRef><StopPlaceRef>8503000</StopPlaceRef></PlaceRef>
                <DepArrTime>2026-05-12T08:00:00Z</DepArrTime></Location></OJPStopEventRequest>
                """),
            Array("<a/>".utf8),
        ]
        for body in bodies {
            let answer = OJPRouteRun.service.respond(to: body, contentType: nil)
            #expect(answer.status == 200)
            #expect(try OJPXML.strings("namespace-uri(/*)", in: answer.body) == ["http://www.vdv.de/ojp"])
            #expect(try OJPXML.strings("/o:OJP/@version", in: answer.body) == ["2.0"])
            #expect(try OJPXML.strings("count(/o:OJP/o:OJPResponse/siri:ServiceDelivery/siri:ProducerRef)", in: answer.body) == ["1"])
            let times = try OJPXML.strings("//o:TimetabledTime | //o:EstimatedTime | //o:StartTime | //o:EndTime | //siri:ResponseTimestamp", in: answer.body)
            #expect(times.allSatisfy { $0.count == 20 && $0.hasSuffix("Z") }, "\(times)")
            let durations = try OJPXML.strings("//o:Duration", in: answer.body)
            #expect(durations.allSatisfy { $0.hasPrefix("PT") })
        }
    }
}
