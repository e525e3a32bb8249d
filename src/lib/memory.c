/*
 * memory.c: the machine's memory, as sysconf() tells it.
 *
 * A quarter is left for everything else: the system, the terminal, and
 * the buffers that grow with the screen.
 */
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
