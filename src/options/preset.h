/*
 * preset.h: named sets of options.
 *
 * A preset is a list of options, by their long names, as a user would
 * give them: `--preset school` stands for those options, and every
 * option the user gives is laid over them (layers.c does the laying).
 * Preset 0 is "none", the defaults alone. Nothing here parses a value or
 * knows what an option means: the table is data, checked by the parser
 * when it is laid and by the tests.
 */
#ifndef BOIDS_PRESET_H
#define BOIDS_PRESET_H

#include <stddef.h>
#include <stdio.h>

#define PRESET_NONE 0

/* One option of a preset: a long name and its value (NULL for a flag). */
struct preset_option {
	const char *name;
	const char *value;
};

/* The presets, "none" first; NULL-terminated, for the parser's choice
 * of words and its messages. */
const char *const *preset_names(void);

/* How many presets there are, "none" included. */
int preset_count(void);

/* The preset of that name, or -1. */
int preset_find(const char *name);

/* Preset k's name and its options, ended by a NULL name. */
const char *preset_name(int k);
const struct preset_option *preset_options(int k);

/* The list `--preset list` prints: one line a preset, its name, what it
 * flies and the options it stands for. */
void preset_list(FILE *out);

#endif
