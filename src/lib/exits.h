/*
 * exits.h: the program's exit statuses, as sysexits.h names them.
 *
 * What a script that runs boids can tell apart: a bad command line, a
 * damaged record, a config file that cannot be read, no usable terminal,
 * and trouble (out of memory, or output that failed). boids(6) lists
 * them; --help does too.
 */
#ifndef BOIDS_EXITS_H
#define BOIDS_EXITS_H

#define EXIT_USAGE 64        /* bad command line */
#define EXIT_DATA 65         /* a damaged record file */
#define EXIT_NO_INPUT 66     /* a config file that cannot be read */
#define EXIT_NO_TERMINAL 69  /* no usable terminal */
#define EXIT_TROUBLE 1       /* out of memory, or output failed */

#endif
