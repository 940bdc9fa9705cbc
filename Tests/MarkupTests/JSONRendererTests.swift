import Markup
import Testing

@Suite struct JSONRendererTests {
    // Checked by reading: root wrapped, list names dropped, the nil delay gone, types kept,
    // the note's attribute ahead of its "value" member.
    static let compactSchedule = """
        {"schedule":{"station":{"id":"8503000","name":"Zürich HB","coordinate":{"x":47.378177,"y":8.540192}},\
        "connections":[{"departure":"2016-12-23T08:02:00+01:00","delay":3,"platform":"31","cancelled":false,\
        "products":["IC","S"]},{"departure":"2016-12-23T08:32:00+01:00","platform":"","cancelled":true,\
        "products":[]}],"note":{"lang":"de","value":"Bauarbeiten & <Ersatzbus>"}}}
        """

    static let prettySchedule = """
        {
          "schedule": {
            "station": {
              "id": "8503000",
              "name": "Zürich HB",
              "coordinate": {
                "x": 47.378177,
                "y": 8.540192
              }
            },
            "connections": [
              {
                "departure": "2016-12-23T08:02:00+01:00",
                "delay": 3,
                "platform": "31",
                "cancelled": false,
                "products": [
                  "IC",
                  "S"
                ]
              },
              {
                "departure": "2016-12-23T08:32:00+01:00",
                "platform": "",
                "cancelled": true,
                "products": []
              }
            ],
            "note": {
              "lang": "de",
              "value": "Bauarbeiten & <Ersatzbus>"
            }
          }
        }

        """

    static let scheduleValue = JSONValue.object(["schedule": .object([
        "station": .object([
            "id": .string("8503000"),
            "name": .string("Zürich HB"),
            "coordinate": .object(["x": .double(47.378177), "y": .double(8.540192)]),
        ]),
        "connections": .array([
            .object([
                "departure": .string("2016-12-23T08:02:00+01:00"),
                "delay": .int(3),
                "platform": .string("31"),
                "cancelled": .bool(false),
                "products": .array([.string("IC"), .string("S")]),
            ]),
            .object([
                "departure": .string("2016-12-23T08:32:00+01:00"),
                "platform": .string(""),
                "cancelled": .bool(true),
                "products": .array([]),
            ]),
        ]),
        "note": .object(["lang": .string("de"), "value": .string("Bauarbeiten & <Ersatzbus>")]),
    ])])

    @Test func compactScheduleSnapshot() {
        #expect(String(decoding: JSONRenderer.render(SampleDocuments.schedule), as: UTF8.self) == Self.compactSchedule)
    }

    @Test func prettyScheduleSnapshot() {
        let bytes = JSONRenderer.render(SampleDocuments.schedule, pretty: true)
        #expect(String(decoding: bytes, as: UTF8.self) == Self.prettySchedule)
    }

    @Test(arguments: [false, true])
    func scheduleParsesToTheSameTree(pretty: Bool) throws {
        #expect(try JSONValue(parsing: JSONRenderer.render(SampleDocuments.schedule, pretty: pretty)) == Self.scheduleValue)
    }

    @Test(arguments: [
        (Node.leaf("n", 1), JSONValue.int(1)),
        (Node.leaf("n", "1"), .string("1")),
        (Node.leaf("n", 1.0), .double(1)),
        (Node.leaf("n", true), .bool(true)),
        (Node.leaf("n", .infinity), .null),
        (Node.element("n", []), .object([:])),
        (Node.list("n", []), .array([])),
        (Node.list("n", [.leaf("a", 1), .leaf("b", "x"), .element("c", [.leaf("d", false)]), .list("e", [.leaf("f", 2)])]),
         .array([.int(1), .string("x"), .object(["d": .bool(false)]), .array([.int(2)])])),
        (Node.list("n", [.list("row", [.leaf("c", 1), .leaf("c", 2)]), .list("row", [.list("deeper", [])])]),
         .array([.array([.int(1), .int(2)]), .array([.array([])])])),
    ])
    func contentShapes(node: Node, expected: JSONValue) throws {
        #expect(try JSONValue(parsing: JSONRenderer.render(node)) == .object(["n": expected]))
    }

    @Test func attributesBecomeLeadingMembers() throws {
        let error = Node.element("error", attributes: [.init("code", "ambiguous_station")], [
            .leaf("message", "Which Basel?"),
            .list("candidates", [.leaf("station", "Basel SBB"), .leaf("station", "Basel Bad Bf")]),
        ])
        #expect(String(decoding: JSONRenderer.render(error), as: UTF8.self) == """
            {"error":{"code":"ambiguous_station","message":"Which Basel?","candidates":["Basel SBB","Basel Bad Bf"]}}
            """)
    }

    @Test func attributesOnLeavesAndLists() throws {
        let node = Node.element("trip", [
            .leaf("distance", attributes: [.init("unit", "m")], 300),
            .list("stops", attributes: [.init("count", "2"), .init("complete", "no")], [.leaf("stop", "A"), .leaf("stop", "B")]),
            .list("empty", attributes: [.init("why", "none")], []),
        ])
        #expect(String(decoding: JSONRenderer.render(node), as: UTF8.self) == """
            {"trip":{"distance":{"unit":"m","value":300},"stops":{"count":"2","complete":"no","items":["A","B"]},\
            "empty":{"why":"none","items":[]}}}
            """)
        #expect(try JSONValue(parsing: JSONRenderer.render(node, pretty: true)) == .object(["trip": .object([
            "distance": .object(["unit": .string("m"), "value": .int(300)]),
            "stops": .object(["count": .string("2"), "complete": .string("no"), "items": .array([.string("A"), .string("B")])]),
            "empty": .object(["why": .string("none"), "items": .array([])]),
        ])]))
    }

    @Test func prettyAttributesAndEmptyContainers() {
        let node = Node.element("r", attributes: [.init("a", "1")], [
            .element("o", []),
            .list("l", attributes: [.init("b", "2")], []),
        ])
        #expect(String(decoding: JSONRenderer.render(node, pretty: true), as: UTF8.self) == """
            {
              "r": {
                "a": "1",
                "o": {},
                "l": {
                  "b": "2",
                  "items": []
                }
              }
            }

            """)
    }

    @Test func problemDocumentKeepsMemberOrder() throws {
        let members: [(String, Node.Value)] = [
            ("type", "https://gottago.example/problems/ambiguous-station"),
            ("title", "Ambiguous station"),
            ("status", 400),
            ("detail", "\"Basel\" matches 2 stations"),
            ("retryable", false),
            ("score", 0.5),
        ]
        #expect(String(decoding: JSONRenderer.renderObject(members), as: UTF8.self) == """
            {"type":"https://gottago.example/problems/ambiguous-station","title":"Ambiguous station",\
            "status":400,"detail":"\\"Basel\\" matches 2 stations","retryable":false,"score":0.5}
            """)
        #expect(String(decoding: JSONRenderer.renderObject([("status", 404), ("title", "Not Found")], pretty: true), as: UTF8.self) == """
            {
              "status": 404,
              "title": "Not Found"
            }

            """)
        #expect(JSONRenderer.renderObject([]) == Array("{}".utf8))
        #expect(try JSONValue(parsing: JSONRenderer.renderObject(members, pretty: true)) == .object([
            "type": .string("https://gottago.example/problems/ambiguous-station"),
            "title": .string("Ambiguous station"),
            "status": .int(400),
            "detail": .string("\"Basel\" matches 2 stations"),
            "retryable": .bool(false),
            "score": .double(0.5),
        ]))
    }

    // Duplicate keys are caught by `assert`, so this trap exists only in debug builds.
    #if DEBUG
    @Test func duplicateKeysTrapInDebug() async {
        await #expect(processExitsWith: .failure) {
            _ = JSONRenderer.render(.element("r", [.leaf("a", 1), .leaf("a", 2)]))
        }
    }
    #endif
}
