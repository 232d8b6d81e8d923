// A HEIF grid's HEVC tiles decoded by FFmpeg's decoder and shrunk tile by tile (see
// lb_hevc_grid_reduce in CHeif.h).
#define _GNU_SOURCE
#include <sched.h>
#include "CHeif.h"
#include "hevc_session.h"
#include <stdio.h>
#include <string.h>

/// Adds the frame of tile `index` into the sums, after checking it has the first tile's
/// layout; 0, or -1 with `error` set.
static int add_tile(const struct lb_hevc_grid *grid, const AVFrame *frame, intptr_t index,
                    uint64_t *sums, struct lb_hevc_grid_format *format, char *error,
                    size_t error_size) {
  struct lb_ycbcr_picture picture;
  if (!lb_hevc_frame_picture(frame, &picture)) {
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
  snprintf(error, error_size, "FFmpeg's HEVC decoder gave more pictures than tiles");
  if (!lb_heif_hevc_ffmpeg_available()) {
    snprintf(error, error_size, "%s", lb_heif_hevc_error());
    return -1;
  }
  // Frame threads: the tiles are independent pictures, decoded side by side, one per core
  // the process may run on (up to 4).
  int threads = grid->threads;
  if (threads <= 0) {
    cpu_set_t set;
    threads = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 1;
  }
  struct lb_hevc_session session;
  const char *reason = NULL;
  if (lb_hevc_session_open(&session, threads > 4 ? 4 : threads, &reason) != 0) {
    snprintf(error, error_size, "%s", reason);
    return -1;
  }
  const struct lb_avcodec *avcodec = session.avcodec;
  int status = -1;
  intptr_t received = 0;
  for (intptr_t index = 0; index <= grid->count; index++) {
    // After the last tile, the end of the stream: the frames still in the threads come out.
    const uint8_t *tile = index < grid->count ? grid->streams[index] : NULL;
    if (lb_hevc_session_send(&session, tile, tile ? grid->sizes[index] : 0) < 0) {
      snprintf(error, error_size, "FFmpeg's HEVC decoder refused tile %ld", (long)index);
      goto done;
    }
    while (avcodec->avcodec_receive_frame(session.context, session.frame) == 0) {
      int added = received < grid->count &&
                  add_tile(grid, session.frame, received, sums, format, error, error_size) == 0;
      avcodec->av_frame_unref(session.frame);
      if (!added) goto done;
      received++;
    }
  }
  if (received == grid->count) {
    status = 0;
  } else {
    snprintf(error, error_size, "FFmpeg's HEVC decoder gave %ld of %ld tiles", (long)received,
             (long)grid->count);
  }
done:
  lb_hevc_session_close(&session);
  return status;
}
