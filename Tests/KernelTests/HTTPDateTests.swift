import Testing
@testable import Kernel

@Suite("HTTP dates")
struct HTTPDateTests {
    @Test(arguments: [
        (Int64(0), "Thu, 01 Jan 1970 00:00:00 GMT"),
        (-1, "Wed, 31 Dec 1969 23:59:59 GMT"),
        (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),
        (1_595_245_471, "Mon, 20 Jul 2020 11:44:31 GMT"),
    ] as [(Int64, String)])
    func imfFixdateRoundTrips(instant: Int64, text: String) {
        #expect(HTTPDate.text(instant) == text)
        #expect(HTTPDate.instant(text) == instant)
        #expect(HTTPDate.secondsSinceEpoch(text) == instant)
    }

    @Test func impossibleDatesAndOtherFormsAreRefused() {
        for text in ["Sun, 29 Feb 2027 12:00:00 GMT", "Mon, 20 Jul 2020 24:00:00 GMT", "Mon, 20 Jul 2020 11:44:31 +0000", "Mon, 20 Jul 2020 11:44:31 GMT ", ""] {
            #expect(HTTPDate.instant(text) == nil, "\(text)")
        }
    }

    @Test func obsoleteFormsAreReadOnlyByTheLenientReader() {
        for text in ["Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"] {
            #expect(HTTPDate.secondsSinceEpoch(text) == 784_111_777, "\(text)")
            #expect(HTTPDate.instant(text) == nil, "\(text)")
        }
    }

    @Test func weekdaysFollowTheCalendar() throws {
        // 2026-12-02 is a Wednesday; the POSIX count starts at Sunday = 0.
        let days = CivilDate.days(year: 2026, month: 12, day: 2)
        #expect(CivilDate.weekday(ofDays: days) == 3)
        #expect(HTTPDate.text(days * 86_400).hasPrefix("Wed, 02 Dec 2026"))
        // Far before 1970 the count stays in 0...6.
        #expect((0...6).contains(CivilDate.weekday(ofDays: CivilDate.days(year: 1, month: 1, day: 1))))
    }
}
