import Markup
import Model
@testable import Sandbox
import Testing

@Suite("BART feed service")
struct BARTFeedServiceTests {
    typealias T = BARTTest

    /// Written here but in no XML capture: `delay` is in the 2021 JSON capture; the two flags
    /// came later (FORMATS.md), the warning is BART's night answer as clients report it.
    static let beyondTheXMLCaptures: Set<String> = [
        "root/station/etd/estimate/delay", "root/station/etd/estimate/cancelflag", "root/station/etd/estimate/dynamicflag",
        "root/message/warning",
    ]

    @Test func theEtdAnswersSpeakTheCapturesVocabulary() throws {
        let morning = T.at(2026, 5, 12, 8, 0)
        let outage = try #require(T.network.outage(hourOf: morning))
        let answers = [
            T.etd("RICH", at: morning), T.etd("ALL", at: morning), T.etd(outage.station, at: outage.start),
            T.etd("ALL", at: outage.start), T.etd("RICH", at: T.at(2026, 5, 12, 3, 0)),
        ]
        var written = Set<String>()
        for answer in answers { written.formUnion(try T.vocabulary(answer)) }
        #expect(written.subtracting(T.etdCaptureVocabulary) == Self.beyondTheXMLCaptures)
        #expect(T.etdCaptureVocabulary.subtracting(written).isEmpty)
    }

    @Test(.enabled(if: T.capture("etd-RICH-platform-2017-06.xml") != nil))
    func theVocabularyIsTheCapturesOwn() throws {
        let platform = try #require(T.capture("etd-RICH-platform-2017-06.xml"))
        let unavailable = try #require(T.capture("etd-RICH-2017-06-26-error-updates-unavailable.xml"))
        #expect(try T.vocabulary(platform).union(T.vocabulary(unavailable)) == T.etdCaptureVocabulary)
        let legacy = try #require(T.capture("legacy-bart_eta-2013-05-18.xml"))
        #expect(try T.vocabulary(legacy) == T.legacyCaptureVocabulary)
        let invalidKey = try #require(T.capture("error-invalid-key.xml"))
        #expect(invalidKey == Array((T.invalidKeyCapture + "\n").utf8))
    }

    /// The layout of etd-RICH-platform-2017-06.xml: three lines, broken after `<date>` and `<time>`.
    @Test func oneStationIsLaidOutAsTheCapture() throws {
        let now = T.at(2026, 5, 12, 16, 16, 4)
        let answer = T.service(at: now).respond(path: BARTFeedService.etdPath, query: "cmd=etd&orig=rich&key=\(T.key)")
        #expect(answer.status == 200 && answer.contentType == "text/xml; charset=utf-8")
        let lines = String(decoding: answer.body, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines[3].isEmpty)
        #expect(lines[0] == #"<?xml version="1.0" encoding="utf-8"?><root><uri><![CDATA[http://api.bart.gov/api/etd.aspx?cmd=etd&orig=rich]]></uri><date>05/12/2026</date>"#)
        #expect(lines[1] == "<time>04:16:04 PM PDT</time>")
        #expect(lines[2].hasPrefix("<station><name>Richmond</name><abbr>RICH</abbr><etd><destination>Berryessa</destination><abbreviation>BERY</abbreviation><limited>0</limited><estimate><minutes>"))
        #expect(lines[2].hasSuffix("</station><message></message></root>"))
        let etds = T.network.departures(at: "RICH", instant: now)
        let minutes = try T.strings(answer.body, "/root/station/etd/estimate/minutes")
        #expect(minutes == etds.flatMap(\.estimates).map { $0.isLeaving ? "Leaving" : String($0.minutes) })
        #expect(try T.strings(answer.body, "/root/station/etd/estimate/delay") == etds.flatMap(\.estimates).map { String($0.delay) })
        #expect(try T.strings(answer.body, "/root/station/etd/destination") == ["Berryessa", "Millbrae"])
        #expect(Set(try T.strings(answer.body, "/root/station/etd/estimate/direction")) == ["South"])
        #expect(Set(try T.strings(answer.body, "/root/station/etd/estimate/hexcolor")) == ["#ff9933", "#ff0000"])
    }

    @Test func leavingIsWrittenAsTheWord() throws {
        let now = T.at(2026, 5, 12, 8, 0)
        let next = try #require(T.network.departures(at: "EMBR", instant: now).flatMap(\.estimates).min { $0.departure < $1.departure })
        let answer = T.etd("EMBR", at: next.departure - 59)
        #expect(try T.strings(answer, "/root/station/etd/estimate/minutes").contains("Leaving"))
        #expect(try !T.strings(answer, "/root/station/etd/estimate/minutes").contains("0"))
    }

    @Test func aLateTrainCarriesItsDelay() throws {
        let now = T.at(2026, 5, 12, 17, 10)
        let board = try #require(T.network.boards(instant: now).first { $0.etds.contains { $0.estimates.contains { $0.delay > 0 } } })
        let late = try #require(board.etds.flatMap(\.estimates).first { $0.delay > 0 })
        let answer = T.etd(board.station.abbr, at: now)
        let estimate = try T.strings(answer, "/root/station/etd/estimate[delay = '\(late.delay)']/minutes")
        #expect(estimate.contains(late.isLeaving ? "Leaving" : String(late.minutes)))
        #expect(late.minutes == Int((late.scheduled + Int64(late.delay) - now) / 60))
    }

    @Test func anUnavailableStationHasItsErrorAndNoEtd() throws {
        let outage = try #require(T.network.outage(hourOf: T.at(2026, 5, 12, 10, 0)))
        let one = T.etd(outage.station, at: outage.start + 30)
        #expect(try T.strings(one, "/root/station/message/error") == ["Updates are temporarily unavailable."])
        #expect(try T.strings(one, "count(/root/station/etd)") == ["0"])
        #expect(try T.strings(one, "/root/message") == [""])
        let all = T.etd("ALL", at: outage.start + 30)
        #expect(try T.strings(all, "/root/station[message/error]/abbr") == [outage.station])
        #expect(try T.strings(all, "count(/root/station[abbr = '\(outage.station)']/etd)") == ["0"])
        #expect(try Int(T.strings(all, "count(/root/station/etd)").first ?? "") ?? 0 > 100)
        #expect(try T.strings(all, "/root/message") == ["Direction not supported for ALL ETD messages."])
    }

    @Test func allListsTheStationsInTheFeedsOrder() throws {
        let now = T.at(2026, 5, 12, 12, 0)
        let outage = T.network.outage(hourOf: now)
        let abbrs = try T.strings(T.etd("ALL", at: now), "/root/station/abbr")
        #expect(abbrs == T.network.served)
        #expect(outage.map { !$0.covers(now) } == true)
    }

    /// 2026-03-08 02:00 PST becomes 03:00 PDT; 2026-11-01 02:00 PDT becomes 01:00 PST.
    @Test(arguments: [
        (BARTTest.utc(2026, 3, 8, 9, 59, 59), "03/08/2026", "01:59:59 AM PST"),
        (BARTTest.utc(2026, 3, 8, 10, 0, 0), "03/08/2026", "03:00:00 AM PDT"),
        (BARTTest.utc(2026, 11, 1, 8, 30, 0), "11/01/2026", "01:30:00 AM PDT"),
        (BARTTest.utc(2026, 11, 1, 9, 30, 0), "11/01/2026", "01:30:00 AM PST"),
        (BARTTest.utc(2026, 7, 1, 19, 0, 5), "07/01/2026", "12:00:05 PM PDT"),
        (BARTTest.utc(2026, 1, 1, 8, 0, 0), "01/01/2026", "12:00:00 AM PST"),
        (BARTTest.utc(2026, 1, 1, 7, 59, 0), "12/31/2025", "11:59:00 PM PST"),
    ])
    func dateAndTimeArePacific(_ instant: Int64, _ date: String, _ time: String) throws {
        let answer = T.etd("ALL", at: instant)
        #expect(try T.strings(answer, "/root/date") == [date])
        #expect(try T.strings(answer, "/root/time") == [time])
        let legacy = T.service(at: instant).respond(path: BARTFeedService.legacyPath, query: "").body
        #expect(try T.strings(legacy, "/root/channel/time") == [time])
    }

    @Test(arguments: ["cmd=etd&orig=RICH", "cmd=etd&orig=RICH&key=", "cmd=etd&orig=RICH&key=+", "", "key"])
    func aMissingKeyIsTheCapturedError(_ query: String) {
        let answer = T.service(at: T.at(2026, 5, 12, 8, 0)).respond(path: BARTFeedService.etdPath, query: query)
        #expect(answer.status == 200)
        #expect(answer.body == Array((T.invalidKeyCapture + "\n").utf8))
    }

    @Test(arguments: [
        ("cmd=etd&orig=XXXX&key=k", "Invalid orig", "The orig station parameter (XXXX) was missing or invalid."),
        ("cmd=etd&key=k", "Invalid orig", "The orig station parameter was missing or invalid."),
        ("cmd=etd&orig=%3C%5D%5D%3E%00&key=k", "Invalid orig", "The orig station parameter (<]]>) was missing or invalid."),
        ("cmd=stns&orig=RICH&key=k", "Invalid cmd", "The cmd parameter (stns) was missing or invalid."),
        ("orig=RICH&key=k", "Invalid cmd", "The cmd parameter was missing or invalid."),
    ])
    func badQueriesAreAPIErrors(_ query: String, _ text: String, _ details: String) throws {
        let answer = T.service(at: T.at(2026, 5, 12, 8, 0)).respond(path: BARTFeedService.etdPath, query: query)
        #expect(answer.status == 200)
        #expect(try T.vocabulary(answer.body) == ["root", "root/message", "root/message/error", "root/message/error/text", "root/message/error/details"])
        #expect(try T.strings(answer.body, "/root/message/error/text") == [text])
        #expect(try T.strings(answer.body, "/root/message/error/details") == [details])
    }

    @Test func anOversizedQueryIs414AndALongOneIsRead() throws {
        let service = T.service(at: T.at(2026, 5, 12, 8, 0))
        let base = "cmd=etd&orig=RICH&key=\(T.key)&x="
        let longest = base + String(repeating: "a", count: BARTFeedService.maximumQueryLength - base.utf8.count)
        let read = service.respond(path: BARTFeedService.etdPath, query: longest)
        #expect(read.status == 200)
        #expect(try T.strings(read.body, "/root/station/abbr") == ["RICH"])
        let refused = service.respond(path: BARTFeedService.etdPath, query: longest + "a")
        #expect(refused.status == 414)
        #expect(service.respond(path: BARTFeedService.legacyPath, query: longest + "a").status == 414)
        #expect(service.respond(path: "/api/stn.aspx", query: "cmd=stns").status == 404)
    }

    @Test func theUriEchoesTheQueryWithoutTheKeyAndStaysWellFormed() throws {
        let service = T.service(at: T.at(2026, 5, 12, 8, 0))
        let answer = service.respond(path: BARTFeedService.etdPath, query: "KEY=abc&Cmd=ETD&orig=embr&x=%5D%5D%3E]]>\u{1}&key=again")
        #expect(try T.strings(answer.body, "/root/uri") == ["http://api.bart.gov/api/etd.aspx?Cmd=ETD&orig=embr&x=%5D%5D%3E]]>"])
        #expect(try T.strings(answer.body, "/root/station/abbr") == ["EMBR"])
    }

    @Test func platformAndDirectionFilterOneStation() throws {
        let now = T.at(2026, 5, 12, 8, 0)
        let service = T.service(at: now)
        let north = service.respond(path: BARTFeedService.etdPath, query: "cmd=etd&orig=MCAR&dir=n&key=k").body
        #expect(Set(try T.strings(north, "/root/station/etd/estimate/direction")) == ["North"])
        let yellow = service.respond(path: BARTFeedService.etdPath, query: "cmd=etd&orig=MCAR&plat=4&key=k").body
        #expect(try T.strings(yellow, "/root/station/etd/abbreviation") == ["SFIA"])
        #expect(Set(try T.strings(yellow, "/root/station/etd/estimate/platform")) == ["4"])
    }

    @Test func aStationWithoutTrainsHasTheNoDataWarning() throws {
        let night = T.at(2026, 5, 12, 3, 0)
        let one = T.etd("RICH", at: night)
        #expect(try T.strings(one, "/root/station/abbr") == ["RICH"])
        #expect(try T.strings(one, "count(/root/station/etd)") == ["0"])
        #expect(try T.strings(one, "/root/message/warning") == ["No data matched your criteria."])
        let all = T.etd("ALL", at: night)
        #expect(try T.strings(all, "count(/root/station)") == ["0"])
        #expect(try T.strings(all, "/root/message/warning") == ["No data matched your criteria."])
        #expect(try T.strings(T.etd("OAKL", at: T.at(2026, 5, 12, 8, 0)), "/root/message/warning") == ["No data matched your criteria."])
    }

    @Test func theLegacyFeedIsLaidOutAsItsCapture() throws {
        let now = T.at(2026, 5, 18, 10, 9, 18)
        let answer = T.service(at: now).respond(path: BARTFeedService.legacyPath, query: "")
        #expect(answer.status == 200 && answer.contentType == "text/xml")
        let text = String(decoding: answer.body, as: UTF8.self)
        #expect(text.hasPrefix("""
            <?xml version="1.0" encoding="iso-8859-1" ?>
            <root>
            <channel>
            <title>BART Real Time ETA Feed</title>
            <link>http://www.bart.gov/schedules/developers/etas.aspx</link>
            <description>
            Real time estimated arrivals for Bay Area Rapid Transit. Use subject to terms at http://www.bart.gov/dev/schedules/license.htm
            </description>
            <copyright>
            Copyright (C) 2026 San Francisco Bay Area Rapid Transit District. All rights reserved.
            </copyright>
            <date>05/18/2026</date>
            <time>10:09:18 AM PDT</time>
            </channel>
            <station>
            <name>Lake Merritt</name>
            <abbr>LAKE</abbr>
            <date>05/18/2026</date>
            <time>10:09:18 AM PDT</time>
            <eta>
            <destination>
            """))
        #expect(text.hasSuffix("</station>\n</root>\n"))
        #expect(try T.vocabulary(answer.body) == T.legacyCaptureVocabulary)
        let boards = T.network.boards(instant: now)
        #expect(try T.strings(answer.body, "/root/station/abbr") == boards.map(\.station.abbr))
        let expected = boards.flatMap { $0.etds.map(BARTLegacyRenderer.estimate) }
        let estimates = try T.strings(answer.body, "/root/station/eta/estimate")
        #expect(estimates == expected)
        #expect(estimates.allSatisfy { estimate in
            estimate.split(separator: ",").allSatisfy { part in
                let part = part.drop { $0 == " " }
                return part == "Leaving" || (part.hasSuffix(" min") && Int(part.dropLast(4)) != nil)
            }
        })
    }

    @Test func theLegacyEstimateJoinsLeavingAndMinutes() throws {
        let now = T.at(2026, 5, 12, 8, 0)
        let etd = try #require(T.network.departures(at: "POWL", instant: now).first)
        let first = try #require(etd.estimates.first)
        let leaving = try #require(T.network.departures(at: "POWL", instant: first.departure - 10).first { $0.abbreviation == etd.abbreviation })
        let text = BARTLegacyRenderer.estimate(leaving)
        #expect(text.hasPrefix("Leaving, "))
        #expect(text == (["Leaving"] + leaving.estimates.dropFirst().map { "\($0.minutes) min" }).joined(separator: ", "))
    }
}
