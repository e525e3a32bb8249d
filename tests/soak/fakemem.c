/*
 * fakemem.c: a machine with less memory, for LD_PRELOAD.
 *
 * sysconf(_SC_PHYS_PAGES) answers FAKEMEM_MB megabytes' worth of pages
 * (default 256); every other question goes to the C library. With it the
 * check that boids makes before allocating a flock can be seen to refuse
 * on any machine.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <unistd.h>

long
sysconf(int name)
{
	static long (*real)(int);
	const char *mb;

	if (!real)
		real = (long (*)(int))dlsym(RTLD_NEXT, "sysconf");
	if (name == _SC_PHYS_PAGES) {
		long page = real(_SC_PAGESIZE);

		mb = getenv("FAKEMEM_MB");
		return (mb ? atol(mb) : 256) * (1024L * 1024L / page);
	}
	return real(name);
}
