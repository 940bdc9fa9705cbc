#include "EmbeddedFiles.h"

/* The accessor `function` for the symbols `symbol`_start, `symbol`_end and `symbol`_digest that
 * an assembly source written by incbin_assembly (scripts/derived_files.py) defines. */
#define EMBEDDED_FILE(function, symbol)                                                         \
    extern const unsigned char symbol##_start[];                                                \
    extern const unsigned char symbol##_end[];                                                  \
    extern const char symbol##_digest[];                                                        \
    embedded_file function(void) {                                                              \
        return (embedded_file){symbol##_start, (size_t)(symbol##_end - symbol##_start), symbol##_digest}; \
    }

EMBEDDED_FILE(embedded_gazetteer, gazetteer_data)
EMBEDDED_FILE(embedded_stations, station_data)
EMBEDDED_FILE(embedded_bart_gtfs, bart_gtfs_data)

/* The table web.S (scripts/embed-web.py) writes: one row per file of Web/. */
struct web_file_row {
    const char *name;
    const unsigned char *start;
    const unsigned char *end;
    const char *digest;
};
extern const struct web_file_row web_files[];
extern const size_t web_files_count;

size_t embedded_web_file_count(void) { return web_files_count; }

embedded_file embedded_web_file(size_t index, const char **name) {
    const struct web_file_row *row = &web_files[index];
    *name = row->name;
    return (embedded_file){row->start, (size_t)(row->end - row->start), row->digest};
}

#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

int embedded_release(embedded_file file) {
    long page = sysconf(_SC_PAGESIZE);
    if (page <= 0) return 0;
    /* Only pages wholly inside the file: a page shared with other data may have been written. */
    uintptr_t first = ((uintptr_t)file.bytes + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
    uintptr_t last = ((uintptr_t)file.bytes + file.count) & ~((uintptr_t)page - 1);
    if (last <= first) return 0;
    return madvise((void *)first, last - first, MADV_DONTNEED) == 0;
}
