/*
 * test_docs.c: --help and the man page against the option and key tables.
 *
 * The parser's table and the key table are the truth; this test reads
 * what --help prints and what man/boids.6 says and fails on any option or
 * key missing from either, and on any line of --help wider than 79
 * columns. Short letters are found by asking the parser about every
 * letter, so an option missing from --help cannot hide from the man page.
 * Run from the top of the repository.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "input.h"
#include "options.h"

#define MAN_PAGE "man/boids.6"
#define HELP_WIDTH 79

/* A whole stream, NUL-terminated; NULL when memory runs out. */
static char *
slurp(FILE *f)
{
	size_t len = 0, cap = 4096, got;
	char *buf = malloc(cap);

	if (!buf)
		return NULL;
	rewind(f);
	while ((got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += got;
		if (cap - len < 2) {
			char *more = realloc(buf, cap * 2);

			if (!more) {
				free(buf);
				return NULL;
			}
			buf = more;
			cap *= 2;
		}
	}
	buf[len] = '\0';
	return buf;
}

/* What options_parse prints for argv[1..] to out and to err. */
static enum options_result
run_parser(const char *arg, char **out, char **err)
{
	char *argv[3];
	struct options o;
	enum options_result r;
	FILE *fo = tmpfile(), *fe = tmpfile();

	argv[0] = (char *)"boids";
	argv[1] = (char *)arg;
	argv[2] = NULL;
	CHECK(fo != NULL && fe != NULL);
	if (!fo || !fe) {
		if (fo)
			fclose(fo);
		if (fe)
			fclose(fe);
		*out = *err = NULL;
		return OPTIONS_ERROR;
	}
	r = options_parse(&o, 2, argv, fo, fe);
	*out = slurp(fo);
	*err = slurp(fe);
	fclose(fo);
	fclose(fe);
	return r;
}

/* The text between ".Sh NAME" and the next section, or NULL. */
static char *
man_section(const char *man, const char *name)
{
	char head[64];
	const char *start, *end;
	char *sec;

	snprintf(head, sizeof head, "\n.Sh %s\n", name);
	start = strstr(man, head);
	if (!start)
		return NULL;
	start += strlen(head) - 1;
	end = strstr(start, "\n.Sh ");
	if (!end)
		end = start + strlen(start);
	sec = malloc((size_t)(end - start) + 2);
	if (!sec)
		return NULL;
	memcpy(sec, start, (size_t)(end - start));
	sec[end - start] = '\n';
	sec[end - start + 1] = '\0';
	return sec;
}

/* An option name as mdoc writes it: every '-' as "\-". */
static void
mdoc_name(char *buf, size_t len, const char *name)
{
	size_t k = 0;

	for (; *name && k + 3 < len; name++) {
		if (*name == '-')
			buf[k++] = '\\';
		buf[k++] = *name;
	}
	buf[k] = '\0';
}

/* Whether text holds a line that starts with head, followed by the end of
 * the line or a blank. */
static int
has_line(const char *text, const char *head)
{
	size_t n = strlen(head);
	const char *p = text;

	while ((p = strstr(p, head)) != NULL) {
		if ((p == text || p[-1] == '\n') &&
		    (p[n] == '\n' || p[n] == ' '))
			return 1;
		p += 1;
	}
	return 0;
}

/* Whether text holds word, not as the start of a longer word: what
 * follows is not a letter, a digit, a '-' or an mdoc escape. */
static int
has_word(const char *text, const char *word)
{
	size_t n = strlen(word);
	const char *p = text;

	while ((p = strstr(p, word)) != NULL) {
		if (!isalnum((unsigned char)p[n]) && p[n] != '-' &&
		    p[n] != '\\')
			return 1;
		p++;
	}
	return 0;
}

/* Whether s starts with word followed by a blank or the end of a line. */
static int
starts_word(const char *s, const char *word)
{
	size_t n = strlen(word);

	return strncmp(s, word, n) == 0 && (s[n] == ' ' || s[n] == '\n');
}

/* Whether OPTIONS gives the option an item of its own, ".It Fl \-name"
 * or ".It Fl c , Fl \-name", with name written as mdoc_name() does. */
static int
has_item(const char *options, const char *name)
{
	char word[96];
	const char *line = options;

	snprintf(word, sizeof word, "\\-%s", name);
	while (line) {
		if (strncmp(line, ".It Fl ", 7) == 0) {
			const char *p = line + 7;

			if (starts_word(p, word))
				return 1;
			if (isalnum((unsigned char)p[0]) &&
			    strncmp(p + 1, " , Fl ", 6) == 0 &&
			    starts_word(p + 7, word))
				return 1;
		}
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	return 0;
}

/* The long name --help pairs with -c, into buf; 0 when there is none. */
static int
help_pair(const char *help, int c, char *buf, size_t len)
{
	char head[8];
	const char *p;
	size_t n = 0;

	snprintf(head, sizeof head, "-%c, --", c);
	p = strstr(help, head);
	if (!p)
		return 0;
	p += strlen(head);
	while (n + 1 < len && (isalnum((unsigned char)p[n]) || p[n] == '-')) {
		buf[n] = p[n];
		n++;
	}
	buf[n] = '\0';
	return n > 0;
}

/* Columns of a line of UTF-8: bytes that start a character. */
static size_t
columns(const char *s, size_t len)
{
	size_t i, cols = 0;

	for (i = 0; i < len; i++)
		if (((unsigned char)s[i] & 0xC0) != 0x80)
			cols++;
	return cols;
}

static void
check_help_width(const char *help)
{
	const char *line = help;

	while (*line) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);

		CHECK(columns(line, len) <= HELP_WIDTH);
		if (columns(line, len) > HELP_WIDTH)
			fprintf(stderr, "  --help line of %zu columns: %.*s\n",
			    columns(line, len), (int)len, line);
		if (!nl)
			break;
		line = nl + 1;
	}
}

static void
check_long_names(const char *help, const char *options)
{
	const char *const *names = options_long_names();
	size_t i;

	CHECK(names[0] != NULL);
	for (i = 0; names[i]; i++) {
		char dashed[64], name[64];

		snprintf(dashed, sizeof dashed, "--%s", names[i]);
		CHECK(has_word(help, dashed));
		if (!has_word(help, dashed))
			fprintf(stderr, "  %s is not in --help\n", dashed);
		mdoc_name(name, sizeof name, names[i]);
		CHECK(has_item(options, name));
		if (!has_item(options, name))
			fprintf(stderr, "  no '.It Fl \\-%s' in the man page's "
			    "OPTIONS\n", name);
	}
}

/*
 * Every letter the parser knows must be in --help beside its long name,
 * and the man page's OPTIONS must hold ".It Fl c , Fl \-name".
 */
static void
check_short_letters(const char *help, const char *options)
{
	static const char letters[] =
	    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	const char *c;
	int found = 0;

	for (c = letters; *c; c++) {
		char arg[3] = { '-', *c, '\0' };
		char *out, *err, name[64], mdoc[96], head[128];
		int known;

		run_parser(arg, &out, &err);
		known = err && !strstr(err, "unknown option");
		free(out);
		free(err);
		if (!known)
			continue;
		found++;
		CHECK(help_pair(help, *c, name, sizeof name));
		if (!help_pair(help, *c, name, sizeof name)) {
			fprintf(stderr, "  -%c is not in --help\n", *c);
			continue;
		}
		mdoc_name(mdoc, sizeof mdoc, name);
		snprintf(head, sizeof head, ".It Fl %c , Fl \\-%s", *c, mdoc);
		CHECK(has_line(options, head));
		if (!has_line(options, head))
			fprintf(stderr, "  '%s' is not in the man page's "
			    "OPTIONS\n", head);
	}
	CHECK(found > 0);
}

/* A --help line: blanks, the keys, blanks, what they do. */
static int
help_has_key(const char *help, const struct input_help *k)
{
	size_t n = strlen(k->keys), w = strlen(k->what);
	const char *line = help;

	while (line) {
		const char *p = line;

		while (*p == ' ')
			p++;
		if (p > line && strncmp(p, k->keys, n) == 0 && p[n] == ' ') {
			p += n;
			while (*p == ' ')
				p++;
			if (strncmp(p, k->what, w) == 0 &&
			    (p[w] == '\n' || p[w] == '\0'))
				return 1;
		}
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	return 0;
}

static void
check_keys(const char *help, const char *keys)
{
	const struct input_help *lines;
	size_t i, n = input_help(&lines);

	CHECK(n > 0);
	for (i = 0; i < n; i++) {
		char head[128];

		CHECK(help_has_key(help, &lines[i]));
		if (!help_has_key(help, &lines[i]))
			fprintf(stderr, "  key '%s' (%s) is not in --help\n",
			    lines[i].keys, lines[i].what);
		snprintf(head, sizeof head, ".It %s", lines[i].keys);
		CHECK(has_line(keys, head));
		if (!has_line(keys, head))
			fprintf(stderr, "  '%s' is not in the man page's KEYS\n",
			    head);
	}
}

int
main(void)
{
	FILE *f;
	char *help, *err, *man, *options, *keys;

	CHECK_INT(run_parser("--help", &help, &err), OPTIONS_DONE);
	CHECK(help != NULL && err != NULL);
	CHECK(err != NULL && err[0] == '\0');
	f = fopen(MAN_PAGE, "r");
	CHECK(f != NULL);
	man = f ? slurp(f) : NULL;
	if (f)
		fclose(f);
	CHECK(man != NULL);
	if (!help || !man) {
		free(help);
		free(err);
		free(man);
		return check_exit("test_docs");
	}
	options = man_section(man, "OPTIONS");
	keys = man_section(man, "KEYS");
	CHECK(options != NULL);
	CHECK(keys != NULL);

	check_help_width(help);
	if (options) {
		check_long_names(help, options);
		check_short_letters(help, options);
	}
	if (keys)
		check_keys(help, keys);

	free(options);
	free(keys);
	free(man);
	free(help);
	free(err);
	return check_exit("test_docs");
}
