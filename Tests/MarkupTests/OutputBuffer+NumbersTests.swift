import Markup
import Testing

/// Numbers through both encodings, from `OutputBuffer+Numbers`.
@Suite struct OutputBufferNumbersTests {
    @Test(arguments: [
        (0, "0"), (7, "7"), (10, "10"), (-1, "-1"), (-10, "-10"), (1_234_567_890, "1234567890"),
        (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808"), (Int.min + 1, "-9223372036854775807"),
    ])
    func integers(value: Int, text: String) throws {
        #expect(xmlText(.int(value)) == text)
        #expect(jsonText(.int(value)) == text)
        #expect(Int(jsonText(.int(value))) == value)
        // corelibs JSONSerialization reads large negative integers as Doubles; the bytes above suffice there.
        if value >= 0 || value.magnitude < 1 << 53 {
            #expect(try JSONValue(parsing: JSONRenderer.render(.leaf("n", value))) == .object(["n": .int(value)]))
        }
    }

    @Test(arguments: [
        (0.1, "0.1"), (47.378177, "47.378177"), (1.0, "1.0"), (100.0, "100.0"), (-2.5, "-2.5"),
        (0.0, "0.0"), (-0.0, "-0.0"), (1e21, "1e+21"), (1e16, "1e+16"), (1e-5, "1e-05"), (0.1 + 0.2, "0.30000000000000004"),
        (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"), (Double.leastNonzeroMagnitude, "5e-324"),
    ])
    func finiteDoubles(value: Double, text: String) throws {
        #expect(xmlText(.double(value)) == text)
        #expect(jsonText(.double(value)) == text)
        #expect(Double(jsonText(.double(value)))?.bitPattern == value.bitPattern)
        guard case .object(let object) = try JSONValue(parsing: JSONRenderer.render(.leaf("n", value))),
              case .double(let parsed) = object["n"] else {
            Issue.record("not a JSON double")
            return
        }
        // corelibs JSONSerialization's own number parser is off by one ulp on some inputs
        // (0.30000000000000004), so exactness is checked with Swift's parser above.
        #expect(parsed == value || parsed.nextDown == value || parsed.nextUp == value)
        #expect(parsed.sign == value.sign)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, .signalingNaN])
    func nonFiniteDoubles(value: Double) throws {
        #expect(xmlText(.double(value)) == nil)
        #expect(jsonText(.double(value)) == "null")
        _ = try ParsedXML(XMLRenderer.render(.leaf("n", value)))
        #expect(try JSONValue(parsing: JSONRenderer.render(.leaf("n", value))) == .object(["n": .null]))
    }

    @Test func booleans() {
        #expect(xmlText(true) == "true")
        #expect(xmlText(false) == "false")
        #expect(jsonText(true) == "true")
        #expect(jsonText(false) == "false")
    }

    /// The leaf's XML text, or nil when it renders as an empty element.
    private func xmlText(_ value: Node.Value) -> String? {
        let xml = String(decoding: XMLRenderer.render(.leaf("n", value)), as: UTF8.self)
        let declaration = #"<?xml version="1.0" encoding="UTF-8"?>"#
        if xml == declaration + "<n/>" {
            return nil
        }
        #expect(xml.hasPrefix(declaration + "<n>") && xml.hasSuffix("</n>"))
        return String(xml.dropFirst(declaration.count + 3).dropLast(4))
    }

    private func jsonText(_ value: Node.Value) -> String {
        let json = String(decoding: JSONRenderer.render(.leaf("n", value)), as: UTF8.self)
        #expect(json.hasPrefix(#"{"n":"#) && json.hasSuffix("}"))
        return String(json.dropFirst(5).dropLast())
    }
}
