import Markup
import Model
import Server
import Services

/// The weather along a route as Server-Sent Events: `progress` (JSON: stage, done, total) as
/// each stage moves on, `place` with each row as soon as its weather is known (rows carry their
/// `index`, as they come out of order), then `done` with the whole document, or `error` with the
/// error document. Rows and documents are in the format the request negotiated.
enum RouteWeatherEvents {
    static func response(_ weather: RouteWeatherService, _ query: RouteWeatherQuery, _ request: Request) -> Response {
        let format = request.format
        return .eventStream { events in
            let (stream, continuation) = AsyncStream<RouteWeatherEvent>.makeStream(bufferingPolicy: .unbounded)
            let work = Task {
                let result = await weather.plan(query) { continuation.yield($0) }
                continuation.finish()
                return result
            }
            // A client that hangs up cancels this producer; the pipeline's upstream answers still fill the caches.
            for await event in stream {
                switch event {
                case .progress(let stage, let done, let total):
                    try await events.send(event: "progress", data: #"{"stage":"\#(stage.rawValue)","done":\#(done),"total":\#(total)}"#)
                case .place(let row):
                    try await events.send(event: "place", data: text(row.error == nil ? row.node : row.node.withErrorStatuses(), format))
                }
            }
            guard !Task.isCancelled else { return }
            switch await work.value {
            case .success(let document): try await events.send(event: "done", data: text(WeatherEndpoints.document(document), format))
            case .failure(let error): try await events.send(event: "error", data: text(error.node.withErrorStatuses(), format))
            }
        }
    }

    static func text(_ node: Node, _ format: Format) -> String {
        String(decoding: Response.render(node, as: format, pretty: false), as: UTF8.self)
    }
}
