#!/bin/sh
# cross.sh CC QEMU TEST...: the unit tests TEST... built by the cross
# compiler CC for another processor and run there under the user-mode
# emulator QEMU: the engine's vector build for that processor (NEON on
# 64-bit ARM) must fly the scalar build's flight bit for bit, and the
# rules hold as they do here. Built with this Makefile in a copy of the
# tree under build/cross, so that this tree's own objects stay as they
# are; the C library (and its threads) comes from the system's directory
# for that processor. Run from the top of the repository.
cc=$1
qemu=$2
shift 2
dir=build/cross

if ! command -v "$cc" >/dev/null 2>&1 || ! command -v "$qemu" >/dev/null 2>&1
then
	printf 'FAIL  cross: %s or %s is not installed\n' "$cc" "$qemu"
	exit 1
fi
rm -rf "$dir" && mkdir -p "$dir" || exit 1
cp -R Makefile src tests "$dir"/ || exit 1
targets=""
for t in "$@"; do
	targets="$targets build/test/$t"
done
# shellcheck disable=SC2086
if ! make -s -C "$dir" CC="$cc" NATIVE=0 $targets >"$dir/make.log" 2>&1
then
	cat "$dir/make.log"
	printf 'FAIL  cross: cannot build the unit tests with %s\n' "$cc"
	exit 1
fi
status=0
for t in "$@"; do
	if "$qemu" "$dir/build/test/$t" >"$dir/$t.log" 2>&1; then
		printf 'ok    %s on %s (%s)\n' "$t" "${cc%-gcc}" \
		    "$(tail -n 1 "$dir/$t.log" | sed 's/^[^:]*: //')"
	else
		sed 's/^/      /' "$dir/$t.log"
		printf 'FAIL  %s on %s\n' "$t" "${cc%-gcc}"
		status=1
	fi
done
exit $status
