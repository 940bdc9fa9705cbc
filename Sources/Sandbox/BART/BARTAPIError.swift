/// An API-level error as BART's API writes it, `/root/message/error/{text,details}`, with an
/// HTTP 200 as the API answers its errors.
struct BARTAPIError: Error, Sendable, Equatable {
    /// `<text>`.
    let text: String
    /// `<details>`.
    let details: String

    /// A missing or empty `key`, as error-invalid-key.xml (recorded).
    static let invalidKey = BARTAPIError(text: "Invalid key", details: "The api key was missing or invalid.")

    // Not recorded: the two below follow the recorded key error's wording; the real texts may differ.

    /// A `cmd` other than `etd`.
    static func invalidCommand(_ cmd: String) -> BARTAPIError {
        BARTAPIError(
            text: "Invalid cmd",
            details: cmd.isEmpty ? "The cmd parameter was missing or invalid." : "The cmd parameter (\(cmd)) was missing or invalid.")
    }

    /// An `orig` that is neither a station's abbreviation nor `ALL`.
    static func invalidOrigin(_ orig: String) -> BARTAPIError {
        BARTAPIError(
            text: "Invalid orig",
            details: orig.isEmpty
                ? "The orig station parameter was missing or invalid." : "The orig station parameter (\(orig)) was missing or invalid.")
    }
}
