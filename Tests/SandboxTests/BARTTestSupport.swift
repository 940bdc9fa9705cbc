import Markup
import Model
@testable import Sandbox
import Kernel

/// The BART network, instants in Pacific time, and readers for the feed's XML, shared by the BART tests.
enum BARTTest {
    static let network = BARTNetwork(stations: BARTStations.all)
    /// BART's public demo key.
    static let key = "MW9S-E7SL-26DU-VV8V"

    /// The instant of a Pacific wall-clock reading (valid readings only).
    static func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0) -> Int64 {
        TimetableClock.pacific.instant(of: LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)!)
    }

    /// A UTC instant.
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0) -> Int64 {
        ZonedTime.days(year: year, month: month, day: day) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// A service whose clock stands still at `instant`.
    static func service(at instant: Int64) -> BARTFeedService {
        BARTFeedService(network: network, now: { instant })
    }

    /// The etd answer's body for `orig` at `instant`.
    static func etd(_ orig: String, at instant: Int64) -> [UInt8] {
        let answer = service(at: instant).respond(path: BARTFeedService.etdPath, query: "cmd=etd&orig=\(orig)&key=\(key)")
        return answer.body
    }

    /// The strings an XPath selects in a document, parsed strictly (an ill-formed one throws).
    static func strings(_ bytes: [UInt8], _ xpath: String) throws -> [String] {
        let document = try Document.parse(bytes, as: .xml)
        return try XPathEvaluator(document).strings(XPathExpression(xpath))
    }

    /// Element paths (`root/station/etd`), parsed strictly.
    static func vocabulary(_ bytes: [UInt8]) throws -> Set<String> {
        let document = try Document.parse(bytes, as: .xml)
        let xpath = try XPathEvaluator(document)
        var words = Set<String>()
        for node in try xpath.nodes(XPathExpression("//*")) {
            words.insert(try xpath.nodes(XPathExpression("ancestor-or-self::*"), at: node).map(\.name).joined(separator: "/"))
        }
        return words
    }

    /// The element paths of the real etd XML captures etd-RICH-platform-2017-06.xml and
    /// etd-RICH-2017-06-26-error-updates-unavailable.xml (checked against the files by
    /// ``BARTFeedServiceTests`` where they are at hand).
    static let etdCaptureVocabulary: Set<String> = [
        "root", "root/uri", "root/date", "root/time", "root/message",
        "root/station", "root/station/name", "root/station/abbr", "root/station/message", "root/station/message/error",
        "root/station/etd", "root/station/etd/destination", "root/station/etd/abbreviation", "root/station/etd/limited",
        "root/station/etd/estimate", "root/station/etd/estimate/minutes", "root/station/etd/estimate/platform",
        "root/station/etd/estimate/direction", "root/station/etd/estimate/length", "root/station/etd/estimate/color",
        "root/station/etd/estimate/hexcolor", "root/station/etd/estimate/bikeflag",
    ]

    /// The element paths of legacy-bart_eta-2013-05-18.xml.
    static let legacyCaptureVocabulary: Set<String> = [
        "root", "root/channel", "root/channel/title", "root/channel/link", "root/channel/description", "root/channel/copyright",
        "root/channel/date", "root/channel/time",
        "root/station", "root/station/name", "root/station/abbr", "root/station/date", "root/station/time",
        "root/station/eta", "root/station/eta/destination", "root/station/eta/estimate",
    ]

    /// error-invalid-key.xml, the whole capture (tnoff/public-transit, BSD licence).
    static let invalidKeyCapture = #"<?xml version="1.0" encoding="utf-8"?><root><message><error><text>Invalid key</text><details>The api key was missing or invalid.</details></error></message></root>"#

    /// A recorded capture's bytes, from the repository's route samples or the shared fixtures
    /// beside the repository; nil when neither is at hand.
    static func capture(_ name: String) -> [UInt8]? {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // BARTTestSupport.swift, SandboxTests, Tests
        let repository = parts.joined(separator: "/")
        let candidates = [
            repository + "/Routes/bart-etd/samples/" + name,
            repository + "/Routes/bart-eta-legacy/samples/" + name,
            repository + "/../shared/fixtures/upstream/bart/" + name,
        ]
        for path in candidates {
            if let bytes = try? Files.read(path) { return bytes }
        }
        return nil
    }
}
