#!/bin/sh
# lint-size.sh DIR [MOST]: every C file under DIR is at most MOST lines
# (800 unless told). A file that grows past it has taken on a second
# job; the check names each such file with its length and fails.
dir=${1:?usage: lint-size.sh DIR [MOST]}
most=${2:-800}
long=$(find "$dir" -name '*.[ch]' -exec wc -l {} + |
    awk -v most="$most" '$2 != "total" && $1 > most { print $2 ": " $1 " lines, over " most }')
[ -z "$long" ] && exit 0
printf '%s\n' "$long" >&2
exit 1
