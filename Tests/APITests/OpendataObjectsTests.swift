import Kernel
import Markup
import Testing
@testable import API

/// The pieces of transport.opendata.ch's answers: its time and duration texts, lines split as it
/// splits them, the `fields[]` projection, and the objects' writers and schemas from one declaration.
@Suite("transport.opendata.ch objects")
struct OpendataObjectsTests {
    @Test func timesAreWrittenWithoutAColonInTheOffset() throws {
        let zurich = try ZoneRules.named("Europe/Zurich")
        #expect(Opendata.time(OffsetDateTime(instant: 1_635_774_240, in: zurich)) == "2021-11-01T14:44:00+0100")
        #expect(Opendata.time(OffsetDateTime(instant: 1_627_822_800, in: zurich)) == "2021-08-01T15:00:00+0200")
        #expect(Opendata.time(try #require(OffsetDateTime(checking: 0, offset: -16_200))) == "1969-12-31T19:30:00-0430")
    }

    @Test func durationsAreDaysAndClockTime() {
        #expect(Opendata.duration(28 * 60) == "00d00:28:00")
        #expect(Opendata.duration(2 * 86_400 + 3 * 3600 + 4 * 60 + 5) == "02d03:04:05")
        #expect(Opendata.duration(-5) == "00d00:00:00")
    }

    @Test func linesSplitIntoCategoryAndNumber() {
        #expect(Opendata.split(line: "IC 1") == ("IC", "1"))
        #expect(Opendata.split(line: "S12") == ("S", "12"))
        #expect(Opendata.split(line: "Bus 31") == ("Bus", "31"))
        #expect(Opendata.split(line: "ICE") == ("ICE", nil))
        #expect(Opendata.split(line: "  ") == (nil, nil))
        #expect(Opendata.split(line: nil) == (nil, nil))
        #expect(Opendata.runName("19254") == "019254")
        #expect(Opendata.runName("1234567") == "1234567")
        #expect(Opendata.runName("R12") == "R12")
    }

    @Test func timeOfDayTakesPythonsForms() {
        for text in ["07:50", "07:50:00", "07:50:59", "07:50:59.1", "07:50:59.123456"] {
            #expect(Parameter.timeOfDay(text) == LocalTime(hour: 7, minute: 50), "\(text)")
        }
        for text in ["7:50", "07:5", "24:00", "07:60", "07:50:", "07:50:60", "07:50:5", "07:50:00.", "07:50:00.1234567", "07:50:00Z", "07:50 "] {
            #expect(Parameter.timeOfDay(text) == nil, "\(text)")
        }
    }

    static let answer: JSONValue = [
        "connections": [
            ["from": ["departure": "a", "platform": "1"], "to": ["arrival": "b"], "duration": "d"],
            ["from": ["departure": "c", "platform": "2"], "to": ["arrival": "e"], "duration": "f"],
        ],
        "from": ["id": "1", "name": "Bern"],
    ]

    @Test func fieldsKeepOnlyWhatIsNamed() throws {
        let departures = try #require(OpendataFields(["connections/from/departure"]))
        #expect(departures.project(Self.answer) == ["connections": [["from": ["departure": "a"]], ["from": ["departure": "c"]]]])

        // A field keeps everything below it, unless a longer one under it narrows it, in either order.
        let whole = try #require(OpendataFields(["connections/from", "from"]))
        #expect(whole.project(Self.answer) == [
            "connections": [["from": ["departure": "a", "platform": "1"]], ["from": ["departure": "c", "platform": "2"]]],
            "from": ["id": "1", "name": "Bern"],
        ])
        for order in [["connections/from", "connections/from/platform"], ["connections/from/platform", "connections/from"]] {
            let narrowed = try #require(OpendataFields(order))
            #expect(narrowed.project(Self.answer) == ["connections": [["from": ["platform": "1"]], ["from": ["platform": "2"]]]], "\(order)")
        }
        // A key nobody has leaves its object empty; empty path segments are skipped.
        #expect(try #require(OpendataFields(["from/nothing"])).project(Self.answer) == ["from": [:]])
        #expect(try #require(OpendataFields(["/from//name/"])).project(Self.answer) == ["from": ["name": "Bern"]])
        #expect(OpendataFields([]) == nil)
    }

    @Test func everyMemberIsWrittenAndDeclaredInTheSchema() throws {
        let stop = OpendataStop(
            location: OpendataLocation(name: "Bern"), departure: OffsetDateTime(instant: 1_635_774_240, in: .utc), platform: "7",
            departurePredicted: OffsetDateTime(instant: 1_635_774_360, in: .utc), platformPredicted: "8")
        let written = Opendata.stop.json(stop)
        guard case .object(let members) = written, case .object(let properties)? = Opendata.stop.schema["properties"] else {
            Issue.record("not objects")
            return
        }
        #expect(members.map(\.name) == properties.map(\.name))
        #expect(members.map(\.name) == [
            "station", "arrival", "arrivalTimestamp", "departure", "departureTimestamp", "delay", "platform", "prognosis",
            "realtimeAvailability", "location",
        ])
        #expect(written["arrival"] == .null)
        #expect(written["departureTimestamp"] == .int(1_635_774_240))
        #expect(written["delay"] == .int(2))
        #expect(written["prognosis"]?["departure"] == .string("2021-11-01T13:46:00+0000"))
        #expect(written["prognosis"]?["arrival"] == .null)
        #expect(written["platform"] == .string("7"))
        #expect(written["prognosis"]?["platform"] == .string("8"))
        #expect(written["station"]?["id"] == .null)
        #expect(written["station"]?["coordinate"]?["x"] == .null)
    }

    /// Every reference in the OpenAPI document names a schema of its components.
    @Test func everyReferenceResolves() throws {
        let document = OpenAPI.document(try AllEndpoints.declared())
        guard case .object(let schemas)? = document["components"]?["schemas"] else {
            Issue.record("no schemas")
            return
        }
        let names = Set(schemas.map(\.name))
        var references: [String] = []
        func walk(_ value: JSONValue) {
            switch value {
            case .object(let members):
                for member in members {
                    if member.name == "$ref", case .string(let target) = member.value { references.append(target) } else { walk(member.value) }
                }
            case .array(let items): items.forEach(walk)
            default: break
            }
        }
        walk(document)
        #expect(references.contains("#/components/schemas/OpendataError"))
        for reference in Set(references) where reference.hasPrefix("#/components/schemas/") {
            #expect(names.contains(String(reference.dropFirst("#/components/schemas/".count))), "\(reference)")
        }
    }
}
