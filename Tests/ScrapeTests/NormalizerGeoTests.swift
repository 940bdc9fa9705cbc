import Testing
@testable import Scrape
import Kernel

@Suite("Coordinate and polyline normalizers")
struct NormalizerGeoTests {
    @Test(arguments: [
        ("coordinate(degrees)", "47.5", "47.5"),
        ("coordinate(degrees)", "-0.000000", "0"),
        ("coordinate(degrees)", "7.1234565", "7.123457"),
        ("coordinate(degrees)", "-7.1234565", "-7.123457"),
        ("coordinate(degrees)", "8.5400000", "8.54"),
        ("coordinate(degrees)", " 180 ", "180"),
        ("coordinate(degrees)", "-180.0", "-180"),
        ("coordinate(degrees)", "0.0000004", "0"),
        ("coordinate(micro)", "7278206", "7.278206"),
        ("coordinate(micro)", "47000000", "47"),
        ("coordinate(micro)", "-122419000", "-122.419"),
        ("coordinate(micro)", "-0", "0"),
        ("coordinate(micro)", "180000000", "180"),
        ("coordinate(lonlat)", "4.351697,50.846557", "50.846557,4.351697"),
        ("coordinate(lonlat)", "4.351697 50.846557", "50.846557,4.351697"),
        ("coordinate(lonlat)", " 4.351697, \u{00A0}50.846557 ", "50.846557,4.351697"),
        ("coordinate(lonlat)", "-122.4194000\t37.7749", "37.7749,-122.4194"),
        ("coordinate(latlon)", "50.846557,4.351697", "50.846557,4.351697"),
        ("coordinate(latlon)", "-90,180", "-90,180"),
    ])
    func valid(chain: String, input: String, expected: String) {
        #expect(NormalizerTesting.outcome(chain, input) == expected)
    }

    @Test(arguments: [
        ("coordinate(degrees)", "180.1", "coordinate: \"180.1\" is out of range"),
        ("coordinate(degrees)", "99999999999999999999", "coordinate: \"99999999999999999999\" is out of range"),
        ("coordinate(degrees)", "abc", "coordinate: \"abc\" is not a coordinate"),
        ("coordinate(degrees)", "", "coordinate: \"\" is not a coordinate"),
        ("coordinate(micro)", "180000001", "coordinate: \"180000001\" is out of range"),
        ("coordinate(micro)", "7.2", "coordinate: \"7.2\" is not a whole number"),
        ("coordinate(lonlat)", "50.8,100", "coordinate: \"50.8,100\" is out of range"),
        ("coordinate(latlon)", "91,0", "coordinate: \"91,0\" is out of range"),
        ("coordinate(lonlat)", "1,2,3", "coordinate: \"1,2,3\" is not a coordinate pair (expected two numbers separated by a comma or space)"),
        ("coordinate(lonlat)", "1,,2", "coordinate: \"1,,2\" is not a coordinate pair (expected two numbers separated by a comma or space)"),
        ("coordinate(lonlat)", "1", "coordinate: \"1\" is not a coordinate pair (expected two numbers separated by a comma or space)"),
        ("coordinate(lonlat)", "a,b", "coordinate: \"a,b\" is not a coordinate"),
    ])
    func invalid(chain: String, input: String, message: String) {
        #expect(NormalizerTesting.runError(chain, input) == message)
    }

    @Test func polylineKnownVector() throws {
        #expect(try NormalizerTesting.run("polyline", "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
            == ["38.5,-120.2", "40.7,-120.95", "43.252,-126.453"])
        #expect(try NormalizerTesting.run("polyline(precision=5)", " _p~iF~ps|U_ulLnnqC_mqNvxq`@ ")
            == ["38.5,-120.2", "40.7,-120.95", "43.252,-126.453"])
    }

    @Test func polylinePrecisionSix() throws {
        let points: [(Int64, Int64)] = [(47_378_177, 8_540_192), (46_948_090, 7_439_130), (-33_868_820, 151_209_290)]
        let encoded = Self.encode(points)
        // Cross-checked against an independent encoder.
        #expect(encoded == "aovjyA_aghOl_gYjoebAzotcyC_b`fqG")
        #expect(try NormalizerTesting.run("polyline(precision=6)", encoded)
            == ["47.378177,8.540192", "46.94809,7.43913", "-33.86882,151.20929"])
    }

    @Test(arguments: ["_p~iF", "_", "_p~iF~ps|U_", "abc def", "\u{1F}?", "~~~~~~~~~~~~~~~?"])
    func polylineMalformed(input: String) {
        #expect(NormalizerTesting.runError("polyline", input)?.hasPrefix("polyline: ") == true)
    }

    @Test func polylineBounds() throws {
        #expect(try NormalizerTesting.run("polyline", "") == [])
        let limit = String(repeating: "??", count: PolylineNormalizer.maximumPoints)
        #expect(try NormalizerTesting.run("polyline", limit).count == 100_000)
        #expect(NormalizerTesting.runError("polyline", limit + "??") == "polyline: more than 100000 points")
        // 91 degrees of latitude.
        #expect(NormalizerTesting.runError("polyline", Self.encode([(9_100_000, 0)])) == "polyline: point 1 is out of range")
    }

    /// The reference encoder (Google's algorithm), to derive test vectors.
    static func encode(_ points: [(Int64, Int64)]) -> String {
        var text = ""
        var previous: (Int64, Int64) = (0, 0)
        for point in points {
            for delta in [point.0 - previous.0, point.1 - previous.1] {
                var value = delta < 0 ? ~(delta << 1) : delta << 1
                while value >= 0x20 {
                    text.unicodeScalars.append(Unicode.Scalar(UInt8((0x20 | (value & 0x1F)) + 63)))
                    value >>= 5
                }
                text.unicodeScalars.append(Unicode.Scalar(UInt8(value + 63)))
            }
            previous = point
        }
        return text
    }
}
