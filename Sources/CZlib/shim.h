#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

#include <zlib.h>

/* deflateInit2 and inflateInit2 are macros over the versioned functions. */
static inline int czlib_deflate_init_gzip(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

/* windowBits 15 + 32: accept both zlib and gzip headers. */
static inline int czlib_inflate_init_auto(z_stream *stream) {
    return inflateInit2(stream, 15 + 32);
}

/* windowBits -15: a raw deflate stream without header or trailer, as zip entries hold it. */
static inline int czlib_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -15);
}

#endif
