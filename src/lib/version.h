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
#define BOIDS_VERSION "1.0.0"

/* The build: name, version, the sources' checksum, the compiler and
 * what it was asked to do, on one line. */
const char *version_build(void);

#endif
