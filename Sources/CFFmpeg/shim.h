#ifndef LIGHTBOX_CFFMPEG_SHIM_H
#define LIGHTBOX_CFFMPEG_SHIM_H
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>

// Macros Swift cannot import (function-like or built from other macros).
static inline int lightbox_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int lightbox_averror_eof(void) { return AVERROR_EOF; }
static inline int64_t lightbox_av_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline int lightbox_av_time_base(void) { return AV_TIME_BASE; }
static inline int lightbox_averror_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
#endif
