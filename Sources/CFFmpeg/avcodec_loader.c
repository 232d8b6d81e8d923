// Loads FFmpeg's decoders alone, without libavformat (see struct lb_avcodec in CFFmpeg.h).
#include "CFFmpeg.h"

static struct lb_avcodec table;

static int lookup(struct lb_library *library) {
  LB_LIBRARY_FIND(library, table, av_frame_alloc);
  LB_LIBRARY_FIND(library, table, av_frame_free);
  LB_LIBRARY_FIND(library, table, av_frame_unref);
  LB_LIBRARY_FIND(library, table, av_log_set_level);
  LB_LIBRARY_FIND(library, table, av_new_packet);
  LB_LIBRARY_FIND(library, table, av_packet_unref);
  LB_LIBRARY_FIND(library, table, av_packet_alloc);
  LB_LIBRARY_FIND(library, table, av_packet_free);
  LB_LIBRARY_FIND(library, table, avcodec_alloc_context3);
  LB_LIBRARY_FIND(library, table, avcodec_find_decoder);
  LB_LIBRARY_FIND(library, table, avcodec_free_context);
  LB_LIBRARY_FIND(library, table, avcodec_open2);
  LB_LIBRARY_FIND(library, table, avcodec_receive_frame);
  LB_LIBRARY_FIND(library, table, avcodec_send_packet);
  return 0;
}

// The major versions of the headers Lightbox was built with, in dependency order.
static struct lb_library library =
    LB_LIBRARY("FFmpeg's decoders", lookup, LB_SONAME("avutil", LIBAVUTIL_VERSION_MAJOR),
               LB_SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR));

LB_LIBRARY_ENTRY_POINTS(avcodec, library, table)
