#ifndef LIGHTBOX_CWEBP_H
#define LIGHTBOX_CWEBP_H
#include "CLibraryLoader.h"
#include <stddef.h>
#include <stdint.h>
#include <webp/decode.h>
#include <webp/demux.h>
// The encoder's declarations: the tests make WebP photos with it (they link libwebp; Lightbox
// itself never writes WebP).
#include <webp/encode.h>

#pragma clang assume_nonnull begin

/// The libwebp functions Lightbox calls, looked up in the library loaded on first use:
/// linked, it was one of the libraries that cost every start of Lightbox ~0.5 ms together,
/// and WebP is decoded only in the decode worker (DECISIONS.md, 2026-11-29).
struct lb_webp {
  __typeof__(WebPGetFeaturesInternal) *_Nonnull WebPGetFeaturesInternal;
  __typeof__(WebPInitDecoderConfigInternal) *_Nonnull WebPInitDecoderConfigInternal;
  __typeof__(WebPDecode) *_Nonnull WebPDecode;
  __typeof__(WebPFreeDecBuffer) *_Nonnull WebPFreeDecBuffer;
  __typeof__(WebPAnimDecoderOptionsInitInternal) *_Nonnull WebPAnimDecoderOptionsInitInternal;
  __typeof__(WebPAnimDecoderNewInternal) *_Nonnull WebPAnimDecoderNewInternal;
  __typeof__(WebPAnimDecoderGetInfo) *_Nonnull WebPAnimDecoderGetInfo;
  __typeof__(WebPAnimDecoderGetNext) *_Nonnull WebPAnimDecoderGetNext;
  __typeof__(WebPAnimDecoderHasMoreFrames) *_Nonnull WebPAnimDecoderHasMoreFrames;
  __typeof__(WebPAnimDecoderReset) *_Nonnull WebPAnimDecoderReset;
  __typeof__(WebPAnimDecoderDelete) *_Nonnull WebPAnimDecoderDelete;
  __typeof__(WebPDemuxInternal) *_Nonnull WebPDemuxInternal;
  __typeof__(WebPDemuxGetChunk) *_Nonnull WebPDemuxGetChunk;
  __typeof__(WebPDemuxReleaseChunkIterator) *_Nonnull WebPDemuxReleaseChunkIterator;
  __typeof__(WebPDemuxDelete) *_Nonnull WebPDemuxDelete;
};

// lb_webp_load and lb_webp_error (CLibraryLoader.h).
LB_LIBRARY_DECLARE_ENTRY_POINTS(webp)

// libwebp's entry points are inline functions that pass an ABI version macro, which Swift
// does not import: reach them through these (after `lb_webp_load` succeeded).
int lb_webp_init_config(WebPDecoderConfig *config);
VP8StatusCode lb_webp_get_features(const uint8_t *data, size_t size,
                                   WebPBitstreamFeatures *features);

/// The first frame of an animation composited on its canvas (RGBA), or NULL.
WebPAnimDecoder *_Nullable lb_webp_anim_decoder(const uint8_t *bytes, size_t size);

/// The ICC profile chunk of a WebP file (VP8X ICCP), or size 0; it points into `bytes`.
WebPData lb_webp_icc_profile(const uint8_t *bytes, size_t size);

#pragma clang assume_nonnull end
#endif
