internal import CMicroHTTPD

// C function pointers cannot capture: each forwards to the server passed as `cls`.
//
// The server is borrowed, not retained: it outlives its daemon, and a retain here would be an
// atomic on one cache line shared by every server thread, taken on every callback. (The server
// is also weakly referenced, by its timers, which moves its count into a side table where each
// retain takes the slow path: about 1.5% of a cache hit's time in `perf` before this.)

let uriLogCallback: cmhd_uri_log_callback = { cls, uri, _ in
    guard let cls else { return nil }
    return Unmanaged<HTTPServer>.fromOpaque(cls)._withUnsafeGuaranteedRef {
        Unmanaged.passRetained($0.requestLine(uri)).toOpaque()
    }
}

let accessHandlerCallback: MHD_AccessHandlerCallback = { cls, connection, _, method, version, upload, uploadSize, conCls in
    guard let cls, let connection, let uploadSize, let conCls, let raw = conCls.pointee else { return MHD_NO }
    return Unmanaged<HTTPServer>.fromOpaque(cls)._withUnsafeGuaranteedRef { server in
        Unmanaged<RequestContext>.fromOpaque(raw)._withUnsafeGuaranteedRef { context in
            server.access(connection, context, method: method, version: version, upload: upload, uploadSize: uploadSize)
        }
    }
}

let completedCallback: MHD_RequestCompletedCallback = { cls, connection, conCls, termination in
    guard let cls, let conCls, let raw = conCls.pointee else { return }
    conCls.pointee = nil
    let context = Unmanaged<RequestContext>.fromOpaque(raw).takeRetainedValue()
    Unmanaged<HTTPServer>.fromOpaque(cls)._withUnsafeGuaranteedRef {
        $0.completed(context, on: connection, completed: termination == CMHD_REQUEST_TERMINATED_COMPLETED_OK)
    }
}

let acceptPolicyCallback: MHD_AcceptPolicyCallback = { cls, address, _ in
    guard let cls else { return MHD_NO }
    return Unmanaged<HTTPServer>.fromOpaque(cls)._withUnsafeGuaranteedRef { $0.accepts(address) } ? MHD_YES : MHD_NO
}

let connectionCallback: MHD_NotifyConnectionCallback = { cls, connection, socketContext, code in
    guard let cls, let connection, let socketContext else { return }
    Unmanaged<HTTPServer>.fromOpaque(cls)._withUnsafeGuaranteedRef { server in
        switch code {
        case CMHD_CONNECTION_NOTIFY_STARTED:
            socketContext.pointee = Unmanaged.passRetained(server.connectionStarted(connection)).toOpaque()
        case CMHD_CONNECTION_NOTIFY_CLOSED:
            guard let raw = socketContext.pointee else { return }
            socketContext.pointee = nil
            server.connectionClosed(Unmanaged<ConnectionState>.fromOpaque(raw).takeRetainedValue())
        default:
            return
        }
    }
}

let MHD_YES = cmhd_yes()
let MHD_NO = cmhd_no()
