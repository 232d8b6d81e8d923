/* The decode-at-1/8 floor: TurboJPEG alone, N threads, each file read and decoded at the
 * smallest scale that still covers a SIDE×SIDE box (fast DCT and upsampling, RGBA out),
 * nothing else. Usage: floor SIDE THREADS FILE... ; prints wall seconds. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <turbojpeg.h>

static char **files;
static int count, side, next_index;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  (void)arg;
  tjhandle h = tjInitDecompress();
  int nf = 0;
  tjscalingfactor *sf = tjGetScalingFactors(&nf);
  for (;;) {
    pthread_mutex_lock(&lock);
    int i = next_index++;
    pthread_mutex_unlock(&lock);
    if (i >= count) break;
    FILE *f = fopen(files[i], "rb");
    if (!f) continue;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc(n);
    if (fread(buf, 1, n, f) != (size_t)n) { fclose(f); free(buf); continue; }
    fclose(f);
    int w, hgt, ss, cs;
    if (tjDecompressHeader3(h, buf, n, &w, &hgt, &ss, &cs) == 0) {
      /* Smallest factor whose output covers the box that the fitted image needs. */
      int need_w = w >= hgt ? side : (int)((long)side * w / hgt);
      int need_h = w >= hgt ? (int)((long)side * hgt / w) : side;
      int bw = w, bh = hgt;
      for (int k = 0; k < nf; k++) {
        int sw = TJSCALED(w, sf[k]), sh = TJSCALED(hgt, sf[k]);
        if (sw >= need_w && sh >= need_h && sw * sh < bw * bh) { bw = sw; bh = sh; }
      }
      unsigned char *out = malloc((size_t)bw * bh * 4);
      tjDecompress2(h, buf, n, out, bw, 0, bh, TJPF_RGBA, TJFLAG_FASTDCT | TJFLAG_FASTUPSAMPLE);
      free(out);
    }
    free(buf);
  }
  tjDestroy(h);
  return NULL;
}

int main(int argc, char **argv) {
  if (argc < 4) { fprintf(stderr, "usage: floor SIDE THREADS FILE...\n"); return 2; }
  side = atoi(argv[1]);
  int threads = atoi(argv[2]);
  files = argv + 3;
  count = argc - 3;
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  pthread_t t[64];
  if (threads > 64) threads = 64;
  for (int i = 0; i < threads; i++) pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < threads; i++) pthread_join(t[i], NULL);
  clock_gettime(CLOCK_MONOTONIC, &b);
  printf("%.4f\n", (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9);
  return 0;
}
