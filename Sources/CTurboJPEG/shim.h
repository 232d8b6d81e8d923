#ifndef LIGHTBOX_CTURBOJPEG_SHIM_H
#define LIGHTBOX_CTURBOJPEG_SHIM_H
#include <stddef.h>
#include <stdio.h>
#include <turbojpeg.h>
// The libjpeg API (buffered-image mode, scan-by-scan decode) is used for progressive files.
#include <jpeglib.h>
#include <jerror.h>
#endif
