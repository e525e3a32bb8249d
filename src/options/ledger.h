/*
 * ledger.h: the ledger of options given: which options a run was given,
 * with what value, and by whom.
 *
 * A run's options are the defaults with the options given laid over
 * them (layers.h); the ledger keeps those given, by long name and as
 * the text they were given as, the last of each: from the command line
 * or a record's (a record is a command line kept), from the config file
 * (marked as such), or by a session's preset key. What was not given, a
 * preset's options included, is not in it. From the ledger a record
 * keeps its options, --print-config prints a file, the options are laid
 * down again over another preset, and the settings a session's keys
 * tuned are told (tuned.h keeps a ledger of its own for them).
 */
#ifndef BOIDS_LEDGER_H
#define BOIDS_LEDGER_H

#include <stddef.h>

#define LEDGER_MAX 64

struct ledger_entry {
	const char *name;        /* the option's long name */
	const char *value;       /* as given, not copied; NULL for a flag */
	int kept;                /* it shapes the flight: a record keeps it */
	int file;                /* the config file gave it (the command
	                            line may have given it again) */
};

struct ledger {
	struct ledger_entry entry[LEDGER_MAX];
	size_t n;
};

/* The entry of that long name, or NULL. */
const struct ledger_entry *ledger_find(const struct ledger *l,
    const char *name);

/* Note name as given with value: a new entry, or the one it had, which
 * keeps its place and its mark of the file; NULL when the ledger is
 * full. The strings are kept, not copied. */
struct ledger_entry *ledger_note(struct ledger *l, const char *name,
    const char *value);

/* Take name out of the ledger, the others keeping their order. */
void ledger_drop(struct ledger *l, const char *name);

/* The order in which the entries are printed, as a file or a command
 * line, as indexes into order (l->n of them): the preset first, then as
 * given. */
void ledger_order(const struct ledger *l, size_t *order);

#endif
