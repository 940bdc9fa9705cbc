internal import CCurl

/// The single owner of a `curl_slist` of request header lines; frees it when dropped.
///
/// curl keeps only the pointer (CURLOPT_HTTPHEADER does not copy), so the owning transfer must keep
/// this alive until the request has been performed.
struct HeaderList: ~Copyable {
    private(set) var pointer: UnsafeMutablePointer<curl_slist>?

    /// Builds the list from `"Name: value"` lines; an empty value `"Name:"` tells curl to drop a header.
    init(lines: [String]) throws(HTTPTestError) {
        pointer = nil
        for line in lines {
            guard let appended = curl_slist_append(pointer, line) else {
                throw HTTPTestError(kind: .setup, code: 0, message: "curl_slist_append failed", url: "")
            }
            pointer = appended
        }
    }

    /// An empty list that owns nothing.
    init() {
        pointer = nil
    }

    deinit {
        curl_slist_free_all(pointer)
    }
}
