// Loads libwebp on first use (see CWebP.h for why it is not linked).
#include "CWebP.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct lb_webp table;
static const struct lb_webp *loaded;
static char failure[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
  // The sonames of the versions Lightbox is built against (Debian 12), in dependency order.
  const char *names[] = {
      "libwebp.so.7",
      "libwebpdemux.so.2",
  };
  enum { count = sizeof names / sizeof names[0] };
  void *handles[count];
  for (int i = 0; i < count; i++) {
    // RTLD_LOCAL: the library's symbols stay out of the process's global scope.
    handles[i] = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!handles[i]) {
      const char *reason = dlerror();
      snprintf(failure, sizeof failure, "%s", reason ? reason : names[i]);
      return;
    }
  }
#define LB_LOOKUP(name)                                                   \
  do {                                                                    \
    for (int i = 0; i < count && !table.name; i++) {                      \
      table.name = (__typeof__(name) *)dlsym(handles[i], #name);          \
    }                                                                     \
    if (!table.name) {                                                    \
      snprintf(failure, sizeof failure, "libwebp has no function " #name); \
      return;                                                             \
    }                                                                     \
  } while (0)
  LB_LOOKUP(WebPGetFeaturesInternal);
  LB_LOOKUP(WebPInitDecoderConfigInternal);
  LB_LOOKUP(WebPDecode);
  LB_LOOKUP(WebPFreeDecBuffer);
  LB_LOOKUP(WebPAnimDecoderOptionsInitInternal);
  LB_LOOKUP(WebPAnimDecoderNewInternal);
  LB_LOOKUP(WebPAnimDecoderGetInfo);
  LB_LOOKUP(WebPAnimDecoderGetNext);
  LB_LOOKUP(WebPAnimDecoderHasMoreFrames);
  LB_LOOKUP(WebPAnimDecoderReset);
  LB_LOOKUP(WebPAnimDecoderDelete);
  LB_LOOKUP(WebPDemuxInternal);
  LB_LOOKUP(WebPDemuxGetChunk);
  LB_LOOKUP(WebPDemuxReleaseChunkIterator);
  LB_LOOKUP(WebPDemuxDelete);
#undef LB_LOOKUP
  loaded = &table;
}

const struct lb_webp *lb_webp_load(void) {
  pthread_once(&once, load);
  return loaded;
}

const char *lb_webp_error(void) {
  pthread_once(&once, load);
  return loaded ? "" : failure;
}

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
