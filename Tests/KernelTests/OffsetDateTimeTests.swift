import Testing
@testable import Kernel

@Suite("Offset date-times")
struct OffsetDateTimeTests {
    /// Parsing keeps the written offset, and the text comes back as written.
    @Test(arguments: ["2026-12-01T08:02:00+01:00", "2026-03-29T03:00:00+02:00", "2026-12-01T08:02:00-08:00", "0001-01-01T00:00:00+00:00"])
    func roundTrip(text: String) throws {
        let time = try #require(OffsetDateTime(text))
        #expect(time.iso8601 == text)
    }

    /// Converting to a zone writes what `ZonedTime.local(_:in:)` writes from the text.
    @Test(arguments: [
        "2026-12-01T07:02:00Z", "2026-12-01T08:02", "2026-03-29T00:59:00Z", "2026-03-29T01:00:00Z", "2026-10-25T02:30:00",
        "2026-10-25T00:30:00.125Z", "2026-07-01T23:30:00-05:00", "2026-12-01 08:02:00+0100",
    ])
    func convertedMatchesZonedTime(text: String) throws {
        let zurich = try ZoneRules.named("Europe/Zurich")
        let time = try #require(OffsetDateTime(text, in: zurich))
        #expect(time.converted(to: zurich).iso8601 == ZonedTime.local(text, in: zurich))
        #expect(OffsetDateTime(instant: time.instant, in: zurich) == time.converted(to: zurich))
    }

    /// Differences and order go by the instant, whatever the offsets.
    @Test func arithmetic() throws {
        let planned = try #require(OffsetDateTime("2026-03-29T01:50:00+01:00"))
        let expected = try #require(OffsetDateTime("2026-03-29T03:03:00+02:00"))
        #expect(expected - planned == 13 * 60)
        #expect(planned < expected)
        #expect(try #require(OffsetDateTime("2026-12-01T07:00:00Z")) == OffsetDateTime(instant: 1_764_572_400 + 365 * 86_400, in: .utc))
    }

    /// Text that is not a date-time, or too long, gives nil.
    @Test(arguments: ["", "08:02", "2026-13-01T08:02:00+01:00", "2026-12-01T24:00:00Z", "2026-12-01T08:02:00+01:00 ", String(repeating: "9", count: 100)])
    func rejects(text: String) {
        #expect(OffsetDateTime(text) == nil)
    }
}
