internal import CCurl
import Compression
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// One thread driving a libcurl multi handle: it adds submitted transfers, runs them with
/// `curl_multi_poll`, and completes each exactly once. Other threads talk to it only through
/// the inbox and `curl_multi_wakeup`, which is the one multi call that is safe from any thread
/// (https://curl.se/libcurl/c/curl_multi_wakeup.html).
final class MultiLoop: @unchecked Sendable {
    private let multi: UnsafeMutableRawPointer
    private struct Inbox {
        var submitted: [EasyTransfer] = []
        var cancelled: [Int] = []
        var resumed: [Int] = []
        var stopping = false
    }
    private let inbox = Mutex(Inbox())
    /// Running transfers by id; loop thread only.
    private var running: [Int: EasyTransfer] = [:]
    private var thread = pthread_t()
    private let stopped = Atomic<Bool>(false)

    init() throws(FetchError) {
        CurlGlobal.ensureInitialized()
        guard let multi = curl_multi_init() else {
            throw FetchError(kind: .transfer, message: "curl_multi_init failed", url: "")
        }
        self.multi = multi
        // Several requests to one HTTP/2 upstream share a connection.
        _ = ccurl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        let me = Unmanaged.passRetained(self).toOpaque()
        let started = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            let loop = Unmanaged<MultiLoop>.fromOpaque(raw).takeRetainedValue()
            loop.run()
            return nil
        }, me)
        guard started == 0 else {
            Unmanaged<MultiLoop>.fromOpaque(me).release()
            curl_multi_cleanup(multi)
            throw FetchError(kind: .transfer, message: "cannot start the fetch thread (\(started))", url: "")
        }
    }

    /// Hands a transfer to the loop.
    func submit(_ transfer: EasyTransfer) {
        let accepted = inbox.withLock { inbox -> Bool in
            guard !inbox.stopping else { return false }
            inbox.submitted.append(transfer)
            return true
        }
        guard accepted else {
            transfer.end(.failure(FetchError(kind: .cancelled, message: "the fetcher is stopping", url: transfer.url)))
            return
        }
        curl_multi_wakeup(multi)
    }

    /// Asks the loop to abort a transfer; its caller gets `cancelled`.
    func cancel(_ id: Int) {
        post { $0.cancelled.append(id) }
    }

    /// Asks the loop to unpause a streamed transfer whose reader made room.
    func resume(_ id: Int) {
        post { $0.resumed.append(id) }
    }

    /// Puts a request in the inbox and wakes the loop, unless it is stopping. The wake-up is sent
    /// under the lock: the loop frees the multi handle only after it read `stopping` under the
    /// same lock, so a stream dropped after `stop()` never wakes a freed handle.
    private func post(_ change: (inout Inbox) -> Void) {
        inbox.withLock { inbox in
            guard !inbox.stopping else { return }
            change(&inbox)
            curl_multi_wakeup(multi)
        }
    }

    /// Stops the loop: running and queued transfers fail with `cancelled`. Waits for the thread.
    func stop() {
        let first = inbox.withLock { inbox -> Bool in
            defer { inbox.stopping = true }
            return !inbox.stopping
        }
        guard first else { return }
        curl_multi_wakeup(multi)
        pthread_join(thread, nil)
    }

    private func run() {
        while true {
            let (submitted, cancelled, resumed, stopping) = inbox.withLock { inbox in
                defer {
                    inbox.submitted.removeAll()
                    inbox.cancelled.removeAll()
                    inbox.resumed.removeAll()
                }
                return (inbox.submitted, inbox.cancelled, inbox.resumed, inbox.stopping)
            }
            for transfer in submitted {
                running[transfer.id] = transfer
                curl_multi_add_handle(multi, transfer.handle)
            }
            for id in cancelled {
                guard let transfer = running.removeValue(forKey: id) else { continue }
                curl_multi_remove_handle(multi, transfer.handle)
                transfer.end(.failure(FetchError(kind: .cancelled, message: "the request was cancelled", url: transfer.url)))
            }
            for id in resumed {
                // The write callback may run inside this call and pause the transfer again.
                if let transfer = running[id] { curl_easy_pause(transfer.handle, CURLPAUSE_CONT) }
            }
            if stopping {
                for transfer in running.values {
                    curl_multi_remove_handle(multi, transfer.handle)
                    transfer.end(.failure(FetchError(kind: .cancelled, message: "the fetcher stopped", url: transfer.url)))
                }
                running.removeAll()
                curl_multi_cleanup(multi)
                return
            }
            var active: Int32 = 0
            curl_multi_perform(multi, &active)
            collectFinished()
            var ready: Int32 = 0
            curl_multi_poll(multi, nil, 0, 1000, &ready)
        }
    }

    private func collectFinished() {
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            let code = message.pointee.data.result
            guard let (id, transfer) = running.first(where: { $0.value.handle == easy }) else { continue }
            running.removeValue(forKey: id)
            curl_multi_remove_handle(multi, easy)
            transfer.end(Self.result(of: transfer, code: code))
        }
    }

    private static func result(of transfer: EasyTransfer, code: CURLcode) -> Result<FetchResponse, FetchError> {
        switch code {
        case CURLE_OK:
            var status = 0
            _ = ccurl_easy_getinfo_long(transfer.handle, CURLINFO_RESPONSE_CODE, &status)
            var location: UnsafeMutableRawPointer?
            _ = ccurl_easy_getinfo_pointer(transfer.handle, CURLINFO_REDIRECT_URL, &location)
            var headers = transfer.headers
            if let location {
                // The absolute target, resolved by libcurl, stands in for a relative Location.
                headers.removeAll { $0.name.lowercased() == "location" }
                headers.append(("Location", String(cString: location.assumingMemoryBound(to: CChar.self))))
            }
            return decoded(transfer, status: status, headers: headers)
        case CURLE_WRITE_ERROR where transfer.exceeded:
            return .failure(FetchError(kind: .tooLarge, message: "the body is larger than the limit", url: transfer.url))
        default:
            var systemError = 0
            _ = ccurl_easy_getinfo_long(transfer.handle, CURLINFO_OS_ERRNO, &systemError)
            return .failure(FetchError(curl: code, said: transfer.errorText, systemError: systemError, url: transfer.url))
        }
    }
}

extension MultiLoop {
    /// The response with its body decoded from gzip when the upstream compressed it.
    static func decoded(
        _ transfer: EasyTransfer, status: Int, headers: [(name: String, value: String)]
    ) -> Result<FetchResponse, FetchError> {
        let encoding = headers.last { $0.name.lowercased() == "content-encoding" }?.value.lowercased() ?? "identity"
        var body = transfer.body
        switch encoding {
        case "identity", "":
            break
        case "gzip", "x-gzip":
            do {
                body = try Gzip.decompress(body, limit: transfer.maxBodyBytes)
            } catch where error == .limitExceeded {
                return .failure(FetchError(kind: .tooLarge, message: "the decoded body is larger than the limit", url: transfer.url))
            } catch {
                return .failure(FetchError(kind: .badEncoding, message: "gzip body: \(error)", url: transfer.url))
            }
        default:
            return .failure(FetchError(kind: .badEncoding, message: "unexpected Content-Encoding \(encoding)", url: transfer.url))
        }
        return .success(FetchResponse(status: status, headers: headers, body: body, url: transfer.url, redirects: 0))
    }
}

/// `curl_global_init`, once per process, before any thread uses libcurl.
enum CurlGlobal {
    private static let initialized: Void = {
        curl_global_init(Int(CURL_GLOBAL_DEFAULT))
    }()

    static func ensureInitialized() {
        _ = initialized
    }
}
