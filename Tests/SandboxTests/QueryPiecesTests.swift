@testable import Sandbox
import Testing

@Suite("query pieces, result counts and Google Maps checks shared by the simulators")
struct QueryPiecesTests {
    @Test func piecesSplitOnAmpersandsAndDecodeBothSides() {
        let pieces = QueryPieces.split(Array("a%3Db=c%26d&&flag&x=1=2&plus=a+b%2B".utf8))
        #expect(pieces.map { String(decoding: $0.raw, as: UTF8.self) } == ["a%3Db=c%26d", "flag", "x=1=2", "plus=a+b%2B"])
        #expect(pieces.map { String(decoding: $0.name, as: UTF8.self) } == ["a=b", "flag", "x", "plus"])
        #expect(pieces.map { String(decoding: $0.value, as: UTF8.self) } == ["c&d", "", "1=2", "a b+"])
    }

    @Test func aPlusIsKeptInPathsAndAStrayPercentStays() {
        #expect(QueryPieces.decode(Array("a+b%20c%2".utf8), plusIsSpace: false) == Array("a+b c%2".utf8))
        #expect(QueryPieces.decode(Array("%zz%4".utf8)) == Array("%zz%4".utf8))
    }

    @Test func theSameBytesReadAsUTF8OrAsLatin1() throws {
        let raw = "q=Z%C3%BCrich"
        #expect(try WebQuery(Substring(raw))["q"] == "Zürich")
        #expect(try QueryString(parsing: raw).first("q") == "Z\u{C3}\u{BC}rich")
    }

    @Test(arguments: [(nil, 5), (0, 1), (-3, 1), (7, 7), (16, 16), (40, 16)] as [(Int?, Int)])
    func aCountIsClampedBetweenOneAndTheMaximum(asked: Int?, expected: Int) {
        #expect(ResultCount(standard: 5, maximum: 16).clamped(asked) == expected)
    }

    @Test func googleRefusesAQueryWithoutAKeyOrTooLong() {
        let google = GoogleMapsXML(root: "GeocodeResponse")
        func refusal(_ raw: String) -> String? {
            do {
                _ = try google.query(Substring(raw))
                return nil
            } catch {
                #expect(error.answer.status == 200)
                #expect(error.answer.contentType == "application/xml; charset=UTF-8")
                return String(decoding: error.answer.body, as: UTF8.self)
            }
        }
        #expect(refusal("address=Bern")?.contains("<status>REQUEST_DENIED</status>") == true)
        #expect(refusal("address=Bern&key=")?.contains("<status>REQUEST_DENIED</status>") == true)
        #expect(refusal("key=k&address=" + String(repeating: "x", count: WebQuery.maximumLength))?.contains("<status>INVALID_REQUEST</status>") == true)
        #expect(refusal("key=k&address=Bern") == nil)
        let status = String(decoding: google.status("ZERO_RESULTS"), as: UTF8.self)
        #expect(status.contains("<GeocodeResponse>") && status.contains("<status>ZERO_RESULTS</status>"))
        #expect(!status.contains("error_message"))
    }
}
