#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <microhttpd.h>

/* MHD_start_daemon is variadic; every option goes through one MHD_OPTION_ARRAY. The accept
   policy callback sees each connection's address before libmicrohttpd takes it on. */
static inline struct MHD_Daemon *cmhd_start_daemon(unsigned int flags,
                                                   MHD_AcceptPolicyCallback accept_policy,
                                                   void *accept_policy_cls,
                                                   MHD_AccessHandlerCallback handler,
                                                   void *handler_cls,
                                                   struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, 0, accept_policy, accept_policy_cls, handler, handler_cls,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/* libmicrohttpd 0.9.75 calls the URI log callback with the request target, then parses its query
   in place into one record of about 56 bytes per argument, kept in the connection's memory pool.
   We parse queries ourselves from a copy of the target, so the callback ends the string right
   after the '?' and libmicrohttpd finds no arguments: a query of a thousand '&'s then costs no
   pool memory and reaches our own limits and error documents. */
static inline void cmhd_drop_query_arguments(const char *uri) {
    char *mark = strchr(uri, '?');
    if (mark != NULL) mark[1] = '\0';
}

/* Milliseconds since the socket last received data (TCP_INFO's tcpi_last_data_recv), or -1. */
static inline int64_t cmhd_milliseconds_since_receive(int fd) {
    struct tcp_info info;
    socklen_t length = sizeof info;
    memset(&info, 0, sizeof info);
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return -1;
    return (int64_t)info.tcpi_last_data_recv;
}

static inline struct MHD_OptionItem cmhd_option_int(enum MHD_OPTION option, intptr_t value) {
    struct MHD_OptionItem item = { option, value, NULL };
    return item;
}

static inline struct MHD_OptionItem cmhd_option_end(void) {
    struct MHD_OptionItem item = { MHD_OPTION_END, 0, NULL };
    return item;
}

static inline struct MHD_OptionItem cmhd_option_completed(MHD_RequestCompletedCallback callback, void *cls) {
    struct MHD_OptionItem item = { MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)callback, cls };
    return item;
}

static inline struct MHD_OptionItem cmhd_option_notify_connection(MHD_NotifyConnectionCallback callback, void *cls) {
    struct MHD_OptionItem item = { MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)callback, cls };
    return item;
}

typedef void *(*cmhd_uri_log_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

static inline struct MHD_OptionItem cmhd_option_uri_log(cmhd_uri_log_callback callback, void *cls) {
    struct MHD_OptionItem item = { MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)callback, cls };
    return item;
}

typedef void (*cmhd_log_callback)(void *cls, const char *message);

/* MHD's error logger is printf-style (va_list); the shim formats it and hands over one line. */
#include <stdarg.h>
#include <stdio.h>
typedef struct { cmhd_log_callback callback; void *cls; } cmhd_logger;

static inline void cmhd_log_trampoline(void *cls, const char *fmt, va_list ap) {
    cmhd_logger *logger = (cmhd_logger *)cls;
    char buffer[512];
    vsnprintf(buffer, sizeof buffer, fmt, ap);
    logger->callback(logger->cls, buffer);
}

static inline struct MHD_OptionItem cmhd_option_logger(cmhd_logger *logger) {
    struct MHD_OptionItem item = { MHD_OPTION_EXTERNAL_LOGGER, (intptr_t)cmhd_log_trampoline, logger };
    return item;
}

static inline enum MHD_Result cmhd_yes(void) { return MHD_YES; }
static inline enum MHD_Result cmhd_no(void) { return MHD_NO; }

/* The per-connection pointer that MHD_OPTION_NOTIFY_CONNECTION stored. */
static inline void *cmhd_connection_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

static inline const struct sockaddr *cmhd_connection_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info ? info->client_addr : NULL;
}

/* The connection's socket, or -1. */
static inline int cmhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

static inline struct MHD_Response *cmhd_response_copy(const void *bytes, size_t count) {
    return MHD_create_response_from_buffer(count, (void *)bytes, MHD_RESPMEM_MUST_COPY);
}

/* Enum constants, which Swift does not bring into scope for these C enums. */
static const enum MHD_OPTION CMHD_OPTION_LISTEN_SOCKET = MHD_OPTION_LISTEN_SOCKET;
static const enum MHD_OPTION CMHD_OPTION_THREAD_POOL_SIZE = MHD_OPTION_THREAD_POOL_SIZE;
static const enum MHD_OPTION CMHD_OPTION_CONNECTION_TIMEOUT = MHD_OPTION_CONNECTION_TIMEOUT;
static const enum MHD_OPTION CMHD_OPTION_CONNECTION_LIMIT = MHD_OPTION_CONNECTION_LIMIT;
static const enum MHD_OPTION CMHD_OPTION_CONNECTION_MEMORY_LIMIT = MHD_OPTION_CONNECTION_MEMORY_LIMIT;
static const enum MHD_ValueKind CMHD_HEADER_KIND = MHD_HEADER_KIND;
static const enum MHD_RequestTerminationCode CMHD_REQUEST_TERMINATED_COMPLETED_OK = MHD_REQUEST_TERMINATED_COMPLETED_OK;
static const enum MHD_ConnectionNotificationCode CMHD_CONNECTION_NOTIFY_STARTED = MHD_CONNECTION_NOTIFY_STARTED;
static const enum MHD_ConnectionNotificationCode CMHD_CONNECTION_NOTIFY_CLOSED = MHD_CONNECTION_NOTIFY_CLOSED;

#endif
