import Kernel
import Foundation
import HTTPTesting
import Testing
@testable import API
import Markup
import Model
import Server

/// What thin clients rely on: the published schema, and a plain SAX reader getting exactly the
/// data the JSON form carries.
@Suite("SBB document contract")
struct SBBContractTests {
    /// A document using every element the schema allows.
    static let sample = Schedules([
        Schedule(from: "Bern", to: "Zürich HB", links: [
            Link(
                departure: OffsetDateTime("2026-03-29T01:50:00+01:00")!, arrival: OffsetDateTime("2026-03-29T03:10:00+02:00")!, info: "Change at Olten & <Aarau>",
                duration: "PT20M", transfers: 1, products: ["IC", "S"], parts: [
                    Part(departure: OffsetDateTime("2026-03-29T01:50:00+01:00")!, arrival: OffsetDateTime("2026-03-29T03:00:00+02:00")!, trackfrom: "7", trackto: "12",
                         vehicle: "Train", from: "Bern", to: "Olten", line: "IC 1 723", direction: "Romanshorn",
                         departurePredicted: OffsetDateTime("2026-03-29T01:53:00+01:00")!, arrivalPredicted: OffsetDateTime("2026-03-29T03:05:00+02:00")!,
                         trackfromPredicted: "8", tracktoPredicted: "12", realtime: .asserted, arrivalCancelled: true,
                         stops: [
                             Stop(id: "8508005", name: "Burgdorf", arrival: OffsetDateTime("2026-03-29T01:58:00+01:00")!,
                                  departure: OffsetDateTime("2026-03-29T01:59:00+01:00")!, platform: "2",
                                  arrivalPredicted: OffsetDateTime("2026-03-29T02:01:00+01:00")!, departurePredicted: OffsetDateTime("2026-03-29T02:02:00+01:00")!,
                                  platformPredicted: "3", realtime: .asserted),
                             Stop(name: "Herzogenbuchsee", arrival: OffsetDateTime("2026-03-29T03:40:00+02:00")!, realtime: .propagated,
                                  arrivalCancelled: true, departureCancelled: true),
                         ],
                         alerts: [Alert(
                             id: "ch:1:sstid:100001:1", header: "Construction works", description: "One track between Bern and Olten.",
                             cause: "constructionWork", effect: "REDUCED_SERVICE", severity: "normal",
                             from: OffsetDateTime("2026-03-28T20:00:00+01:00")!, until: OffsetDateTime("2026-03-29T23:59:00+02:00")!,
                             url: "https://www.sbb.ch/en/news")]),
                    Part(departure: OffsetDateTime("2026-03-29T03:00:00+02:00")!, arrival: OffsetDateTime("2026-03-29T03:04:00+02:00")!, trackfrom: "", trackto: "",
                         vehicle: "Walk", duration: "PT4M"),
                    Part(departure: OffsetDateTime("2026-03-29T03:04:00+02:00")!, arrival: OffsetDateTime("2026-03-29T03:10:00+02:00")!, trackfrom: "A", trackto: "B",
                         vehicle: "Bus", line: "Bus 4", cancelled: true, realtime: .scheduled),
                ], alerts: [Alert(header: "Change at Olten")]),
        ], staleAge: 75),
        Schedule(from: "Rathaus", to: "Bern", links: [], error: ScheduleError(
            code: "ambiguous_station", message: "\"Rathaus\" matches 2 stations.",
            candidates: [
                Station(id: "8578644", name: "Aarau, Rathaus", latitude: 47.39403, longitude: 8.04302),
                Station(id: "8590032", name: "Bern, Rathaus", latitude: 46.94805, longitude: 7.45266),
            ])),
    ])

    /// The sample as the API answers it: its per-item error led by the catalog's status.
    static var document: Node { sample.node.withErrorStatuses() }

    @Test("/api/schema/sbb.xsd is served, and every element of a full document validates against it")
    func schema() async throws {
        try await LiveApp.with { live in
            let response = try await live.get("/api/schema/sbb.xsd")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/xml; charset=utf-8")
            #expect(response.text == DocumentSchemas.sbb.xsd)
        }
        let document = Response.render(Self.document, as: .xml, pretty: false)
        #expect(try await XMLSchemaCheck.validate(document, schema: DocumentSchemas.sbb.xsd) == nil)
        // The check can fail: an element the schema does not know.
        let broken = Array(String(decoding: document, as: UTF8.self).replacingOccurrences(of: "<info>", with: "<note/><info>").utf8)
        #expect(try await XMLSchemaCheck.validate(broken, schema: DocumentSchemas.sbb.xsd) != nil)
    }

    @Test("a SAX reader in the original client's style reads exactly the JSON form's data")
    func saxReaderMatchesJSON() throws {
        let xml = Response.render(Self.document, as: .xml, pretty: false)
        let json = Response.render(Self.document, as: .json, pretty: false)
        let read = try #require(ScheduleSAXReader.read(Data(xml)))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any])
        #expect(read == ScheduleSAXReader.fromJSON(object))
        #expect(read.count == 2)
        #expect(read[0].fields == ["from": "Bern", "to": "Zürich HB", "stale": "true", "age": "75"])
        #expect(read[0].links.first?.parts.count == 3)
        #expect(read[0].links.first?.alerts == [["header": "Change at Olten"]])
        #expect(read[0].links.first?.parts.first?.stops.map { $0["name"] } == ["Burgdorf", "Herzogenbuchsee"])
        #expect(read[0].links.first?.parts.first?.stops.last?["arrival_cancelled"] == "true")
        #expect(read[0].links.first?.parts.first?.alerts.first?["cause"] == "constructionWork")
        #expect(read[0].links.first?.parts.first?.fields["realtime"] == "asserted")
        #expect(read[0].links.first?.fields["info"] == "Change at Olten & <Aarau>")
        #expect(read[1].candidates.count == 2)
    }
}
