#!/bin/sh
# The program in a real mlterm, used as a person uses it (matrix-lib),
# under the type mlterm gives by default, xterm's of eight colours.
. tests/lib.sh
. tests/e2e/x-lib
. tests/e2e/matrix-lib
matrix mlterm
finish
