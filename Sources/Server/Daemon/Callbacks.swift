internal import CMicroHTTPD

// C function pointers cannot capture: each forwards to the server passed as `cls`.

let uriLogCallback: cmhd_uri_log_callback = { cls, uri, _ in
    guard let cls else { return nil }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    return Unmanaged.passRetained(server.requestLine(uri)).toOpaque()
}

let accessHandlerCallback: MHD_AccessHandlerCallback = { cls, connection, _, method, version, upload, uploadSize, conCls in
    guard let cls, let connection, let uploadSize, let conCls, let raw = conCls.pointee else { return MHD_NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let context = Unmanaged<RequestContext>.fromOpaque(raw).takeUnretainedValue()
    return server.access(connection, context, method: method, version: version, upload: upload, uploadSize: uploadSize)
}

let completedCallback: MHD_RequestCompletedCallback = { cls, connection, conCls, termination in
    guard let cls, let conCls, let raw = conCls.pointee else { return }
    conCls.pointee = nil
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let context = Unmanaged<RequestContext>.fromOpaque(raw).takeRetainedValue()
    server.completed(context, on: connection, completed: termination == CMHD_REQUEST_TERMINATED_COMPLETED_OK)
}

let acceptPolicyCallback: MHD_AcceptPolicyCallback = { cls, address, _ in
    guard let cls else { return MHD_NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    return server.accepts(address) ? MHD_YES : MHD_NO
}

let connectionCallback: MHD_NotifyConnectionCallback = { cls, connection, socketContext, code in
    guard let cls, let connection, let socketContext else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
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

let MHD_YES = cmhd_yes()
let MHD_NO = cmhd_no()
