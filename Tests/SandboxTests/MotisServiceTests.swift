import Foundation
@testable import Sandbox
import Testing

/// The sandbox's MOTIS: what it refuses as MOTIS does, its page cursors, and stop times around a position.
@Suite("MOTIS sandbox")
struct MotisServiceTests {
    static func answer(_ path: String, _ query: String, userAgent: String? = MotisRouteRun.userAgent) -> (status: Int, json: Any?, text: String) {
        let answer = MotisRouteRun.service.respond(path: path, query: Substring(query), userAgent: userAgent)
        return (answer.status, try? JSONSerialization.jsonObject(with: Data(answer.body)), String(decoding: answer.body, as: UTF8.self))
    }

    @Test("no User-Agent is 403 in plain text; a missing place 400, an unknown stop id 404, an unreadable cursor 500, each with {\"error\"}")
    func refusals() {
        #expect(Self.answer(MotisService.planPath, "fromPlace=46.9,7.4&toPlace=47.3,8.5", userAgent: nil).status == 403)
        #expect(Self.answer(MotisService.planPath, "fromPlace=46.9,7.4&toPlace=47.3,8.5", userAgent: " ").text.hasPrefix("Empty user-agent"))
        let missing = Self.answer(MotisService.planPath, "fromPlace=46.9,7.4")
        #expect(missing.status == 400 && (missing.json as? [String: Any])?["error"] as? String == "bad request: toPlace is required")
        let unknown = Self.answer(MotisService.planPath, "fromPlace=ch-opentransportdataswiss_Parent1&toPlace=47.3,8.5")
        #expect(unknown.status == 404 && unknown.text.contains("Could not find timetable location"))
        let cursor = Self.answer(MotisService.planPath, "fromPlace=46.9488,7.4391&toPlace=47.3782,8.5402&pageCursor=SOON%7C1")
        #expect(cursor.status == 500 && cursor.text.contains("invalid page cursor"))
        #expect(Self.answer(MotisService.stopTimesPath, "stopId=ch-opentransportdataswiss_Parent8507000").status == 400)
        #expect(Self.answer(MotisService.stopTimesPath, "n=5&center=46.9488,7.4391").text.contains("center requires radius"))
        #expect(Self.answer(MotisService.geocodePath, "").status == 400)
    }

    @Test("the next page's cursor leads on from the last journey, the previous page's back from the first")
    func cursors() throws {
        let first = try #require(Self.answer(MotisService.planPath, "fromPlace=ch-opentransportdataswiss_Parent8507000&toPlace=ch-opentransportdataswiss_Parent8503000&time=2026-05-12T07:00:00%2B02:00&numItineraries=2").json as? [String: Any])
        // When each journey leaves as planned (a late train's startTime is its prediction).
        let starts = { (plan: [String: Any]) in
            ((plan["itineraries"] as? [[String: Any]]) ?? []).compactMap { (($0["legs"] as? [[String: Any]])?.first)?["scheduledStartTime"] as? String }
        }
        #expect(starts(first) == ["2026-05-12T05:20:00Z", "2026-05-12T05:50:00Z"])
        let later = try #require(first["nextPageCursor"] as? String)
        let next = try #require(Self.answer(MotisService.planPath, "fromPlace=ch-opentransportdataswiss_Parent8507000&toPlace=ch-opentransportdataswiss_Parent8503000&pageCursor=\(later.replacingOccurrences(of: "|", with: "%7C"))&numItineraries=2").json as? [String: Any])
        #expect(starts(next) == ["2026-05-12T06:20:00Z", "2026-05-12T06:50:00Z"])
        let earlier = try #require(next["previousPageCursor"] as? String)
        let back = try #require(Self.answer(MotisService.planPath, "fromPlace=ch-opentransportdataswiss_Parent8507000&toPlace=ch-opentransportdataswiss_Parent8503000&pageCursor=\(earlier.replacingOccurrences(of: "|", with: "%7C"))&numItineraries=2").json as? [String: Any])
        #expect(starts(back) == starts(first))
    }

    @Test("stop times around a position: the stations within the radius, soonest first, the place named center")
    func aroundAPosition() throws {
        let around = try #require(Self.answer(MotisService.stopTimesPath, "center=46.9484,7.4459&radius=600&n=30&time=2026-05-12T07:30:00%2B02:00").json as? [String: Any])
        #expect((around["place"] as? [String: Any])?["name"] as? String == "center")
        let events = try #require(around["stopTimes"] as? [[String: Any]])
        let stations = Set(events.compactMap { ($0["place"] as? [String: Any])?["name"] as? String })
        #expect(stations == ["Bern", "Bern, Hauptbahnhof", "Bern, Rathaus"], "\(stations)")
        let times = events.compactMap { ($0["place"] as? [String: Any])?["scheduledDeparture"] as? String }
        #expect(times.count == 30 && times == times.sorted())
    }
}
