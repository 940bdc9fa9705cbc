import Kernel

extension TimetableClock {
    /// BART's clock, America/Los_Angeles; UTC when the system has no tz database (then the
    /// feed's `<time>` says UTC, which tests would notice).
    public static let pacific = TimetableClock(zone: (try? ZoneRules.named("America/Los_Angeles")) ?? .utc)
}
