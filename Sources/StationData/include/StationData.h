#ifndef STATIONDATA_H
#define STATIONDATA_H

#include <stddef.h>

/* The embedded Swiss station set (stations.tsv, written by scripts/derive-stations.py): UTF-8
 * tab-separated text in the read-only data of the binary. Swift cannot name the assembler's
 * symbols, so these functions hand them out. */

/* The first byte of the text. */
const unsigned char *station_data_bytes(void);
/* The number of bytes. */
size_t station_data_count(void);
/* The SHA-256 of the bytes, 64 lower-case hex digits, NUL-terminated. */
const char *station_data_sha256(void);

#endif
