#ifndef SIGBENCH_CLIBXML2_SHIM_H
#define SIGBENCH_CLIBXML2_SHIM_H
/* libxml2 from Debian's libxml2-dev (pkg-config libxml-2.0, headers under
   /usr/include/libxml2), used as a SAX2 parser for the InkML and IAM-OnDB readers: start
   tags, end tags and text only, with no tree, no DTD and no entities (libxml2 2.9 SAX2 API,
   parser.h).

   Debian builds libxml2 with ICU, so encoding.h would include the system's <unicode/ucnv.h>,
   whose declarations clash with the ICU copy the Swift toolchain's Foundation carries. The
   ICU switch is turned off for these declarations only: it adds two trailing pointers to the
   encoding-handler struct, which Swift code here never allocates or reads (it only passes
   pointers to it), and nothing else the shim exposes depends on it. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif
