#ifndef LIGHTBOX_CLCMS2_H
#define LIGHTBOX_CLCMS2_H
#include "CLibraryLoader.h"
#include <lcms2.h>

// TYPE_RGB_8 is a macro built from others, which Swift does not import.
static inline cmsUInt32Number lb_cms_type_rgb_8(void) { return TYPE_RGB_8; }

#pragma clang assume_nonnull begin

/// The lcms2 functions Lightbox calls, looked up in the library loaded on first use:
/// linked, it was one of the libraries that cost every start of Lightbox ~0.5 ms together,
/// and only photos with a colour profile other than sRGB need it (DECISIONS.md, 2026-11-29).
struct lb_lcms2 {
  __typeof__(cmsBuildParametricToneCurve) *_Nonnull cmsBuildParametricToneCurve;
  __typeof__(cmsCloseProfile) *_Nonnull cmsCloseProfile;
  __typeof__(cmsCreateRGBProfile) *_Nonnull cmsCreateRGBProfile;
  __typeof__(cmsCreateTransform) *_Nonnull cmsCreateTransform;
  __typeof__(cmsCreate_sRGBProfile) *_Nonnull cmsCreate_sRGBProfile;
  __typeof__(cmsDeleteTransform) *_Nonnull cmsDeleteTransform;
  __typeof__(cmsDoTransform) *_Nonnull cmsDoTransform;
  __typeof__(cmsFreeToneCurve) *_Nonnull cmsFreeToneCurve;
  __typeof__(cmsGetColorSpace) *_Nonnull cmsGetColorSpace;
  __typeof__(cmsGetProfileInfoASCII) *_Nonnull cmsGetProfileInfoASCII;
  __typeof__(cmsOpenProfileFromMem) *_Nonnull cmsOpenProfileFromMem;
};

// lb_lcms2_load and lb_lcms2_error (CLibraryLoader.h).
LB_LIBRARY_DECLARE_ENTRY_POINTS(lcms2)

#pragma clang assume_nonnull end
#endif
