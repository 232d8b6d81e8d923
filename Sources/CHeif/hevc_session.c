// FFmpeg's HEVC decoder sessions and decoded frames' layouts (hevc_session.h).
#include "hevc_session.h"
#include <limits.h>
#include <string.h>

int lb_hevc_session_open(struct lb_hevc_session *session, int threads, const char **error) {
  memset(session, 0, sizeof *session);
  session->avcodec = lb_avcodec_load();
  if (!session->avcodec) {
    *error = "FFmpeg's decoders are not loaded";
    return -1;
  }
  const struct lb_avcodec *avcodec = session->avcodec;
  const AVCodec *codec = avcodec->avcodec_find_decoder(AV_CODEC_ID_HEVC);
  if (!codec) {
    *error = "FFmpeg has no HEVC decoder";
    return -1;
  }
  session->context = avcodec->avcodec_alloc_context3(codec);
  session->packet = avcodec->av_packet_alloc();
  session->frame = avcodec->av_frame_alloc();
  if (!session->context || !session->packet || !session->frame) {
    *error = "no memory";
    lb_hevc_session_close(session);
    return -1;
  }
  session->context->thread_count = threads < 1 ? 1 : threads;
  if (threads > 1) session->context->thread_type = FF_THREAD_FRAME;
  if (avcodec->avcodec_open2(session->context, codec, NULL) < 0) {
    *error = "FFmpeg's HEVC decoder did not open";
    lb_hevc_session_close(session);
    return -1;
  }
  return 0;
}

int lb_hevc_session_send(struct lb_hevc_session *session, const uint8_t *bytes, size_t count) {
  const struct lb_avcodec *avcodec = session->avcodec;
  if (!bytes) return avcodec->avcodec_send_packet(session->context, NULL);
  if (count == 0 || count > INT_MAX - AV_INPUT_BUFFER_PADDING_SIZE ||
      avcodec->av_new_packet(session->packet, (int)count) < 0) {
    return AVERROR(ENOMEM);
  }
  memcpy(session->packet->data, bytes, count);
  int status = avcodec->avcodec_send_packet(session->context, session->packet);
  avcodec->av_packet_unref(session->packet);
  return status;
}

void lb_hevc_session_close(struct lb_hevc_session *session) {
  const struct lb_avcodec *avcodec = session->avcodec;
  if (!avcodec) return;
  avcodec->av_frame_free(&session->frame);
  avcodec->av_packet_free(&session->packet);
  avcodec->avcodec_free_context(&session->context);
}

int lb_hevc_frame_picture(const AVFrame *frame, struct lb_ycbcr_picture *picture) {
  int shift_x = 1, shift_y = 1, depth = 8, mono = 0;
  int full = frame->color_range == AVCOL_RANGE_JPEG;
  switch (frame->format) {
  case AV_PIX_FMT_YUVJ420P: full = 1; break;
  case AV_PIX_FMT_YUV420P: break;
  case AV_PIX_FMT_YUV420P10LE: depth = 10; break;
  case AV_PIX_FMT_YUV420P12LE: depth = 12; break;
  case AV_PIX_FMT_YUVJ422P: full = 1; shift_y = 0; break;
  case AV_PIX_FMT_YUV422P: shift_y = 0; break;
  case AV_PIX_FMT_YUV422P10LE: shift_y = 0; depth = 10; break;
  case AV_PIX_FMT_YUV422P12LE: shift_y = 0; depth = 12; break;
  case AV_PIX_FMT_YUVJ444P: full = 1; shift_x = shift_y = 0; break;
  case AV_PIX_FMT_YUV444P: shift_x = shift_y = 0; break;
  case AV_PIX_FMT_YUV444P10LE: shift_x = shift_y = 0; depth = 10; break;
  case AV_PIX_FMT_YUV444P12LE: shift_x = shift_y = 0; depth = 12; break;
  case AV_PIX_FMT_GRAY8: mono = 1; break;
  case AV_PIX_FMT_GRAY10LE: mono = 1; depth = 10; break;
  case AV_PIX_FMT_GRAY12LE: mono = 1; depth = 12; break;
  default: return 0;
  }
  memset(picture, 0, sizeof *picture);
  picture->y = frame->data[0];
  picture->y_stride = (size_t)frame->linesize[0];
  if (!mono) {
    picture->cb = frame->data[1];
    picture->cr = frame->data[2];
    picture->cb_stride = (size_t)frame->linesize[1];
    picture->cr_stride = (size_t)frame->linesize[2];
  }
  picture->width = frame->width;
  picture->height = frame->height;
  picture->shift_x = mono ? 0 : shift_x;
  picture->shift_y = mono ? 0 : shift_y;
  picture->depth = depth;
  picture->full_range = full;
  return 1;
}
