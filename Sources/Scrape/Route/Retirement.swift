/// A route whose upstream no longer answers: kept as history and for its scraping tests
/// (`retired="2021"` in the route file, or `retired="true"` when the year is not known).
public struct Retirement: Sendable, Equatable, CustomStringConvertible {
    /// The year the upstream stopped answering, when known.
    public let year: Int?

    /// A retirement in `year`, or in an unknown year.
    public init(year: Int?) {
        self.year = year
    }

    /// The attribute's value: `2021`, or `true` without a year.
    public var value: String { year.map(String.init) ?? "true" }

    /// `retired 2021`, or `retired`.
    public var description: String { year.map { "retired \($0)" } ?? "retired" }
}
