// Loads lcms2 on first use (see CLCMS2.h for why it is not linked).
#include "CLCMS2.h"

static struct lb_lcms2 table;

static int lookup(struct lb_library *library) {
  LB_LIBRARY_FIND(library, table, cmsBuildParametricToneCurve);
  LB_LIBRARY_FIND(library, table, cmsCloseProfile);
  LB_LIBRARY_FIND(library, table, cmsCreateRGBProfile);
  LB_LIBRARY_FIND(library, table, cmsCreateTransform);
  LB_LIBRARY_FIND(library, table, cmsCreate_sRGBProfile);
  LB_LIBRARY_FIND(library, table, cmsDeleteTransform);
  LB_LIBRARY_FIND(library, table, cmsDoTransform);
  LB_LIBRARY_FIND(library, table, cmsFreeToneCurve);
  LB_LIBRARY_FIND(library, table, cmsGetColorSpace);
  LB_LIBRARY_FIND(library, table, cmsGetProfileInfoASCII);
  LB_LIBRARY_FIND(library, table, cmsOpenProfileFromMem);
  return 0;
}

static struct lb_library library = LB_LIBRARY("lcms2", lookup, "liblcms2.so.2");

LB_LIBRARY_ENTRY_POINTS(lcms2, library, table)
