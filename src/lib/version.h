/*
 * version.h: what the program is called, its version, and the build.
 *
 * Messages start with the name, --version prints all three, and a record
 * names the build that flew it, since another build may fly the same
 * seed and inputs another way.
 */
#ifndef BOIDS_VERSION_H
#define BOIDS_VERSION_H

#define BOIDS_NAME "boids"

/* The release, "1.1.0": the file VERSION's, which the Makefile passes
 * to version.c alone, so that a new one rebuilds nothing else. */
const char *version_number(void);

/* The build: name, version, the sources' checksum, the compiler and
 * what it was asked to do, on one line. */
const char *version_build(void);

#endif
