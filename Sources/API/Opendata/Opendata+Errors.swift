import Markup
import Server

extension Opendata {
    /// One error of an error answer.
    static let errorMessage = OpendataObject<String>("OpendataError", "One error.", [
        .string("message", "What went wrong.", nullable: false) { $0 },
    ])

    /// An error answer, `{"errors":[{"message":"…"}]}`, as the original's error handler writes one.
    static let errors = OpendataObject<String>("OpendataErrors", "An error answer, with the HTTP status of the error.", [
        .list("errors", errorMessage) { [$0] },
    ])

    /// How `/v1` writes every error of a request that reached it, the status and headers as the
    /// error catalog says for its code.
    static let errorStyle = ErrorStyle(contentType: "application/json; charset=utf-8") { error in
        JSONValue.render(errors.json(error.message))
    }
}
