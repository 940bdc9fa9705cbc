import Model
@testable import Sandbox
import Testing

/// Each real-time state where OJP 2.0 writes it: `EstimatedTime`/`EstimatedQuay` beside the
/// timetabled ones, `NotServicedStop` in the call, `Service/Cancelled`, and situations in the
/// response context with `Service/SituationFullRefs`.
@Suite("OJP real-time")
struct OJPRealtimeTests {
    typealias T = TestTimetable
    let service = OJPRouteRun.service

    /// The answer to a trip request Bern → Zürich HB with intermediate stops.
    func trips(at time: LocalDateTime, count: Int = 1) -> [UInt8] {
        service.respond(to: OJPXML.request("""
            <OJPTripRequest><Origin><PlaceRef><StopPlaceRef>8507000</StopPlaceRef></PlaceRef><DepArrTime>\(OJPTime.utc(T.model.clock.instant(of: time)))</DepArrTime></Origin>
            <Destination><PlaceRef><StopPlaceRef>8503000</StopPlaceRef></PlaceRef></Destination>
            <Params><NumberOfResults>\(count)</NumberOfResults><IncludeIntermediateStops>true</IncludeIntermediateStops></Params></OJPTripRequest>
            """), contentType: nil).body
    }

    /// The answer to a departure board request at Bern.
    func departures(at time: LocalDateTime, count: Int) -> [UInt8] {
        service.respond(to: OJPXML.request("""
            <OJPStopEventRequest><Location><PlaceRef><StopPlaceRef>8507000</StopPlaceRef></PlaceRef><DepArrTime>\(OJPTime.utc(T.model.clock.instant(of: time)))</DepArrTime></Location>
            <Params><NumberOfResults>\(count)</NumberOfResults><StopEventType>departure</StopEventType><IncludeRealtimeData>true</IncludeRealtimeData></Params></OJPStopEventRequest>
            """), contentType: nil).body
    }

    static let leg = "//o:TripResult[1]/o:Trip/o:Leg[1]/o:TimedLeg"

    @Test func theChangedPlatformAtBernIsAnEstimatedQuay() throws {
        let run = try RealtimeModelTests.firstRun(after: 7)
        let answer = trips(at: run.stop.time.local)
        #expect(try OJPXML.strings(Self.leg + "/o:LegBoard/o:PlannedQuay/o:Text", in: answer) == [run.stop.platform!])
        let estimated = try OJPXML.strings(Self.leg + "/o:LegBoard/o:EstimatedQuay/o:Text", in: answer)
        #expect(estimated == [run.stop.predictedPlatform!] && estimated != [run.stop.platform!])
        #expect(try OJPXML.strings(Self.leg + "/o:LegBoard/o:ServiceDeparture/o:EstimatedTime", in: answer).count == 1)
        // On the board too.
        let board = departures(at: run.stop.time.local, count: 1)
        #expect(try OJPXML.strings("//o:StopEventResult[1]//o:CallAtStop/o:EstimatedQuay/o:Text", in: board) == estimated)
    }

    @Test func aRunWithoutRealtimeHasNoEstimateAnywhere() throws {
        let run = try RealtimeModelTests.firstRun(after: 9)
        let answer = trips(at: run.stop.time.local)
        #expect(try OJPXML.strings(Self.leg + "/o:Service/o:TrainNumber", in: answer) == [run.ride.number])
        #expect(try OJPXML.strings(Self.leg + "/o:LegIntermediate", in: answer).count == 1)
        #expect(try OJPXML.strings(Self.leg + "//o:EstimatedTime | " + Self.leg + "//o:EstimatedQuay", in: answer).isEmpty)
        #expect(try OJPXML.strings(Self.leg + "//o:TimetabledTime", in: answer).count == 4)
    }

    @Test func aRunPredictedOnTimeHasEstimatesEqualToTheTimetable() throws {
        let board = try T.model.departures(at: T.bern, from: T.at(2026, 5, 12, 6, 0), limit: 80)
        let onTime = try #require(board.first { $0.ride.hasRealtime && !$0.ride.isCancelled && $0.stop.prognosis == $0.stop.time })
        let index = try #require(board.firstIndex(of: onTime)) + 1
        let answer = departures(at: T.at(2026, 5, 12, 6, 0), count: 80)
        let call = "//o:StopEventResult[\(index)]//o:CallAtStop/o:ServiceDeparture"
        let timetabled = try OJPXML.strings(call + "/o:TimetabledTime", in: answer)
        #expect(timetabled == [OJPTime.utc(onTime.stop.time.instant)])
        #expect(try OJPXML.strings(call + "/o:EstimatedTime", in: answer) == timetabled)
    }

    @Test func theSkippedStopIsNotServiced() throws {
        let run = try RealtimeModelTests.firstRun(after: 10)
        let answer = trips(at: run.stop.time.local)
        let intermediate = Self.leg + "/o:LegIntermediate"
        #expect(try OJPXML.strings(intermediate + "/siri:StopPointRef", in: answer) == [T.olten.id])
        #expect(try OJPXML.strings(intermediate + "/o:NotServicedStop", in: answer) == ["true"])
        #expect(try OJPXML.strings(intermediate + "//o:EstimatedTime", in: answer).isEmpty)
        #expect(try OJPXML.strings(Self.leg + "/o:LegBoard/o:NotServicedStop | " + Self.leg + "/o:LegAlight/o:NotServicedStop", in: answer).isEmpty)
        #expect(try OJPXML.strings(Self.leg + "/o:LegAlight/o:ServiceArrival/o:EstimatedTime", in: answer).count == 1)
        #expect(try OJPXML.strings(Self.leg + "/o:Service/o:Cancelled", in: answer).isEmpty)
    }

    @Test func theCancelledRunIsCancelled() throws {
        let run = try RealtimeModelTests.firstRun(after: 8)
        let answer = trips(at: run.stop.time.local)
        #expect(try OJPXML.strings(Self.leg + "/o:Service/o:Cancelled", in: answer) == ["true"])
        #expect(try OJPXML.strings(Self.leg + "//o:EstimatedTime", in: answer).isEmpty)
    }

    @Test func theWorksAreASituationOfTheEveningLegs() throws {
        let answer = trips(at: T.at(2026, 5, 12, 20, 0), count: 2)
        let situation = "//o:TripResponseContext/o:Situations/o:PtSituation"
        let number = "ch:1:sstid:100001:gottago-works-8507000-8503000-20260512"
        #expect(try OJPXML.strings(situation + "/siri:SituationNumber", in: answer).contains(number))
        let works = situation + "[siri:SituationNumber = '\(number)']"
        #expect(try OJPXML.strings(works + "/siri:ValidityPeriod/siri:StartTime", in: answer) == ["2026-05-12T18:00:00Z"])
        #expect(try OJPXML.strings(works + "/siri:ValidityPeriod/siri:EndTime", in: answer) == ["2026-05-12T21:59:00Z"])
        #expect(try OJPXML.strings(works + "/siri:AlertCause", in: answer) == ["constructionWork"])
        #expect(try OJPXML.strings(works + "/siri:Priority", in: answer) == ["3"])
        let content = works + "/siri:PublishingActions/siri:PublishingAction/siri:PassengerInformationAction/siri:TextualContent"
        for part in ["siri:SummaryContent/siri:SummaryText", "siri:ReasonContent/siri:ReasonText", "siri:DescriptionContent/siri:DescriptionText", "siri:InfoLink/siri:Uri"] {
            #expect(try OJPXML.strings(content + "/" + part, in: answer).count == 1, "\(part)")
        }
        let references = "//o:TripResult/o:Trip/o:Leg/o:TimedLeg/o:Service/o:SituationFullRefs/o:SituationFullRef/siri:SituationNumber"
        #expect(try OJPXML.strings(references + "[. = '\(number)']", in: answer).count == 2)
        // Not in the morning.
        #expect(try OJPXML.strings("//siri:SituationNumber[. = '\(number)']", in: trips(at: T.at(2026, 5, 12, 10, 0))).isEmpty)
    }

    @Test func theStationNoticeIsOnBernsStopEvents() throws {
        let answer = departures(at: T.at(2026, 5, 12, 7, 30), count: 10)
        let number = "ch:1:sstid:100001:gottago-lift-8507000-20260512"
        #expect(try OJPXML.strings("//o:StopEventResponseContext/o:Situations/o:PtSituation/siri:SituationNumber", in: answer) == [number])
        #expect(try OJPXML.strings("//o:StopEventResponseContext/o:Situations/o:PtSituation/siri:ScopeType", in: answer) == ["stopPoint"])
        #expect(try OJPXML.strings("//o:StopEventResult/o:StopEvent/o:Service/o:SituationFullRefs/o:SituationFullRef/siri:SituationNumber", in: answer)
            == Array(repeating: number, count: 10))
    }
}
