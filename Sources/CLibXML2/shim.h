#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H

/* libxml2's headers would pull in the system ICU, whose types clash with the copy that
   Foundation ships; nothing here uses libxml2's ICU encoding fields. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/relaxng.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>
#include <libxml/catalog.h>

/* xmlFree is a global function pointer, which Swift 6 treats as shared mutable state. */
static inline void cxml_free(void *pointer) {
    xmlFree(pointer);
}

#endif
