#ifndef GAZETTEERDATA_H
#define GAZETTEERDATA_H

#include <stddef.h>

/* The embedded gazetteer (gazetteer.tsv.gz, written by scripts/derive-gazetteer.py):
 * gzip-compressed tab-separated text in the read-only data of the binary. Swift cannot name
 * the assembler's symbols, so these functions hand them out. */

/* The first byte of the compressed data. */
const unsigned char *gazetteer_data_bytes(void);
/* The number of compressed bytes. */
size_t gazetteer_data_count(void);
/* The SHA-256 of the compressed bytes, 64 lower-case hex digits, NUL-terminated. */
const char *gazetteer_data_sha256(void);

#endif
