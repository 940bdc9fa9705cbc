internal import CCurl

/// The single owner of a curl multi handle and of the registration of the transfers added to it.
///
/// Keeps every added `Transfer` alive until it is removed, and on deinit removes the rest before
/// `curl_multi_cleanup`, the order https://curl.se/libcurl/c/curl_multi_cleanup.html requires.
/// Not `Sendable`: a multi handle must stay on the thread that drives it.
final class MultiHandle {
    private let handle: UnsafeMutableRawPointer
    private var attached: [ObjectIdentifier: Transfer] = [:]

    init() throws(HTTPTestError) {
        try CurlGlobal.ensureInitialized()
        guard let handle = curl_multi_init() else {
            throw HTTPTestError(kind: .setup, code: 0, message: "curl_multi_init failed", url: "")
        }
        self.handle = handle
    }

    deinit {
        for transfer in attached.values {
            curl_multi_remove_handle(handle, transfer.handle)
        }
        curl_multi_cleanup(handle)
    }

    /// Sets a numeric multi option such as CURLMOPT_MAX_HOST_CONNECTIONS.
    func set(_ option: CURLMoption, _ value: Int) throws(HTTPTestError) {
        try CurlCheck.multi(ccurl_multi_setopt_long(handle, option, value), "curl multi option \(option.rawValue)")
    }

    /// Starts driving a prepared transfer.
    func add(_ transfer: Transfer) throws(HTTPTestError) {
        try CurlCheck.multi(curl_multi_add_handle(handle, transfer.handle), "curl_multi_add_handle")
        attached[ObjectIdentifier(transfer)] = transfer
    }

    /// Detaches a transfer (finished or not); its connection stays in the multi's pool for reuse.
    func remove(_ transfer: Transfer) throws(HTTPTestError) {
        attached[ObjectIdentifier(transfer)] = nil
        try CurlCheck.multi(curl_multi_remove_handle(handle, transfer.handle), "curl_multi_remove_handle")
    }

    /// Does whatever I/O is ready without blocking.
    func perform() throws(HTTPTestError) {
        var running: Int32 = 0
        try CurlCheck.multi(curl_multi_perform(handle, &running), "curl_multi_perform")
    }

    /// Blocks until a socket is ready or curl's next timer is due, at most `milliseconds`.
    func poll(milliseconds: Int32) throws(HTTPTestError) {
        var ready: Int32 = 0
        try CurlCheck.multi(curl_multi_poll(handle, nil, 0, milliseconds, &ready), "curl_multi_poll")
    }

    /// Pops the next finished transfer and its result code, O(1) per call.
    func nextCompleted() -> (Transfer, CURLcode)? {
        var queued: Int32 = 0
        while let message = curl_multi_info_read(handle, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            // The message memory is curl's and reused on the next call: copy the code out now.
            let code = message.pointee.data.result
            guard let transfer = Transfer.owning(easy) else { continue }
            return (transfer, code)
        }
        return nil
    }
}

@available(*, unavailable)
extension MultiHandle: Sendable {}
