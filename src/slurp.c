/*
 * slurp.c: reading a small file whole, growing the buffer as it comes,
 * and giving up at the bound rather than at the end of the memory.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "slurp.h"

char *
slurp(FILE *f, size_t max, const char *magic, size_t *len)
{
	size_t cap = 4096, m = magic ? strlen(magic) : 0;
	char *buf = malloc(cap), *more;

	*len = 0;
	while (buf) {
		size_t got = fread(buf + *len, 1, cap - *len - 1, f);

		*len += got;
		if (got == 0)
			break;
		if (m > 0 && *len >= m && memcmp(buf, magic, m) != 0)
			break;
		if (cap - *len > 1)
			continue;
		more = cap > max ? NULL : realloc(buf, cap * 2);
		if (!more) {
			free(buf);
			errno = cap > max ? EFBIG : ENOMEM;
			return NULL;
		}
		buf = more;
		cap *= 2;
	}
	if (buf && ferror(f)) {
		free(buf);
		/* errno is what the read failed with */
		return NULL;
	}
	if (buf)
		buf[*len] = '\0';
	return buf;
}
