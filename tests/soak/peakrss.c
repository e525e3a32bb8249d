/*
 * peakrss.c: run a command and print its peak resident memory.
 *
 * peakrss FILE COMMAND [ARG]...: run the command as it is, then write its
 * peak resident set, in kilobytes as getrusage() counts them, to FILE.
 * The exit status is the command's (128 + n when a signal ended it), so
 * a failed run is never mistaken for a measurement.
 */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	struct rusage ru;
	FILE *out;
	pid_t pid;
	int status;

	if (argc < 3) {
		fprintf(stderr, "usage: peakrss FILE COMMAND [ARG]...\n");
		return 2;
	}
	pid = fork();
	if (pid < 0) {
		perror("peakrss: fork");
		return 2;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		perror("peakrss: exec");
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0 || getrusage(RUSAGE_CHILDREN, &ru)) {
		perror("peakrss: wait");
		return 2;
	}
	out = fopen(argv[1], "w");
	if (!out || fprintf(out, "%ld\n", ru.ru_maxrss) < 0 || fclose(out)) {
		perror("peakrss: write");
		return 2;
	}
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}
