/*
 * version.c: the release and the build's identity.
 *
 * The release is the file VERSION's, which the Makefile passes in.
 *
 * The flock is chaotic: a program that rounds one sum differently flies
 * another flight within seconds. What decides the rounding is the
 * source, the compiler, the vector instructions it may use, whether it
 * optimises and whether the loops are threaded; the build line names
 * each, so that a record is flown again only by a build that flies it
 * the same way.
 */
#include "version.h"

/* The release and the source's checksum, when the build says (the
 * Makefile does, from the file VERSION and the sources). */
#ifndef BOIDS_VERSION
#define BOIDS_VERSION "unknown"
#endif
#ifndef BOIDS_SOURCE
#define BOIDS_SOURCE "unknown"
#endif

#if defined(__clang__)
#define BUILD_CC "clang " __clang_version__
#elif defined(__GNUC__)
#define BUILD_CC "gcc " __VERSION__
#else
#define BUILD_CC "cc"
#endif

#if defined(__SANITIZE_ADDRESS__)
#define BUILD_ASAN " asan"
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BUILD_ASAN " asan"
#endif
#endif
#ifndef BUILD_ASAN
#define BUILD_ASAN ""
#endif

const char *
version_number(void)
{
	return BOIDS_VERSION;
}

const char *
version_build(void)
{
	return BOIDS_NAME "-" BOIDS_VERSION " src-" BOIDS_SOURCE " " BUILD_CC
#if defined(__x86_64__)
	    " x86_64"
#elif defined(__aarch64__)
	    " aarch64"
#endif
#if defined(__AVX512F__)
	    " avx512f"
#endif
#if defined(__AVX2__)
	    " avx2"
#endif
#if defined(__FMA__)
	    " fma"
#endif
#if defined(__OPTIMIZE__)
	    " opt"
#endif
#if defined(__FAST_MATH__)
	    " fast-math"
#endif
#if defined(BOIDS_THREADS)
	    " threads"
#endif
	    BUILD_ASAN;
}
