import Foundation
import Testing
@testable import API
import Model
import Server
import Services

/// The timetable endpoint's parameters, parsed by the real router and pipeline in memory.
@Suite("SBB parameters")
struct SBBParametersTests {
    /// A pipeline whose connections endpoint, as declared, answers with the decoded query instead of fetching.
    static let responder: Responder = {
        let route = SBBEndpoints.connections.answering(as: ConnectionQuery.self) { _, query in
            let position = query.position.map { "\($0.latitude),\($0.longitude)" } ?? "-"
            return .text([
                query.origins.joined(separator: "|"), query.destinations.joined(separator: "|"),
                query.date?.description ?? "-", query.time?.description ?? "-", query.isArrivalTime ? "arrival" : "departure",
                query.via.joined(separator: "|"), String(query.limit), query.transports.map(\.rawValue).sorted().joined(separator: "|"), position,
            ].joined(separator: " "))
        }.route
        return try! Responder(routes: [route], configuration: ServerConfiguration(), log: ServerLog(sink: LogSink(descriptor: -1)))
    }()

    func answer(_ target: String) async -> (status: Int, text: String) {
        let response = await Self.responder.respond(to: Request(id: "t", method: "GET", target: target))
        return (response.status, String(decoding: response.body, as: UTF8.self))
    }

    @Test("the original API's lists and every parameter")
    func parses() async {
        let plain = await answer("/api/sbb/from/Bern;Thun/to/Z%C3%BCrich%20HB.xml")
        #expect(plain.status == 200)
        #expect(plain.text == "Bern|Thun Zürich HB - - departure  4  -")
        let full = await answer(
            "/api/sbb/from/Rathaus/to/Basel%20SBB?date=2026-03-29&time=23:50&arrival=1&via=Olten&via=Liestal&limit=16"
                + "&transport=train&transport=bus&lat=46.95&lon=7.44")
        #expect(full.text == "Rathaus Basel SBB 2026-03-29 23:50 arrival Olten|Liestal 16 bus|train 46.95,7.44")
        let semicolon = await answer("/api/sbb/from/A%3BB/to/C")
        #expect(semicolon.text.hasPrefix("A;B C "))
    }

    @Test("bad input is a 400 naming the parameter",
          arguments: [
              ("/api/sbb/from/A;B;C;D;E;F/to/Bern", "Parameter from has 6 stations; at most 5 are allowed."),
              ("/api/sbb/from/Bern/to/A;;B", "Parameter to has an empty station name (station 2)."),
              ("/api/sbb/from/%20/to/Bern", "Parameter from has an empty station name."),
              ("/api/sbb/from/" + String(repeating: "x", count: 101) + "/to/Bern", "Parameter from has a station name longer than 100 characters."),
              ("/api/sbb/from/Bern/to/Thun?date=2026-02-29", "Parameter date must be a date as YYYY-MM-DD"),
              ("/api/sbb/from/Bern/to/Thun?date=1.12.2026", "Parameter date must be a date as YYYY-MM-DD"),
              ("/api/sbb/from/Bern/to/Thun?time=24:00", "Parameter time must be a time as HH:MM"),
              ("/api/sbb/from/Bern/to/Thun?time=8:05", "Parameter time must be a time as HH:MM"),
              ("/api/sbb/from/Bern/to/Thun?arrival=yes", "Parameter arrival must be 1 or 0."),
              ("/api/sbb/from/Bern/to/Thun?limit=0", "Parameter limit must be a whole number from 1 to 16."),
              ("/api/sbb/from/Bern/to/Thun?limit=17", "Parameter limit must be a whole number from 1 to 16."),
              ("/api/sbb/from/Bern/to/Thun?transport=plane", "Parameter transport must be one of train, tram, bus, ship, cableway; got \"plane\"."),
              ("/api/sbb/from/Bern/to/Thun?via=A&via=B&via=C&via=D&via=E&via=F", "Parameter via may be given at most 5 times."),
              ("/api/sbb/from/Bern/to/Thun?via=", "Parameter via has an empty station name."),
              ("/api/sbb/from/Bern/to/Thun?lat=46.9", "Parameter lon must be given together with lat."),
              ("/api/sbb/from/Bern/to/Thun?lat=91&lon=7", "Parameter lat must be a latitude in degrees from -90 to 90."),
              ("/api/sbb/from/Bern/to/Thun?lat=46&lon=nan", "Parameter lon must be a longitude in degrees from -180 to 180."),
              ("/api/sbb/from/Bern/to/Thun?date=2026-12-01&date=2026-12-02", "Parameter date may be given only once."),
              ("/api/sbb/from/Bern/to/Thun?colour=red", "Unknown parameter \"colour\"; this endpoint takes arrival, cursor, date, lat, limit, lon, realtime, stops, time, transport, via."),
          ])
    func badInput(_ target: String, _ message: String) async {
        let response = await answer(target)
        #expect(response.status == 400)
        #expect(response.text.contains("<message>\(message)"), "\(response.text)")
    }
}
