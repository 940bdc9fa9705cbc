#ifndef EMBEDDEDFILES_H
#define EMBEDDEDFILES_H

#include <stddef.h>

/* A derived file in the read-only data of the binary: a derive script writes it under include/
 * and the assembly source that embeds it with `.incbin` (scripts/derived_files.py). Swift cannot
 * name the assembler's symbols, so the functions below hand them out. */
typedef struct embedded_file {
    /* The first byte. */
    const unsigned char *bytes;
    /* The number of bytes. */
    size_t count;
    /* The SHA-256 of the bytes, 64 lower-case hex digits, NUL-terminated. */
    const char *sha256;
} embedded_file;

/* The gazetteer (gazetteer.tsv.gz, written by scripts/derive-gazetteer.py): gzip-compressed
 * tab-separated text. */
embedded_file embedded_gazetteer(void);

/* The Swiss station set (stations.tsv, written by scripts/derive-stations.py): UTF-8
 * tab-separated text. */
embedded_file embedded_stations(void);

/* BART's static GTFS feed (bart-gtfs.zip, copied by scripts/derive-transit.py): a zip archive. */
embedded_file embedded_bart_gtfs(void);

/* The web page's files (Web/, embedded by scripts/embed-web.py), by index from 0 to
 * embedded_web_file_count() - 1, in name order; `name` is the file's name, NUL-terminated. */
size_t embedded_web_file_count(void);
embedded_file embedded_web_file(size_t index, const char **name);

/* Gives the resident pages of a file back to the system once it has been read: the pages lie
 * wholly inside the file, were never written, and are read again from the binary if the file is
 * read again. Returns 1 when pages were released. */
int embedded_release(embedded_file file);

#endif
