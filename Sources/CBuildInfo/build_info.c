// The commit a build comes from, handed in by the build command (scripts/install), since
// SwiftPM has no way to put a value computed at build time into Swift code.
#include "build_info.h"

#ifndef LIGHTBOX_COMMIT
#define LIGHTBOX_COMMIT "unknown"
#endif

const char *lb_build_commit(void) { return LIGHTBOX_COMMIT; }
