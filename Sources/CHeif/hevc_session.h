// FFmpeg's HEVC decoder as libheif's plugin (hevc_plugin.c) and the grid loop (hevc_grid.c)
// both use it: one session of decoder, packet and frame, and the planes' layout of a decoded
// frame. Private to CHeif.
#ifndef LIGHTBOX_HEVC_SESSION_H
#define LIGHTBOX_HEVC_SESSION_H
#include "CFFmpeg.h"
#include "ycbcr_kernels.h"

/// FFmpeg's HEVC decoder, a packet and a frame.
struct lb_hevc_session {
  const struct lb_avcodec *avcodec;
  AVCodecContext *context;
  AVPacket *packet;
  AVFrame *frame;
};

/// Opens FFmpeg's HEVC decoder with `threads` frame threads (1: none); 0, or -1 with the
/// reason in `*error` (the session is closed then).
int lb_hevc_session_open(struct lb_hevc_session *session, int threads, const char **error);

/// Sends `count` bytes of Annex B stream as one packet, or the end of the stream when `bytes`
/// is NULL; FFmpeg's status (negative: refused).
int lb_hevc_session_send(struct lb_hevc_session *session, const uint8_t *bytes, size_t count);

/// Frees what the session holds (safe on a session that did not open).
void lb_hevc_session_close(struct lb_hevc_session *session);

/// The planes of a decoded frame as a picture (Y, Cb, Cr or Y alone; `kr`, `kb` and `rgb`
/// left 0) and whether its samples span the full range; 0 when its pixel format is not one of
/// the planar YUV or gray formats an HEVC stream decodes to. FFmpeg 5.1 gives a full-range
/// 8-bit stream as the `YUVJ` formats (the same planes).
int lb_hevc_frame_picture(const AVFrame *frame, struct lb_ycbcr_picture *picture);

#endif
