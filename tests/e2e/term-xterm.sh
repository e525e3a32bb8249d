#!/bin/sh
# The program in a real xterm, used as a person uses it (matrix-lib).
# xterm.sh holds a click down in it too.
. tests/lib.sh
. tests/e2e/x-lib
. tests/e2e/matrix-lib
matrix xterm
finish
