/*
 * ledger.c: the options given, one entry for each, in the order first
 * given.
 *
 * A repeated option keeps its first place and takes its last value, as
 * the command line means it. Printed, the preset comes first, whatever
 * its place: its options go beneath all the others given (layers.c), and
 * a file or a command line read back must lay the same flight.
 */
#include <string.h>

#include "ledger.h"

/* The index of name's entry; l->n when it has none. */
static size_t
index_of(const struct ledger *l, const char *name)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->entry[i].name, name) == 0)
			break;
	return i;
}

const struct ledger_entry *
ledger_find(const struct ledger *l, const char *name)
{
	size_t i = index_of(l, name);

	return i < l->n ? &l->entry[i] : NULL;
}

struct ledger_entry *
ledger_note(struct ledger *l, const char *name, const char *value)
{
	size_t i = index_of(l, name);
	struct ledger_entry *e;

	if (i == LEDGER_MAX)
		return NULL;
	e = &l->entry[i];
	if (i == l->n) {
		memset(e, 0, sizeof *e);
		l->n++;
	}
	e->name = name;
	e->value = value;
	return e;
}

void
ledger_drop(struct ledger *l, const char *name)
{
	size_t i = index_of(l, name);

	if (i == l->n)
		return;
	l->n--;
	memmove(&l->entry[i], &l->entry[i + 1],
	    (l->n - i) * sizeof l->entry[0]);
}

void
ledger_order(const struct ledger *l, size_t *order)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		order[i] = i;
	/* Each option is given once: one preset at most. */
	for (i = 0; i < l->n; i++)
		if (strcmp(l->entry[i].name, "preset") == 0) {
			memmove(order + 1, order, i * sizeof *order);
			order[0] = i;
			break;
		}
}
