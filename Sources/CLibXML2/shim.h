#ifndef TIDINGS_CLIBXML2_SHIM_H
#define TIDINGS_CLIBXML2_SHIM_H

// The parts of libxml2 FeedParsing uses: the SAX2 push parser, encoding switches and the
// structured (non-variadic) error channel. pkg-config libxml-2.0 supplies -I/usr/include/libxml2.

#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, so <libxml/encoding.h> would include the system's
// <unicode/ucnv.h>. Those ICU declarations clash with Foundation's own copy (_FoundationICU) in
// any Swift module that imports both ("'UErrorCode' has different definitions in different
// modules"). The only libxml2 declaration ICU changes is the layout of xmlCharEncodingHandler,
// which Swift code here never allocates or dereferences (it only passes the pointer from
// xmlFindCharEncodingHandler to xmlSwitchToEncoding), so the ICU part is left out.
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/entities.h>
#include <libxml/encoding.h>
#include <libxml/xmlerror.h>
// The HTML parser builds a tree (HTMLTextRenderer, FeedAutodiscovery); it uses the tree API.
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <stdlib.h>
#include <string.h>

/// XML_SAX2_MAGIC does not fit Swift's imported Int32 macros, so hand it over as unsigned.
static inline unsigned int tidings_xml_sax2_magic(void) {
    return XML_SAX2_MAGIC;
}

/// An entity that expands to nothing. The SAX collector returns it from `getEntity` after it
/// has written the entity's text itself: libxml2 then believes the reference was resolved
/// (no "undefined entity" error) and inserts no text of its own. Allocated per parse because
/// libxml2 does not promise to leave entities it is handed untouched.
static inline xmlEntityPtr tidings_xml_new_empty_entity(void) {
    xmlEntityPtr entity = (xmlEntityPtr)calloc(1, sizeof(xmlEntity));
    if (entity == NULL) {
        return NULL;
    }
    entity->type = XML_ENTITY_DECL;
    entity->etype = XML_INTERNAL_PREDEFINED_ENTITY;
    entity->name = (const xmlChar *)"";
    entity->content = (xmlChar *)"";
    entity->length = 0;
    return entity;
}

static inline void tidings_xml_free_empty_entity(xmlEntityPtr entity) {
    free(entity);
}

/// The per-thread structured error handler, so a parse can install its own and restore the
/// previous one. Errors raised without a parser context (encoding conversion) go there; without
/// this they would be printed on stderr.
typedef struct {
    xmlStructuredErrorFunc handler;
    void *context;
} tidings_xml_error_handler;

static inline tidings_xml_error_handler tidings_xml_current_error_handler(void) {
    tidings_xml_error_handler current;
    current.handler = xmlStructuredError;
    current.context = xmlStructuredErrorContext;
    return current;
}

static inline void tidings_xml_set_error_handler(tidings_xml_error_handler handler) {
    xmlSetStructuredErrorFunc(handler.context, handler.handler);
}

/// libxml2 also reports some failures through the variadic "generic" error channel
/// ("xmlParseChunk: encoder error"), which prints to stderr by default. Swift cannot define a
/// variadic C function, so the one that drops those messages lives here.
static inline void tidings_xml_ignore_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

typedef struct {
    xmlGenericErrorFunc handler;
    void *context;
} tidings_xml_generic_error_handler;

static inline tidings_xml_generic_error_handler tidings_xml_current_generic_error_handler(void) {
    tidings_xml_generic_error_handler current;
    current.handler = xmlGenericError;
    current.context = xmlGenericErrorContext;
    return current;
}

/// Drops generic error messages on this thread until the previous handler is restored.
static inline void tidings_xml_silence_generic_errors(void) {
    xmlSetGenericErrorFunc(NULL, tidings_xml_ignore_generic_error);
}

static inline void tidings_xml_set_generic_error_handler(tidings_xml_generic_error_handler handler) {
    xmlSetGenericErrorFunc(handler.context, handler.handler);
}

/// Runs libxml2's HTML parser over `buffer` with the callbacks of `sax` and no tree: what
/// htmlReadMemory does (libxml2 2.9's htmlDoRead: options, then the encoding named, if libxml2
/// knows it), with `sax` in place of the tree builder. The callbacks get the parser context, as
/// libxml2's own SAX2 callbacks do, so that one may stop the parse (xmlStopParser); `user` is
/// in its `_private` field. Returns 0, or -1 when no parser could be made.
static inline int tidings_html_sax_read(const char *buffer, int size, const char *encoding, int options,
                                        const xmlSAXHandler *sax, void *user) {
    xmlParserCtxtPtr ctxt = xmlCreateMemoryParserCtxt(buffer, size);
    if (ctxt == NULL || ctxt->sax == NULL) {
        if (ctxt != NULL) {
            xmlFreeParserCtxt(ctxt);
        }
        return -1;
    }
    memcpy(ctxt->sax, sax, sizeof(xmlSAXHandler));
    ctxt->userData = ctxt;
    ctxt->_private = user;
    htmlCtxtUseOptions(ctxt, options);
    ctxt->html = 1;
    if (encoding != NULL) {
        xmlCharEncodingHandlerPtr handler = xmlFindCharEncodingHandler(encoding);
        if (handler != NULL) {
            xmlSwitchToEncoding(ctxt, handler);
            if (ctxt->input->encoding != NULL) {
                xmlFree((xmlChar *)ctxt->input->encoding);
            }
            ctxt->input->encoding = xmlStrdup((const xmlChar *)encoding);
        }
    }
    htmlParseDocument(ctxt);
    if (ctxt->myDoc != NULL) {
        xmlFreeDoc(ctxt->myDoc);
        ctxt->myDoc = NULL;
    }
    xmlFreeParserCtxt(ctxt);
    return 0;
}

#endif
