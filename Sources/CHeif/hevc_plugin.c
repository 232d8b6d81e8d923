// libheif's HEVC decoder plugin through FFmpeg's decoder (see lb_heif_hevc_use_ffmpeg in
// CHeif.h for why).
//
// libheif asks each registered plugin how much it wants a format before every image (tile,
// thumbnail, alpha plane) it decodes and takes the highest bid; libde265's bids 100. This one
// bids 200 while it is switched on and 0 otherwise, so switching it off gives libde265 back
// without unregistering (libheif 1.15 cannot). libheif pushes an image's parameter sets and
// its slices as NAL units behind 4-byte big-endian lengths (as libde265's plugin reads them);
// the plugin rewrites each length as an Annex B start code, the form FFmpeg's decoder reads
// without an hvcC, decodes the one picture single-threaded (libheif decodes a grid's tiles on
// its own threads) and hands libheif the planes with the bitstream's colour description, as
// libde265's plugin does.
#include "CHeif.h"
#include "hevc_session.h"
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// 1 while FFmpeg's decoder is chosen.
static atomic_int selected;
/// Pictures FFmpeg's decoder gave libheif, for tests.
static atomic_long pictures;
static pthread_once_t registration = PTHREAD_ONCE_INIT;
/// 0 registered, -1 not (`failure` says why).
static int registered = -1;
static char failure[300];
static const struct lb_heif *heif;
static const struct lb_avcodec *avcodec;

/// One image's bitstream, in Annex B form.
struct hevc_stream {
  uint8_t *bytes;
  size_t count;
  size_t capacity;
};

static struct heif_error result(enum heif_error_code code, enum heif_suberror_code sub,
                                const char *message) {
  struct heif_error error = {code, sub, message};
  return error;
}

static struct heif_error plugin_error(const char *message) {
  return result(heif_error_Decoder_plugin_error, heif_suberror_Unspecified, message);
}

static const char *plugin_name(void) { return "FFmpeg HEVC decoder (Lightbox)"; }

static int does_support_format(enum heif_compression_format format) {
  return format == heif_compression_HEVC && atomic_load(&selected) ? 200 : 0;
}

static struct heif_error new_decoder(void **decoder) {
  struct hevc_stream *stream = calloc(1, sizeof *stream);
  if (!stream) {
    return result(heif_error_Memory_allocation_error, heif_suberror_Unspecified, "no memory");
  }
  *decoder = stream;
  return result(heif_error_Ok, heif_suberror_Unspecified, "Success");
}

static void free_decoder(void *decoder) {
  struct hevc_stream *stream = decoder;
  free(stream->bytes);
  free(stream);
}

static void set_strict_decoding(void *decoder, int flag) {
  (void)decoder;
  (void)flag;
}

static struct heif_error push_data(void *decoder, const void *data, size_t size) {
  struct hevc_stream *stream = decoder;
  const uint8_t *bytes = data;
  if (size > SIZE_MAX / 2 - stream->count) return plugin_error("HEVC data too large");
  if (stream->count + size > stream->capacity) {
    size_t capacity = (stream->count + size) * 3 / 2 + 64;
    uint8_t *grown = realloc(stream->bytes, capacity);
    if (!grown) {
      return result(heif_error_Memory_allocation_error, heif_suberror_Unspecified, "no memory");
    }
    stream->bytes = grown;
    stream->capacity = capacity;
  }
  // Checked as libde265's plugin checks it: every length inside what was pushed.
  size_t at = 0;
  while (at < size) {
    if (size - at < 4) {
      return result(heif_error_Decoder_plugin_error, heif_suberror_End_of_data,
                    "HEVC NAL length cut short");
    }
    size_t length = (size_t)bytes[at] << 24 | (size_t)bytes[at + 1] << 16 |
                    (size_t)bytes[at + 2] << 8 | bytes[at + 3];
    if (length > size - at - 4) {
      return result(heif_error_Decoder_plugin_error, heif_suberror_End_of_data,
                    "HEVC NAL longer than its data");
    }
    static const uint8_t start_code[4] = {0, 0, 0, 1};
    memcpy(stream->bytes + stream->count, start_code, 4);
    memcpy(stream->bytes + stream->count + 4, bytes + at + 4, length);
    stream->count += 4 + length;
    at += 4 + length;
  }
  return result(heif_error_Ok, heif_suberror_Unspecified, "Success");
}

/// Copies the decoded frame into a new libheif image with the bitstream's colour description.
static struct heif_error picture(const AVFrame *frame, struct heif_image **out) {
  struct lb_ycbcr_picture planes;
  if (!lb_hevc_frame_picture(frame, &planes)) {
    return result(heif_error_Unsupported_feature, heif_suberror_Unsupported_color_conversion,
                  "HEVC pixel format FFmpeg's decoder gives and libheif does not take");
  }
  int mono = planes.cb == NULL;
  enum heif_chroma chroma = mono                ? heif_chroma_monochrome
                            : planes.shift_x == 0 ? heif_chroma_444
                            : planes.shift_y == 0 ? heif_chroma_422
                                                  : heif_chroma_420;
  struct heif_error error =
      heif->heif_image_create(frame->width, frame->height,
                              mono ? heif_colorspace_monochrome : heif_colorspace_YCbCr, chroma,
                              out);
  if (error.code) return error;
  static const enum heif_channel channels[3] = {heif_channel_Y, heif_channel_Cb,
                                                heif_channel_Cr};
  int bytes = planes.depth > 8 ? 2 : 1;
  for (int plane = 0; plane < (mono ? 1 : 3); plane++) {
    int shift_x = plane ? planes.shift_x : 0, shift_y = plane ? planes.shift_y : 0;
    int width = (frame->width + (1 << shift_x) - 1) >> shift_x;
    int height = (frame->height + (1 << shift_y) - 1) >> shift_y;
    error = heif->heif_image_add_plane(*out, channels[plane], width, height, planes.depth);
    if (error.code) {
      heif->heif_image_release(*out);
      *out = NULL;
      return error;
    }
    int stride = 0;
    uint8_t *target = heif->heif_image_get_plane(*out, channels[plane], &stride);
    for (int row = 0; row < height; row++) {
      memcpy(target + (size_t)row * stride,
             frame->data[plane] + (ptrdiff_t)row * frame->linesize[plane], (size_t)width * bytes);
    }
  }
  // The VUI's values (2, unspecified, where it has none), as libde265's plugin sets them;
  // libheif prefers the item's own nclx box when it has one.
  struct heif_color_profile_nclx *nclx = heif->heif_nclx_color_profile_alloc();
  if (nclx) {
    (void)heif->heif_nclx_color_profile_set_color_primaries(nclx, (uint16_t)frame->color_primaries);
    (void)heif->heif_nclx_color_profile_set_transfer_characteristics(nclx,
                                                                     (uint16_t)frame->color_trc);
    (void)heif->heif_nclx_color_profile_set_matrix_coefficients(nclx,
                                                                (uint16_t)frame->colorspace);
    nclx->full_range_flag = planes.full_range != 0;
    (void)heif->heif_image_set_nclx_color_profile(*out, nclx);
    heif->heif_nclx_color_profile_free(nclx);
  }
  return result(heif_error_Ok, heif_suberror_Unspecified, "Success");
}

static struct heif_error decode_image(void *decoder, struct heif_image **out) {
  struct hevc_stream *stream = decoder;
  *out = NULL;
  if (stream->count == 0) return plugin_error("no HEVC data");
  struct lb_hevc_session session;
  const char *reason = NULL;
  if (lb_hevc_session_open(&session, 1, &reason) != 0) return plugin_error(reason);
  struct heif_error error = plugin_error("FFmpeg's HEVC decoder gave no picture");
  if (lb_hevc_session_send(&session, stream->bytes, stream->count) < 0) {
    error = plugin_error("FFmpeg's HEVC decoder refused the data");
  } else {
    // End of stream: the one picture comes out now.
    (void)lb_hevc_session_send(&session, NULL, 0);
    if (session.avcodec->avcodec_receive_frame(session.context, session.frame) == 0) {
      error = picture(session.frame, out);
      if (!error.code) atomic_fetch_add(&pictures, 1);
    }
  }
  lb_hevc_session_close(&session);
  return error;
}

static const struct heif_decoder_plugin plugin = {
    .plugin_api_version = 3,
    .get_plugin_name = plugin_name,
    .init_plugin = NULL,
    .deinit_plugin = NULL,
    .does_support_format = does_support_format,
    .new_decoder = new_decoder,
    .free_decoder = free_decoder,
    .push_data = push_data,
    .decode_image = decode_image,
    .set_strict_decoding = set_strict_decoding,
    .id_name = "lightbox-ffmpeg",
};

static void register_plugin(void) {
  // The way back, should FFmpeg's decoder ever read a file wrongly (docs/guide.md).
  const char *choice = getenv("LIGHTBOX_HEVC_DECODER");
  if (choice && strcmp(choice, "libde265") == 0) {
    snprintf(failure, sizeof failure, "LIGHTBOX_HEVC_DECODER=libde265");
    return;
  }
  heif = lb_heif_load();
  if (!heif) {
    snprintf(failure, sizeof failure, "libheif: %s", lb_heif_error());
    return;
  }
  avcodec = lb_avcodec_load();
  if (!avcodec) {
    snprintf(failure, sizeof failure, "%s", lb_avcodec_error());
    return;
  }
  // A damaged tile is a one-line error from libheif, not FFmpeg's log on stderr.
  avcodec->av_log_set_level(AV_LOG_QUIET);
  struct heif_error error = heif->heif_register_decoder_plugin(&plugin);
  if (error.code) {
    snprintf(failure, sizeof failure, "libheif refused the plugin: %s",
             error.message ? error.message : "no reason");
    return;
  }
  registered = 0;
}

int lb_heif_hevc_ffmpeg_available(void) {
  pthread_once(&registration, register_plugin);
  return registered == 0;
}

int lb_heif_hevc_use_ffmpeg(int on) {
  if (!on) {
    atomic_store(&selected, 0);
    return 0;
  }
  if (!lb_heif_hevc_ffmpeg_available()) return -1;
  atomic_store(&selected, 1);
  return 0;
}

long lb_heif_hevc_ffmpeg_pictures(void) { return atomic_load(&pictures); }

const char *lb_heif_hevc_error(void) { return registered == 0 ? "" : failure; }
