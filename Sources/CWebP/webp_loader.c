// Loads libwebp on first use (see CWebP.h for why it is not linked).
#include "CWebP.h"

static struct lb_webp table;

static int lookup(struct lb_library *library) {
  LB_LIBRARY_FIND(library, table, WebPGetFeaturesInternal);
  LB_LIBRARY_FIND(library, table, WebPInitDecoderConfigInternal);
  LB_LIBRARY_FIND(library, table, WebPDecode);
  LB_LIBRARY_FIND(library, table, WebPFreeDecBuffer);
  LB_LIBRARY_FIND(library, table, WebPAnimDecoderOptionsInitInternal);
  LB_LIBRARY_FIND(library, table, WebPAnimDecoderNewInternal);
  LB_LIBRARY_FIND(library, table, WebPAnimDecoderGetInfo);
  LB_LIBRARY_FIND(library, table, WebPAnimDecoderGetNext);
  LB_LIBRARY_FIND(library, table, WebPAnimDecoderHasMoreFrames);
  LB_LIBRARY_FIND(library, table, WebPAnimDecoderReset);
  LB_LIBRARY_FIND(library, table, WebPAnimDecoderDelete);
  LB_LIBRARY_FIND(library, table, WebPDemuxInternal);
  LB_LIBRARY_FIND(library, table, WebPDemuxGetChunk);
  LB_LIBRARY_FIND(library, table, WebPDemuxReleaseChunkIterator);
  LB_LIBRARY_FIND(library, table, WebPDemuxDelete);
  return 0;
}

// libwebpdemux after libwebp, which it needs.
static struct lb_library library =
    LB_LIBRARY("libwebp", lookup, "libwebp.so.7", "libwebpdemux.so.2");

LB_LIBRARY_ENTRY_POINTS(webp, library, table)

int lb_webp_init_config(WebPDecoderConfig *config) {
  return table.WebPInitDecoderConfigInternal(config, WEBP_DECODER_ABI_VERSION);
}

VP8StatusCode lb_webp_get_features(const uint8_t *data, size_t size,
                                   WebPBitstreamFeatures *features) {
  return table.WebPGetFeaturesInternal(data, size, features, WEBP_DECODER_ABI_VERSION);
}

WebPAnimDecoder *lb_webp_anim_decoder(const uint8_t *bytes, size_t size) {
  WebPAnimDecoderOptions options;
  if (!table.WebPAnimDecoderOptionsInitInternal(&options, WEBP_DEMUX_ABI_VERSION)) return NULL;
  options.color_mode = MODE_RGBA;
  options.use_threads = 0;
  WebPData data = {bytes, size};
  return table.WebPAnimDecoderNewInternal(&data, &options, WEBP_DEMUX_ABI_VERSION);
}

WebPData lb_webp_icc_profile(const uint8_t *bytes, size_t size) {
  WebPData data = {bytes, size};
  WebPData profile = {NULL, 0};
  WebPDemuxer *demux = table.WebPDemuxInternal(&data, 0, NULL, WEBP_DEMUX_ABI_VERSION);
  if (demux == NULL) return profile;
  WebPChunkIterator chunk;
  if (table.WebPDemuxGetChunk(demux, "ICCP", 1, &chunk)) {
    profile = chunk.chunk;
    table.WebPDemuxReleaseChunkIterator(&chunk);
  }
  table.WebPDemuxDelete(demux);
  return profile;
}
