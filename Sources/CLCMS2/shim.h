#ifndef LIGHTBOX_CLCMS2_SHIM_H
#define LIGHTBOX_CLCMS2_SHIM_H
#include <lcms2.h>
// TYPE_RGBA_8 is a macro built from others, which Swift does not import.
static inline cmsUInt32Number lb_cms_type_rgba_8(void) { return TYPE_RGBA_8; }
static inline cmsUInt32Number lb_cms_type_cmyk_8(void) { return TYPE_CMYK_8; }
#endif
