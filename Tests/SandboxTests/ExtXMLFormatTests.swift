import Markup
@testable import Sandbox
import Testing
import Kernel

/// The answers use the recorded responses' vocabulary: every element path and attribute the
/// sandbox writes appears in a recorded SBB response of the repository's samples, except the
/// few listed here, which come from what HAFAS clients document.
@Suite("extxml format")
struct ExtXMLFormatTests {
    typealias T = TestTimetable

    /// Element paths, and attribute names after `@`: `ResC/ConRes/ConnectionList/Connection@id`.
    static func vocabulary(_ bytes: [UInt8]) throws -> Set<String> {
        let document = try Document.parse(bytes, as: .xml)
        let xpath = try XPathEvaluator(document)
        var words = Set<String>()
        for node in try xpath.nodes(XPathExpression("//*")) {
            let path = try xpath.nodes(XPathExpression("ancestor-or-self::*"), at: node).map(\.name).joined(separator: "/")
            words.insert(path)
            for attribute in try xpath.nodes(XPathExpression("@*"), at: node) {
                words.insert(path + "@" + attribute.name)
            }
        }
        return words
    }

    static let recordedSamples = [
        "hafas-extxml-connections/samples/zurich-baden-2016-12-23.xml",
        "hafas-extxml-connections/samples/walks-and-prognosis-2012-07-27.xml",
        "hafas-extxml-connections/samples/error-spool.xml",
        "hafas-extxml-locations/samples/zurich-bern-ambiguous-2015.xml",
        "hafas-extxml-stationboard/samples/zurich-hb-2016-12-23.xml",
        "hafas-extxml-stationboard/samples/zurich-altstetten-delay-2013-10-15.xml",
    ]

    /// Written by the sandbox but in none of the repository's samples.
    static let documentedElsewhere: Set<String> = [
        // A late last arrival in the overview, as the overview's departure carries its prognosis
        // (no sample has a late last arrival).
        "ResC/ConRes/ConnectionList/Connection/Overview/Arrival/BasicStop/StopPrognosis/Arr/Time",
        // Errors of connection and board requests sit in ConRes and STBRes (HAFAS clients' parsers).
        "ResC/ConRes/Err", "ResC/ConRes/Err@code", "ResC/ConRes/Err@text", "ResC/ConRes/Err@level",
        "ResC/STBRes/Err", "ResC/STBRes/Err@code", "ResC/STBRes/Err@text", "ResC/STBRes/Err@level",
        // A cancelled board entry, marked as a cancelled connection section is.
        "ResC/STBRes/JourneyList/STBJourney/MainStop/BasicStop/StopPrognosis/Status",
        "ResC/STBRes/JourneyList/STBJourney/JProg", "ResC/STBRes/JourneyList/STBJourney/JProg/JStatus",
        // An arrival board.
        "ResC/STBRes/JourneyList/STBJourney/MainStop/BasicStop/Arr", "ResC/STBRes/JourneyList/STBJourney/MainStop/BasicStop/Arr/Time",
        "ResC/STBRes/JourneyList/STBJourney/MainStop/BasicStop/Arr/Platform",
        "ResC/STBRes/JourneyList/STBJourney/MainStop/BasicStop/Arr/Platform/Text",
        "ResC/STBRes/JourneyList/STBJourney/MainStop/BasicStop/StopPrognosis/Arr",
        "ResC/STBRes/JourneyList/STBJourney/MainStop/BasicStop/StopPrognosis/Arr/Time",
        // Notices on a connection, recorded in the 2013-09-12 answer among the upstream recordings
        // (connections-hafas_response_2013-09-12.xml), which the routes' samples lack.
        "ResC/ConRes/ConnectionList/Connection/IList", "ResC/ConRes/ConnectionList/Connection/IList/I",
        "ResC/ConRes/ConnectionList/Connection/IList/I@header", "ResC/ConRes/ConnectionList/Connection/IList/I@lead",
        "ResC/ConRes/ConnectionList/Connection/IList/I@text", "ResC/ConRes/ConnectionList/Connection/IList/I@locType",
        "ResC/ConRes/ConnectionList/Connection/IList/I@section", "ResC/ConRes/ConnectionList/Connection/IList/I@dep",
        "ResC/ConRes/ConnectionList/Connection/IList/I@symbol", "ResC/ConRes/ConnectionList/Connection/IList/I@channel",
        // A changed platform in the prognosis: FORMATS.md's `StopPrognosis/Dep/Platform/Text`, which
        // transport.opendata.ch's Prognosis.php reads; no recording has one.
        "ResC/ConRes/ConnectionList/Connection/Overview/Departure/BasicStop/StopPrognosis/Dep/Platform",
        "ResC/ConRes/ConnectionList/Connection/Overview/Departure/BasicStop/StopPrognosis/Dep/Platform/Text",
        "ResC/ConRes/ConnectionList/Connection/ConSectionList/ConSection/Departure/BasicStop/StopPrognosis/Dep/Platform",
        "ResC/ConRes/ConnectionList/Connection/ConSectionList/ConSection/Departure/BasicStop/StopPrognosis/Dep/Platform/Text",
        "ResC/ConRes/ConnectionList/Connection/ConSectionList/ConSection/Journey/PassList/BasicStop/StopPrognosis/Dep/Platform",
        "ResC/ConRes/ConnectionList/Connection/ConSectionList/ConSection/Journey/PassList/BasicStop/StopPrognosis/Dep/Platform/Text",
        "ResC/STBRes/JourneyList/STBJourney/MainStop/BasicStop/StopPrognosis/Dep/Platform",
        "ResC/STBRes/JourneyList/STBJourney/MainStop/BasicStop/StopPrognosis/Dep/Platform/Text",
    ]

    @Test func theAnswersSpeakTheRecordedVocabulary() throws {
        var recorded = Set<String>()
        for sample in Self.recordedSamples {
            recorded.formUnion(try Self.vocabulary(try Files.read(T.routesDirectory + "/" + sample)))
        }
        let service = T.service
        let cancelled = try #require(try T.model.departures(at: T.bern, from: T.at(2026, 5, 12, 8, 0), limit: 40).first { $0.ride.isCancelled })
        let answers = try [
            RouteRun("hafas-extxml-connections", ["from": "Thun, Martinstrasse", "to": "Zürich, Paradeplatz", "date": "20260512", "time": "07:50"]),
            RouteRun("hafas-extxml-connections", ["from": "Bern, Rathaus", "to": "Basel SBB", "date": "20260512", "time": "07:50"]),
            RouteRun("hafas-extxml-connections", ["from": "Bern", "to": "Zürich HB", "date": "20260512", "time": cancelled.stop.time.local.clock]),
            RouteRun("hafas-extxml-connections", ["from": "Bern", "to": "Bern", "date": "20260512", "time": "07:50"]),
            RouteRun("hafas-extxml-connections", ["from": "Bern", "to": "Bern", "date": "2026", "time": "07:50"]),
            RouteRun("hafas-extxml-locations", ["query": "Zürich"]),
            RouteRun("hafas-extxml-stationboard", ExtXMLRoutesTests.boardParameters(T.bern, T.at(2026, 5, 12, 7, 30), limit: 60)),
            RouteRun("hafas-extxml-stationboard", ExtXMLRoutesTests.boardParameters(T.zurich, T.at(2026, 5, 12, 7, 30), limit: 60, arrivals: true)),
            RouteRun("hafas-extxml-stationboard", ExtXMLRoutesTests.boardParameters(T.paradeplatz, T.at(2026, 5, 12, 7, 30), limit: 5)),
            RouteRun("hafas-extxml-stationboard", ["station": "9999999", "date": "20260512", "time": "07:30", "start": "2026-05-12T07:30"]),
        ].map(\.answer) + [service.respond(to: Array("<ReqC/>".utf8))]
        var written = Set<String>()
        for answer in answers { written.formUnion(try Self.vocabulary(answer)) }
        #expect(written.subtracting(recorded) == Self.documentedElsewhere)
    }
}
