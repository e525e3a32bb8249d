/*
 * options.h: the options read from the command line, and given elsewhere.
 *
 * The parser reads argv by the option table (optable.h): the command
 * line's, and a record's options, which are a command line kept. The
 * config file's lines and the presets' options go by long name through
 * options_put(), with the same checks, ranges and messages. What it
 * fills in is struct options (optable.h), each option given noted in its
 * ledger (ledger.h). Parsing never exits and never touches a terminal:
 * it reports what the caller should do.
 */
#ifndef BOIDS_OPTIONS_H
#define BOIDS_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

#include "lib/exits.h"
#include "optable.h"

enum options_result {
	OPTIONS_RUN,     /* go on and run */
	OPTIONS_HELP,    /* --help asked: options_print_help(); exit 0 */
	OPTIONS_DONE,    /* --version or a list printed; exit 0 */
	OPTIONS_ERROR,   /* message printed; exit EXIT_USAGE */
	OPTIONS_NO_MEMORY /* said so; exit EXIT_TROUBLE (options_replay) */
};

/* Parse argv into o. What it prints goes to out, errors to err. */
enum options_result options_parse(struct options *o, int argc, char **argv,
    FILE *out, FILE *err);

/* --help, with the numbers' defaults read from the defaults themselves,
 * and the keys (input.h's lines, which the layers above keep). */
void options_print_help(FILE *out, const struct help_line *keys,
    size_t nkeys);

/* Whether the run is headless: --headless, or a picture of the flight
 * (--gif, --png), which a terminal has no part in. */
int options_headless(const struct options *o);

/* The defaults, and nothing given. */
void options_clear(struct options *o);

/*
 * Put value (NULL for a flag) in option name's place in o, checked as
 * the command line checks it, and note it as given when give is set. 0,
 * or -1 when name is no option's whole long name, takes a value and has
 * none or the other way round, or the value is not one it takes. The
 * value is kept, not copied. The preset is not laid (layers.h does).
 */
int options_put(struct options *o, const char *name, const char *value,
    int give);

/*
 * The options of a replay of the record o->replay names (o as the
 * command line made it): the record's kept options (nkept of them, as
 * "--name=value"), then those of the command line (argc, argv), which
 * may only show the flight or keep it: an option that shapes the flight
 * is refused with a line on err, whether the record set it or left it at
 * its default, as is a world size, which the record gives. Returns an
 * options_parse() result.
 */
enum options_result options_replay(struct options *o, char **kept,
    size_t nkept, int argc, char **argv, FILE *err);

#endif
