/*
 * memory.c: the machine's memory, as sysconf() tells it, and the room
 * left in the process's own.
 *
 * A quarter is left for everything else: the system, the terminal, and
 * the buffers that grow with the screen.
 */
#include <stdlib.h>
#include <unistd.h>

#include "memory.h"

double
memory_machine(void)
{
	return (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
}

int
memory_fits(double need)
{
	double have = memory_machine();

	return !(have > 0 && need > have * 0.75);
}

/* An allocation taken and given back: what it proves free (address
 * space, under a limit such as ulimit -v) is there for the next ones. */
int
memory_headroom(size_t bytes)
{
	void *p = malloc(bytes);
	int there = p != NULL;

	free(p);
	return there;
}
