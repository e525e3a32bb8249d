/*
 * config.h: the config file, read and printed, never written.
 *
 * The file holds options as the command line names them, one a line:
 *
 *     # a comment, to the end of the line
 *     count = 500
 *     preset = murmuration
 *     perch                      (a flag: its name alone)
 *
 * Each value is checked with the command line's own ranges and messages,
 * a bad line reported as "boids: FILE:LINE: ..."; the command line's
 * options win over the file's. The file is $XDG_CONFIG_HOME/boids/config
 * (~/.config/boids/config without it), or --config's, or none with
 * --no-config; a default file that is not there is no file.
 */
#ifndef BOIDS_CONFIG_H
#define BOIDS_CONFIG_H

#include <stdio.h>

#include "options.h"

/* The longest line, and the largest file, that a config file may have. */
#define CONFIG_MAX_LINE 1024
#define CONFIG_MAX_FILE (1024L * 1024)

struct config {
	char *path;              /* the file read, or NULL for none */
	char *text;              /* its lines, which the options point into */
	struct options options;  /* what it gives: the ledger alone matters */
};

/*
 * Read and check the config file that o (the command line's options)
 * names, into c: 0, or an exit status after one message on err:
 * EXIT_USAGE for a bad line or for both --config and --no-config,
 * EXIT_NO_INPUT for a file that cannot be read. c is empty when there
 * is no file, and must be freed either way.
 */
int config_read(struct config *c, const struct options *o, FILE *err);

void config_free(struct config *c);

/* The file's options, for layers_beneath(). */
const struct options *config_options(const struct config *c);

/* Where the default file is, into buf: "" when there is no home to
 * look in. */
void config_default_path(char *buf, size_t len);

/* An option as a line of the file: "name = value", or a flag's name. */
void config_line(char *buf, size_t len, const char *name,
    const char *value);

/* --print-config: the options given that a file may hold, as a file
 * whose options lay down the same flight (the preset first); -1 when
 * out could not be written. */
int config_print(const struct options *o, FILE *out);

#endif
