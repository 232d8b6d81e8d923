#ifndef LIGHTBOX_CWEBP_SHIM_H
#define LIGHTBOX_CWEBP_SHIM_H
#include <webp/decode.h>
#include <webp/demux.h>
// The encoder: the tests make WebP photos with it (Lightbox itself never writes WebP).
#include <webp/encode.h>
// libwebp's entry points are inline functions that pass an ABI version macro, which Swift
// does not import: reach them through these.
static inline int lb_webp_init_config(WebPDecoderConfig *config) {
  return WebPInitDecoderConfig(config);
}
static inline VP8StatusCode lb_webp_get_features(const uint8_t *data, size_t size,
                                                 WebPBitstreamFeatures *features) {
  return WebPGetFeatures(data, size, features);
}
/// The first frame of an animation composited on its canvas (RGBA), or NULL.
static inline WebPAnimDecoder *lb_webp_anim_decoder(const uint8_t *bytes, size_t size) {
  WebPAnimDecoderOptions options;
  if (!WebPAnimDecoderOptionsInit(&options)) return NULL;
  options.color_mode = MODE_RGBA;
  options.use_threads = 0;
  WebPData data = {bytes, size};
  return WebPAnimDecoderNew(&data, &options);
}
/// The ICC profile chunk of a WebP file (VP8X ICCP), or size 0.
static inline WebPData lb_webp_icc_profile(const uint8_t *bytes, size_t size) {
  WebPData data = {bytes, size};
  WebPData profile = {NULL, 0};
  WebPDemuxer *demux = WebPDemux(&data);
  if (demux == NULL) return profile;
  WebPChunkIterator chunk;
  if (WebPDemuxGetChunk(demux, "ICCP", 1, &chunk)) {
    profile = chunk.chunk;
    WebPDemuxReleaseChunkIterator(&chunk);
  }
  WebPDemuxDelete(demux);
  return profile;  // points into `bytes`
}
#endif
