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
