// A HEIF grid's HEVC tiles decoded by FFmpeg's decoder and shrunk tile by tile (see
// lb_hevc_grid_reduce in CHeif.h).
#define _GNU_SOURCE
#include <sched.h>
#include "CHeif.h"
#include "CFFmpeg.h"
#include <stdio.h>
#include <string.h>

/// The planes of a decoded frame as a picture, or 0 when its pixel format is not one of the
/// planar YUV or gray formats an HEVC stream decodes to.
static int frame_picture(const AVFrame *frame, struct lb_ycbcr_picture *picture, int *full) {
  int shift_x = 1, shift_y = 1, depth = 8, mono = 0;
  *full = frame->color_range == AVCOL_RANGE_JPEG;
  switch (frame->format) {
  case AV_PIX_FMT_YUVJ420P: *full = 1; break;
  case AV_PIX_FMT_YUV420P: break;
  case AV_PIX_FMT_YUV420P10LE: depth = 10; break;
  case AV_PIX_FMT_YUV420P12LE: depth = 12; break;
  case AV_PIX_FMT_YUVJ422P: *full = 1; shift_y = 0; break;
  case AV_PIX_FMT_YUV422P: shift_y = 0; break;
  case AV_PIX_FMT_YUV422P10LE: shift_y = 0; depth = 10; break;
  case AV_PIX_FMT_YUV422P12LE: shift_y = 0; depth = 12; break;
  case AV_PIX_FMT_YUVJ444P: *full = 1; shift_x = shift_y = 0; break;
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
  return 1;
}

/// Adds the frame of tile `index` into the sums, after checking it has the first tile's
/// layout; 0, or -1 with `error` set.
static int add_tile(const struct lb_hevc_grid *grid, const AVFrame *frame, intptr_t index,
                    uint64_t *sums, struct lb_hevc_grid_format *format, char *error,
                    size_t error_size) {
  struct lb_ycbcr_picture picture;
  int full = 0;
  if (!frame_picture(frame, &picture, &full)) {
    snprintf(error, error_size, "HEVC tile in a pixel format Lightbox does not shrink");
    return -1;
  }
  if (index == 0) {
    // The tiles must cover the grid's output, or part of the picture would be left black.
    const intptr_t rows = (grid->count + grid->columns - 1) / grid->columns;
    if ((intptr_t)frame->width * grid->columns < grid->width ||
        (intptr_t)frame->height * rows < grid->height) {
      snprintf(error, error_size, "HEVC tiles that do not cover their grid");
      return -1;
    }
    format->picture = picture;
    format->full_range = full;
    format->matrix = frame->colorspace;
    format->tile_width = frame->width;
    format->tile_height = frame->height;
  } else if (picture.depth != format->picture.depth ||
             picture.shift_x != format->picture.shift_x ||
             picture.shift_y != format->picture.shift_y ||
             (picture.cb == NULL) != (format->picture.cb == NULL) ||
             frame->width != format->tile_width || frame->height != format->tile_height) {
    snprintf(error, error_size, "HEVC tiles of different layouts in one grid");
    return -1;
  }
  // Tiles fill the grid row by row; the region starts at (grid->left, grid->top).
  intptr_t left = (index % grid->columns) * frame->width - grid->left;
  intptr_t top = (index / grid->columns) * frame->height - grid->top;
  // Past the grid's output size the tiles are cut away: keep the picture inside it.
  intptr_t visible_width = grid->width - (index % grid->columns) * frame->width;
  intptr_t visible_height = grid->height - (index / grid->columns) * frame->height;
  if (visible_width <= 0 || visible_height <= 0) return 0;
  if (picture.width > visible_width) picture.width = visible_width;
  if (picture.height > visible_height) picture.height = visible_height;
  lb_ycbcr_accumulate(&picture, left, top, grid->factor, grid->out_columns, grid->out_rows,
                      sums);
  return 0;
}

int lb_hevc_grid_reduce(const struct lb_hevc_grid *grid, uint64_t *sums,
                        struct lb_hevc_grid_format *format, char *error, size_t error_size) {
  snprintf(error, error_size, "FFmpeg's HEVC decoder gave no picture");
  if (!lb_heif_hevc_ffmpeg_available()) {
    snprintf(error, error_size, "%s", lb_heif_hevc_error());
    return -1;
  }
  const struct lb_avcodec *avcodec = lb_avcodec_load();
  if (!avcodec) return -1;
  const AVCodec *codec = avcodec->avcodec_find_decoder(AV_CODEC_ID_HEVC);
  if (!codec) return -1;
  AVCodecContext *context = avcodec->avcodec_alloc_context3(codec);
  AVPacket *packet = avcodec->av_packet_alloc();
  AVFrame *frame = avcodec->av_frame_alloc();
  int status = -1;
  intptr_t received = 0;
  if (!context || !packet || !frame) {
    snprintf(error, error_size, "out of memory");
    goto done;
  }
  // Frame threads: the tiles are independent pictures, decoded side by side, one per core
  // the process may run on (up to 4).
  int threads = grid->threads;
  if (threads <= 0) {
    cpu_set_t set;
    threads = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 1;
  }
  context->thread_count = threads < 1 ? 1 : threads > 4 ? 4 : threads;
  context->thread_type = FF_THREAD_FRAME;
  if (avcodec->avcodec_open2(context, codec, NULL) < 0) {
    snprintf(error, error_size, "FFmpeg's HEVC decoder did not open");
    goto done;
  }
  for (intptr_t index = 0; index <= grid->count; index++) {
    int sent;
    if (index < grid->count) {
      if (grid->sizes[index] == 0 || grid->sizes[index] > INT32_MAX / 2 ||
          avcodec->av_new_packet(packet, (int)grid->sizes[index]) < 0) {
        snprintf(error, error_size, "HEVC tile too large");
        goto done;
      }
      memcpy(packet->data, grid->streams[index], grid->sizes[index]);
      sent = avcodec->avcodec_send_packet(context, packet);
      avcodec->av_packet_unref(packet);
    } else {
      sent = avcodec->avcodec_send_packet(context, NULL);  // End of stream: drain.
    }
    if (sent < 0) {
      snprintf(error, error_size, "FFmpeg's HEVC decoder refused tile %ld", (long)index);
      goto done;
    }
    while (avcodec->avcodec_receive_frame(context, frame) == 0) {
      if (received >= grid->count ||
          add_tile(grid, frame, received, sums, format, error, error_size) != 0) {
        avcodec->av_frame_unref(frame);
        goto done;
      }
      received++;
      avcodec->av_frame_unref(frame);
    }
  }
  if (received == grid->count) {
    status = 0;
  } else {
    snprintf(error, error_size, "FFmpeg's HEVC decoder gave %ld of %ld tiles", (long)received,
             (long)grid->count);
  }
done:
  avcodec->av_frame_free(&frame);
  avcodec->av_packet_free(&packet);
  avcodec->avcodec_free_context(&context);
  return status;
}
