#ifndef LIGHTBOX_CLCMS2_SHIM_H
#define LIGHTBOX_CLCMS2_SHIM_H
#include <lcms2.h>
// TYPE_RGB_8 is a macro built from others, which Swift does not import.
static inline cmsUInt32Number lb_cms_type_rgb_8(void) { return TYPE_RGB_8; }
#endif
