import Model
@testable import Sandbox
import Testing

/// Each real-time state where extxml writes it: `StopPrognosis` (a time only where it differs, a
/// changed platform), `JProg/JStatus`, the failure status of a cancelled run, `Connection/IList`.
@Suite("extxml real-time")
struct ExtXMLRealtimeTests {
    typealias T = TestTimetable

    static func connections(at time: LocalDateTime) throws -> RouteRun {
        try RouteRun("hafas-extxml-connections", ["from": "Bern", "to": "Zürich HB", "date": time.date.compact, "time": time.clock])
    }

    static let section = "/ResC/ConRes/ConnectionList/Connection[1]/ConSectionList/ConSection[1]"

    @Test func theChangedPlatformIsInTheDeparturesPrognosis() throws {
        let run = try RealtimeModelTests.firstRun(after: 7)
        let answer = try Self.connections(at: run.stop.time.local)
        #expect(try answer.strings(Self.section + "/Departure/BasicStop/Dep/Platform/Text") == [run.stop.platform!])
        #expect(try answer.strings(Self.section + "/Departure/BasicStop/StopPrognosis/Dep/Platform/Text") == [run.stop.predictedPlatform!])
    }

    @Test func aRunWithoutRealtimeHasNoPrognosisOnItsWay() throws {
        let run = try RealtimeModelTests.firstRun(after: 9)
        let answer = try Self.connections(at: run.stop.time.local)
        #expect(try answer.strings(Self.section + "//StopPrognosis/*/Time").isEmpty)
        // A StopPrognosis at the first and last stop only, as for the recorded runs without one.
        #expect(try answer.strings(Self.section + "/Journey/PassList/BasicStop[StopPrognosis]/@index") == ["0", "2"])
        #expect(try answer.strings(Self.section + "/Journey/JProg/JStatus") == ["SCHEDULED"])
    }

    @Test func aLateRunHasItsExpectedTimesAndTheDelayStatus() throws {
        let late = try #require(try RealtimeModelTests.designatedRuns(T.model).first { $0.ride.delay > 0 && $0.ride.stops.allSatisfy(\.isPredicted) })
        let answer = try Self.connections(at: late.stop.time.local)
        #expect(try answer.strings(Self.section + "/Journey/PassList/BasicStop[StopPrognosis]/@index") == ["0", "1", "2"])
        #expect(try answer.strings(Self.section + "/Departure/BasicStop/StopPrognosis/Dep/Time") == [ExtXMLRenderer.dayTime(late.stop.prognosis!, from: late.stop.time.local.date)])
        #expect(try answer.strings(Self.section + "/Journey/JProg/JStatus") == ["DELAY"])
    }

    @Test func theCancelledRunFails() throws {
        let run = try RealtimeModelTests.firstRun(after: 8)
        let answer = try Self.connections(at: run.stop.time.local)
        #expect(try answer.strings(Self.section + "/Journey/JProg/JStatus") == ["FAILURE"])
        #expect(try answer.strings(Self.section + "/Departure/BasicStop/StopPrognosis/Status") == ["PARTIAL_FAILURE_AT_DEP"])
        #expect(try answer.strings(Self.section + "/Arrival/BasicStop/StopPrognosis/Status") == ["PARTIAL_FAILURE_AT_ARR"])
    }

    @Test func theNoticesAreTheConnectionsInfoList() throws {
        let evening = try Self.connections(at: T.at(2026, 5, 12, 20, 0))
        let list = "/ResC/ConRes/ConnectionList/Connection[1]/IList/I"
        #expect(try evening.strings(list + "/@locType") == ["0", "1"])
        #expect(try evening.strings(list + "[@locType = '0']/@dep") == ["Bern"] && (try evening.strings(list + "[@locType = '0']/@arr")) == ["Zürich HB"])
        #expect(try evening.strings(list + "[@locType = '0']/@header").first?.contains("Bauarbeiten") == true)
        #expect(try evening.strings(list + "[@locType = '1']/@dep") == ["Bern"])
        let morning = try Self.connections(at: T.at(2026, 5, 12, 10, 0))
        #expect(try morning.strings(list + "/@locType") == ["1"])
    }
}
