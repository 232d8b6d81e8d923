#ifndef LIGHTBOX_CFFMPEG_SHIM_H
#define LIGHTBOX_CFFMPEG_SHIM_H
#include "CLibraryLoader.h"
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

// An FFmpeg library's soname for the major version of its headers ("libavcodec.so.59").
#define LB_STRING(x) #x
#define LB_SONAME(name, major) "lib" name ".so." LB_STRING(major)

#pragma clang assume_nonnull begin

/// The FFmpeg functions Lightbox calls, looked up in libraries loaded on first use.
///
/// Linking FFmpeg made every start of Lightbox load 136 shared libraries (its codecs and
/// network protocols: librsvg, gnutls, srt, …) and resolve their symbols: ~50 ms before the
/// first byte, for a library only videos need, and only in the decode worker (DECISIONS.md,
/// 2026-11-26).
struct lb_ffmpeg {
  __typeof__(av_display_rotation_get) *_Nonnull av_display_rotation_get;
  __typeof__(av_find_best_stream) *_Nonnull av_find_best_stream;
  __typeof__(av_frame_alloc) *_Nonnull av_frame_alloc;
  __typeof__(av_frame_free) *_Nonnull av_frame_free;
  __typeof__(av_frame_unref) *_Nonnull av_frame_unref;
  __typeof__(av_log_set_level) *_Nonnull av_log_set_level;
  __typeof__(av_packet_alloc) *_Nonnull av_packet_alloc;
  __typeof__(av_packet_free) *_Nonnull av_packet_free;
  __typeof__(av_packet_unref) *_Nonnull av_packet_unref;
  __typeof__(av_read_frame) *_Nonnull av_read_frame;
  __typeof__(av_seek_frame) *_Nonnull av_seek_frame;
  __typeof__(av_stream_get_side_data) *_Nonnull av_stream_get_side_data;
  __typeof__(av_strerror) *_Nonnull av_strerror;
  __typeof__(avcodec_alloc_context3) *_Nonnull avcodec_alloc_context3;
  __typeof__(avcodec_flush_buffers) *_Nonnull avcodec_flush_buffers;
  __typeof__(avcodec_free_context) *_Nonnull avcodec_free_context;
  __typeof__(avcodec_open2) *_Nonnull avcodec_open2;
  __typeof__(avcodec_parameters_to_context) *_Nonnull avcodec_parameters_to_context;
  __typeof__(avcodec_receive_frame) *_Nonnull avcodec_receive_frame;
  __typeof__(avcodec_send_packet) *_Nonnull avcodec_send_packet;
  __typeof__(avformat_alloc_context) *_Nonnull avformat_alloc_context;
  __typeof__(avformat_close_input) *_Nonnull avformat_close_input;
  __typeof__(avformat_find_stream_info) *_Nonnull avformat_find_stream_info;
  __typeof__(avformat_open_input) *_Nonnull avformat_open_input;
  __typeof__(sws_freeContext) *_Nonnull sws_freeContext;
  __typeof__(sws_getCoefficients) *_Nonnull sws_getCoefficients;
  __typeof__(sws_getContext) *_Nonnull sws_getContext;
  __typeof__(sws_scale) *_Nonnull sws_scale;
  __typeof__(sws_setColorspaceDetails) *_Nonnull sws_setColorspaceDetails;
};

// lb_ffmpeg_load and lb_ffmpeg_error (CLibraryLoader.h).
LB_LIBRARY_DECLARE_ENTRY_POINTS(ffmpeg)

/// FFmpeg's decoders alone (libavutil and libavcodec), for libheif's HEVC decoder plugin
/// (CHeif): 13 ms to load where the whole of FFmpeg above takes 22 ms, libavformat's network
/// libraries being the difference.
struct lb_avcodec {
  __typeof__(av_frame_alloc) *_Nonnull av_frame_alloc;
  __typeof__(av_frame_free) *_Nonnull av_frame_free;
  __typeof__(av_frame_unref) *_Nonnull av_frame_unref;
  __typeof__(av_log_set_level) *_Nonnull av_log_set_level;
  __typeof__(av_new_packet) *_Nonnull av_new_packet;
  __typeof__(av_packet_unref) *_Nonnull av_packet_unref;
  __typeof__(av_packet_alloc) *_Nonnull av_packet_alloc;
  __typeof__(av_packet_free) *_Nonnull av_packet_free;
  __typeof__(avcodec_alloc_context3) *_Nonnull avcodec_alloc_context3;
  __typeof__(avcodec_find_decoder) *_Nonnull avcodec_find_decoder;
  __typeof__(avcodec_free_context) *_Nonnull avcodec_free_context;
  __typeof__(avcodec_open2) *_Nonnull avcodec_open2;
  __typeof__(avcodec_receive_frame) *_Nonnull avcodec_receive_frame;
  __typeof__(avcodec_send_packet) *_Nonnull avcodec_send_packet;
};

// lb_avcodec_load and lb_avcodec_error (CLibraryLoader.h).
LB_LIBRARY_DECLARE_ENTRY_POINTS(avcodec)

#pragma clang assume_nonnull end
#endif
