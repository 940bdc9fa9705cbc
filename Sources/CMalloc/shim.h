#ifndef CMALLOC_SHIM_H
#define CMALLOC_SHIM_H

/* glibc's malloc tuning (mallopt), which the C library's module does not include. */
#include <malloc.h>

#endif
