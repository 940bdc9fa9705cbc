internal import CCurl

/// Process-wide libcurl initialisation, done once before the first easy or multi handle.
enum CurlGlobal {
    /// Whether `curl_global_init` succeeded; evaluated once, thread-safely, on first access.
    ///
    /// curl_easy_init would initialise implicitly, but explicitly is the documented contract
    /// (https://curl.se/libcurl/c/curl_global_init.html) and reports failure in one place.
    static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

    /// Throws a setup error if libcurl could not be initialised.
    static func ensureInitialized() throws(HTTPTestError) {
        guard initialized else {
            throw HTTPTestError(kind: .setup, code: 0, message: "curl_global_init failed", url: "")
        }
    }
}
