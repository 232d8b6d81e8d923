#ifndef LIGHTBOX_CSIXEL_SHIM_H
#define LIGHTBOX_CSIXEL_SHIM_H
#include <sixel.h>
#endif
