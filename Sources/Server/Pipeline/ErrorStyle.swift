/// How a route writes its error documents, when not as the service's own (`ErrorDocument`): an
/// API that imitates another keeps that one's error shape, such as transport.opendata.ch's
/// `{"errors":[{"message":"…"}]}`.
///
/// Every error of a request that reached the route is written so: a bad query, a parameter, the
/// handler's own. A path no route matches keeps the service's error document.
public struct ErrorStyle: Sendable {
    /// The media type of the body.
    public let contentType: String
    /// The body for an error.
    public let render: @Sendable (any HTTPResponseError) -> [UInt8]

    /// A style writing bodies of one media type.
    public init(contentType: String, render: @escaping @Sendable (any HTTPResponseError) -> [UInt8]) {
        self.contentType = contentType
        self.render = render
    }
}
