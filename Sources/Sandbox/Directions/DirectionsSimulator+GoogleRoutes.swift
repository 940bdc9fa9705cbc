/// The Google Routes API's computeRoutes over the model: `POST /directions/v2:computeRoutes`
/// with a JSON body, the key in `X-Goog-Api-Key` (or `key=`) and the fields wanted in
/// `X-Goog-FieldMask` (or `fields=`).
///
/// Errors as Google gives them: without a key 403 PERMISSION_DENIED; a key that is not one
/// (anything but 1–100 letters, digits, `-` and `_`) 400 INVALID_ARGUMENT with the reason
/// API_KEY_INVALID; without a field mask, with a malformed one or a body that is not a request,
/// 400 INVALID_ARGUMENT. No road between the two ends is 200 with an empty object.
extension DirectionsSimulator {
    /// computeRoutes' path.
    public static let googleRoutesPath = "/directions/v2:computeRoutes"

    /// The content type of every answer.
    static let googleRoutesContentType = "application/json; charset=UTF-8"

    /// The answer to a computeRoutes request.
    public func computeRoutes(body: [UInt8], key: String?, fieldMask: String?) -> WebAnswer {
        func answer(_ status: Int, _ value: JSONValue) -> WebAnswer {
            WebAnswer(status: status, contentType: Self.googleRoutesContentType, body: value.bytes())
        }
        func invalid(_ message: String) -> WebAnswer {
            answer(400, GoogleRoutesRenderer.error(400, message, status: "INVALID_ARGUMENT"))
        }
        guard let key, !key.isEmpty else {
            return answer(403, GoogleRoutesRenderer.error(403, "The request is missing a valid API key.", status: "PERMISSION_DENIED"))
        }
        guard Self.isPlausibleKey(key) else {
            return answer(400, GoogleRoutesRenderer.error(
                400, "API key not valid. Please pass a valid API key.", status: "INVALID_ARGUMENT", reason: "API_KEY_INVALID"))
        }
        let request: ComputeRoutesRequest
        do {
            request = try ComputeRoutesRequest(body)
        } catch {
            return invalid(error.message)
        }
        guard let maskText = fieldMask, !Substring(maskText).trimmingSpaces.isEmpty else { return invalid(Self.fieldMaskRequired) }
        let mask: FieldMask
        do {
            mask = try FieldMask(maskText)
        } catch {
            return invalid(error.message)
        }
        guard let origin = resolve(request.origin), let destination = resolve(request.destination),
            let route = model.route(from: origin, to: destination)
        else {
            return answer(200, GoogleRoutesRenderer.noRoute)
        }
        let imperial = request.imperial ?? (route.originPlace?.countryCode == "US")
        return answer(200, mask.apply(to: GoogleRoutesRenderer.route(route, imperial: imperial)) ?? GoogleRoutesRenderer.noRoute)
    }

    /// Google's words when the field mask is missing.
    static let fieldMaskRequired =
        "FieldMask is a required parameter. See https://cloud.google.com/apis/docs/system-parameters on how to provide it. "
        + "As an example, you can set the header 'X-Goog-FieldMask' to value 'routes.distanceMeters,routes.duration,routes.polyline.encodedPolyline' "
        + "to ask for the route distance, duration, and polyline in the response. You can also set the value to '*' in manual testing "
        + "to get all the available response fields. However, using the '*' wildcard is discouraged in production."

    /// Whether a key looks like one: Google's are 39 letters, digits, `-` and `_`.
    static func isPlausibleKey(_ key: String) -> Bool {
        key.utf8.count <= 100 && key.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    private func resolve(_ waypoint: ComputeRoutesRequest.Waypoint) -> GeoPoint? {
        switch waypoint {
        case .position(let point): point
        case .address(let text): (try? model.places.search(text, limit: 1))?.first?.coordinate
        }
    }
}
