/*
 * layers.h: the options from each place that gives them, laid one over
 * another.
 *
 * Weakest first: the defaults, the preset, the config file's options,
 * the command line's. The preset goes beneath every option given,
 * wherever it stands on the line or in the file, so that
 * `boids -n 50 --preset murmuration` flies 50 boids; the command line's
 * preset beneath the file's options too. The options given are kept in
 * the ledger (ledger.h), by name, the last of each, so that laying them
 * down again over another preset is what a preset key does.
 */
#ifndef BOIDS_LAYERS_H
#define BOIDS_LAYERS_H

#include "options.h"

/* Lay o down again from what was given: the defaults, the preset given,
 * then every option given. The seed taken from the clock stays. */
void layers_resolve(struct options *o);

/* The options given in lower (a config file's) beneath those of o,
 * which win, and all laid down again; with shown_only, only those that
 * show a flight rather than shape it (a replay's record shapes it). */
void layers_beneath(struct options *o, const struct options *lower,
    int shown_only);

/* Preset k (preset.h) in place of the one given, if any, and all laid
 * down again. "none" over a config file's preset stays given, to
 * override it; else it is no option at all. */
void layers_use_preset(struct options *o, int k);

#endif
