// Loads FFmpeg's libraries on first use (see CFFmpeg.h for why they are not linked).
#include "CFFmpeg.h"

static struct lb_ffmpeg table;

static int lookup(struct lb_library *library) {
  LB_LIBRARY_FIND(library, table, av_display_rotation_get);
  LB_LIBRARY_FIND(library, table, av_find_best_stream);
  LB_LIBRARY_FIND(library, table, av_frame_alloc);
  LB_LIBRARY_FIND(library, table, av_frame_free);
  LB_LIBRARY_FIND(library, table, av_frame_unref);
  LB_LIBRARY_FIND(library, table, av_log_set_level);
  LB_LIBRARY_FIND(library, table, av_packet_alloc);
  LB_LIBRARY_FIND(library, table, av_packet_free);
  LB_LIBRARY_FIND(library, table, av_packet_unref);
  LB_LIBRARY_FIND(library, table, av_read_frame);
  LB_LIBRARY_FIND(library, table, av_seek_frame);
  LB_LIBRARY_FIND(library, table, av_stream_get_side_data);
  LB_LIBRARY_FIND(library, table, av_strerror);
  LB_LIBRARY_FIND(library, table, avcodec_alloc_context3);
  LB_LIBRARY_FIND(library, table, avcodec_flush_buffers);
  LB_LIBRARY_FIND(library, table, avcodec_free_context);
  LB_LIBRARY_FIND(library, table, avcodec_open2);
  LB_LIBRARY_FIND(library, table, avcodec_parameters_to_context);
  LB_LIBRARY_FIND(library, table, avcodec_receive_frame);
  LB_LIBRARY_FIND(library, table, avcodec_send_packet);
  LB_LIBRARY_FIND(library, table, avformat_alloc_context);
  LB_LIBRARY_FIND(library, table, avformat_close_input);
  LB_LIBRARY_FIND(library, table, avformat_find_stream_info);
  LB_LIBRARY_FIND(library, table, avformat_open_input);
  LB_LIBRARY_FIND(library, table, sws_freeContext);
  LB_LIBRARY_FIND(library, table, sws_getCoefficients);
  LB_LIBRARY_FIND(library, table, sws_getContext);
  LB_LIBRARY_FIND(library, table, sws_scale);
  LB_LIBRARY_FIND(library, table, sws_setColorspaceDetails);
  return 0;
}

// The major versions of the headers Lightbox was built with, in dependency order.
static struct lb_library library =
    LB_LIBRARY("FFmpeg", lookup, LB_SONAME("avutil", LIBAVUTIL_VERSION_MAJOR),
               LB_SONAME("swscale", LIBSWSCALE_VERSION_MAJOR),
               LB_SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR),
               LB_SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR));

LB_LIBRARY_ENTRY_POINTS(ffmpeg, library, table)
