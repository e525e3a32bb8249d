/*
 * test_docs.c: --help and the man page against the option and key tables.
 *
 * The parser's table and the key table are the truth; this test reads
 * what --help prints and what man/boids.6 says and fails on any option or
 * key missing from either, on a range or default the man page does not
 * state as --help does, and on any line of --help wider than 79 columns;
 * and on a CAVEATS section that does not say how mlterm shows braille.
 * Short letters are found by asking the parser about every letter, so an
 * option missing from --help cannot hide from the man page. Run from the
 * top of the repository.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "options/options.h"
#include "session/input.h"

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

/* What options_parse makes of "boids arg", and what it prints to out and
 * to err. */
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
	if (r == OPTIONS_HELP) {
		const struct help_line *keys;
		size_t n = input_help(&keys);

		options_print_help(fo, keys, n);
	}
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

/* The line after this one, or NULL at the end. */
static const char *
next_line(const char *line)
{
	const char *nl = strchr(line, '\n');

	return nl && nl[1] ? nl + 1 : NULL;
}

/* Whether text holds a line that starts with head, followed by a blank or
 * the end of the line. */
static int
has_line(const char *text, const char *head)
{
	const char *line;

	for (line = text; line; line = next_line(line))
		if (starts_word(line, head))
			return 1;
	return 0;
}

/* The item OPTIONS gives the option, ".It Fl \-name" or ".It Fl c , Fl
 * \-name" (name written as mdoc_name() does), up to the next item or the
 * end of the list; NULL when there is none. */
static const char *
find_item(const char *options, const char *name)
{
	char word[96];
	const char *line = options;

	snprintf(word, sizeof word, "\\-%s", name);
	while (line) {
		if (strncmp(line, ".It Fl ", 7) == 0) {
			const char *p = line + 7;

			if (starts_word(p, word))
				return line;
			if (isalnum((unsigned char)p[0]) &&
			    strncmp(p + 1, " , Fl ", 6) == 0 &&
			    starts_word(p + 7, word))
				return line;
		}
		line = next_line(line);
	}
	return NULL;
}

/* The text of an item as a reader sees it, near enough: "\-" is '-' and
 * "\&" nothing. Lines are joined with blanks. */
static char *
item_text(const char *item)
{
	const char *end = next_line(item), *p;
	char *text, *q;

	while (end && strncmp(end, ".It ", 4) != 0 && strncmp(end, ".El", 3) != 0)
		end = next_line(end);
	if (!end)
		end = item + strlen(item);
	text = malloc((size_t)(end - item) + 1);
	if (!text)
		return NULL;
	for (p = item, q = text; p < end; p++) {
		if (p[0] == '\\' && (p[1] == '-' || p[1] == '&')) {
			if (p[1] == '-')
				*q++ = '-';
			p++;
		} else
			*q++ = *p == '\n' ? ' ' : *p;
	}
	*q = '\0';
	return text;
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
	const char *line;

	for (line = help; line; line = next_line(line)) {
		size_t len = strcspn(line, "\n"), cols = columns(line, len);

		CHECK(cols <= HELP_WIDTH);
		if (cols > HELP_WIDTH)
			fprintf(stderr, "  --help line of %zu columns: %.*s\n",
			    cols, (int)len, line);
	}
}

static void
check_long_names(const char *help, const char *options)
{
	const char *const *names = optable_long_names();
	size_t i;

	CHECK(names[0] != NULL);
	for (i = 0; names[i]; i++) {
		char dashed[64], name[64];

		snprintf(dashed, sizeof dashed, "--%s", names[i]);
		CHECK(has_word(help, dashed));
		if (!has_word(help, dashed))
			fprintf(stderr, "  %s is not in --help\n", dashed);
		mdoc_name(name, sizeof name, names[i]);
		CHECK(find_item(options, name) != NULL);
		if (!find_item(options, name))
			fprintf(stderr, "  no '.It Fl \\-%s' in the man page's "
			    "OPTIONS\n", name);
	}
}

/* Whether a default reads as a value: digits, points, signs, commas, x. */
static int
is_value(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s) && !strchr(".,-x", *s))
			return 0;
	return 1;
}

/*
 * --help follows an option that takes a number with a line such as
 * "0 to 100, default 8" or "each -1 to 1, default 0,0". The man page's
 * item for that option must say "from 0 to 100" and "Default 8.".
 */
static void
check_ranges(const char *help, const char *options)
{
	const char *line;
	char name[64] = "";
	int found = 0;

	for (line = help; line; line = next_line(line)) {
		char lo[32], hi[32], def[32], mdoc[96], want[128];
		const char *item, *p = line;
		char *text;

		while (*p == ' ')
			p++;
		/* "  -r, --radius R" or "      --trace FILE" names an option;
		 * its range, if any, is on the next line, further in. */
		if (p - line <= 6 && (strncmp(p, "--", 2) == 0 ||
		    (p[0] == '-' && strncmp(p + 2, ", --", 4) == 0))) {
			p = strstr(p, "--") + 2;
			if (sscanf(p, "%63[a-z-]", name) != 1)
				name[0] = '\0';
			continue;
		}
		if (!name[0] || p - line <= 6)
			continue;
		if (strncmp(p, "each ", 5) == 0)
			p += 5;
		if (sscanf(p, "%31s to %31[^,], default %31[^\n]", lo, hi,
		    def) != 3)
			continue;
		found++;
		mdoc_name(mdoc, sizeof mdoc, name);
		item = find_item(options, mdoc);
		text = item ? item_text(item) : NULL;
		if (!text)
			continue;
		snprintf(want, sizeof want, "from %s to %s", lo, hi);
		CHECK(strstr(text, want) != NULL);
		if (!strstr(text, want))
			fprintf(stderr, "  --%s: the man page does not say '%s'\n",
			    name, want);
		snprintf(want, sizeof want, "Default %s.", def);
		CHECK(!is_value(def) || strstr(text, want));
		if (is_value(def) && !strstr(text, want))
			fprintf(stderr, "  --%s: the man page does not say '%s'\n",
			    name, want);
		free(text);
		name[0] = '\0';
	}
	CHECK(found > 10);
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
help_has_key(const char *help, const struct help_line *k)
{
	size_t n = strlen(k->keys), w = strlen(k->what);
	const char *line;

	for (line = help; line; line = next_line(line)) {
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
	}
	return 0;
}

static void
check_keys(const char *help, const char *keys)
{
	const struct help_line *lines;
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

/*
 * What a terminal that cannot show braille needs is said where a user
 * looks for it: mlterm takes no other font for a character its font
 * lacks, so the CAVEATS tell the setting that gives braille a font, and
 * the glyphs that need none.
 */
static void
check_caveats(const char *man)
{
	char *caveats = man_section(man, "CAVEATS");

	CHECK(caveats != NULL);
	if (!caveats)
		return;
	CHECK(strstr(caveats, ".Xr mlterm 1") != NULL);
	CHECK(strstr(caveats, "braille") != NULL);
	CHECK(strstr(caveats, "U+2800-28FF = ") != NULL);
	CHECK(strstr(caveats, ".Pa ~/.mlterm/aafont") != NULL);
	CHECK(strstr(caveats, "Fl \\-glyphs Cm arrows") != NULL);
	CHECK(strstr(caveats, "Fl A") != NULL);
	free(caveats);
}

int
main(void)
{
	FILE *f;
	char *help, *err, *man, *options, *keys;

	CHECK_INT(run_parser("--help", &help, &err), OPTIONS_HELP);
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
		check_ranges(help, options);
	}
	if (keys)
		check_keys(help, keys);
	check_caveats(man);

	free(options);
	free(keys);
	free(man);
	free(help);
	free(err);
	return check_exit("test_docs");
}
