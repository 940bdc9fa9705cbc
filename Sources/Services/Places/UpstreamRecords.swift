import Model
import Scrape
import Upstream

/// One route asked through the upstream layer: the records, or the failure as a place error.
enum UpstreamRecords {
    /// The records of `route` for `parameters` with the answer that carried them, or why there are none.
    static func fetch(_ upstreams: Upstreams, route id: String, _ parameters: [String: String]) async -> Result<
        (lists: [Record.Member], answer: UpstreamClient.Answer), PlaceError
    > {
        guard let route = upstreams.catalog[id] else {
            return .failure(PlaceError(code: ServiceCode.upstreamMissing, message: "The route \(id) is not loaded."))
        }
        do {
            let answer = try await upstreams.extract(route, parameters: parameters)
            switch answer.extraction.outcome {
            case .success(let lists): return .success((lists, answer))
            case .failure(let failure):
                return .failure(PlaceError(code: failure.code, message: failure.message, upstream: route.upstream))
            }
        } catch {
            return .failure(PlaceError(code: error.code, message: error.message, upstream: error.upstream))
        }
    }

    /// The records of the list called `name`.
    static func list(_ name: String, in lists: [Record.Member]) -> [Record] {
        ConnectionRecords.list(name, in: lists)
    }

    /// A field as a number.
    static func number(_ record: Record, _ field: String) -> Double? {
        record.value(field).flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil }
    }
}
