// Loads FFmpeg's libraries on first use (see CFFmpeg.h for why they are not linked).
#include "CFFmpeg.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#define LB_STRING(x) #x
#define LB_SONAME(name, major) "lib" name ".so." LB_STRING(major)

static struct lb_ffmpeg table;
static const struct lb_ffmpeg *loaded;
static char failure[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/// The symbol `name` from any of `handles`, or NULL.
static void *lookup(void *handles[], int count, const char *name) {
  for (int i = 0; i < count; i++) {
    void *symbol = dlsym(handles[i], name);
    if (symbol) return symbol;
  }
  return NULL;
}

static void load(void) {
  const char *names[] = {
      LB_SONAME("avutil", LIBAVUTIL_VERSION_MAJOR),
      LB_SONAME("swscale", LIBSWSCALE_VERSION_MAJOR),
      LB_SONAME("avcodec", LIBAVCODEC_VERSION_MAJOR),
      LB_SONAME("avformat", LIBAVFORMAT_VERSION_MAJOR),
  };
  void *handles[4];
  for (int i = 0; i < 4; i++) {
    // RTLD_LOCAL: FFmpeg's symbols stay out of the process's global scope.
    handles[i] = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!handles[i]) {
      const char *reason = dlerror();
      snprintf(failure, sizeof failure, "%s", reason ? reason : names[i]);
      return;
    }
  }
#define LB_LOOKUP(name)                                                    \
  do {                                                                     \
    table.name = (__typeof__(name) *)lookup(handles, 4, #name);            \
    if (!table.name) {                                                     \
      snprintf(failure, sizeof failure, "FFmpeg has no function " #name);  \
      return;                                                              \
    }                                                                      \
  } while (0)
  LB_LOOKUP(av_display_rotation_get);
  LB_LOOKUP(av_find_best_stream);
  LB_LOOKUP(av_frame_alloc);
  LB_LOOKUP(av_frame_free);
  LB_LOOKUP(av_frame_unref);
  LB_LOOKUP(av_log_set_level);
  LB_LOOKUP(av_packet_alloc);
  LB_LOOKUP(av_packet_free);
  LB_LOOKUP(av_packet_unref);
  LB_LOOKUP(av_read_frame);
  LB_LOOKUP(av_seek_frame);
  LB_LOOKUP(av_stream_get_side_data);
  LB_LOOKUP(av_strerror);
  LB_LOOKUP(avcodec_alloc_context3);
  LB_LOOKUP(avcodec_flush_buffers);
  LB_LOOKUP(avcodec_free_context);
  LB_LOOKUP(avcodec_open2);
  LB_LOOKUP(avcodec_parameters_to_context);
  LB_LOOKUP(avcodec_receive_frame);
  LB_LOOKUP(avcodec_send_packet);
  LB_LOOKUP(avformat_alloc_context);
  LB_LOOKUP(avformat_close_input);
  LB_LOOKUP(avformat_find_stream_info);
  LB_LOOKUP(avformat_open_input);
  LB_LOOKUP(sws_freeContext);
  LB_LOOKUP(sws_getCoefficients);
  LB_LOOKUP(sws_getContext);
  LB_LOOKUP(sws_scale);
  LB_LOOKUP(sws_setColorspaceDetails);
#undef LB_LOOKUP
  loaded = &table;
}

const struct lb_ffmpeg *lb_ffmpeg_load(void) {
  pthread_once(&once, load);
  return loaded;
}

const char *lb_ffmpeg_error(void) {
  pthread_once(&once, load);
  return loaded ? "" : failure;
}
