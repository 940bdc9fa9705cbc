@testable import Scrape
import Kernel

/// A context with fixed reference values and a zone, standing in for the extractor.
struct NormalizerTestContext: NormalizerContext {
    var values: [ValueReference: String] = [:]
    var timeZone: ZoneRules = .utc

    func value(of reference: ValueReference) -> String? { values[reference] }
}

/// Shortcuts for running chains in tests.
enum NormalizerTesting {
    static let zurich: ZoneRules = (try? ZoneRules.named("Europe/Zurich")) ?? .utc
    static let losAngeles: ZoneRules = (try? ZoneRules.named("America/Los_Angeles")) ?? .utc

    /// Runs a chain over one value.
    static func run(_ chain: String, _ value: String, context: NormalizerTestContext = NormalizerTestContext()) throws(NormalizerError) -> [String] {
        try NormalizerChain(parsing: chain).apply([value], in: context)
    }

    /// The single output of a chain, or the error message prefixed with "error: ".
    static func outcome(_ chain: String, _ value: String, context: NormalizerTestContext = NormalizerTestContext()) -> String {
        do {
            let result = try run(chain, value, context: context)
            return result.count == 1 ? result[0] : "values: \(result)"
        } catch {
            return "error: \(error.message)"
        }
    }

    /// The message of a chain that fails to load, or `nil` when it loads.
    static func loadError(_ chain: String) -> String? {
        do {
            _ = try NormalizerChain(parsing: chain)
            return nil
        } catch {
            return error.message
        }
    }

    /// The error message when running fails, or `nil` when it succeeds.
    static func runError(_ chain: String, _ value: String, context: NormalizerTestContext = NormalizerTestContext()) -> String? {
        do {
            _ = try run(chain, value, context: context)
            return nil
        } catch {
            return error.message
        }
    }
}
