#ifndef CSQLITE3_SHIM_H
#define CSQLITE3_SHIM_H

#include <sqlite3.h>

/* SQLITE_TRANSIENT is a cast macro that does not import into Swift. */
static inline int csqlite3_bind_text_transient(sqlite3_stmt *statement, int index, const char *text, int count) {
    return sqlite3_bind_text(statement, index, text, count, SQLITE_TRANSIENT);
}
static inline int csqlite3_bind_blob_transient(sqlite3_stmt *statement, int index, const void *bytes, int count) {
    return sqlite3_bind_blob(statement, index, bytes, count, SQLITE_TRANSIENT);
}

#endif
