#!/bin/sh
# The program in a real urxvt (rxvt-unicode), used as a person uses it
# (matrix-lib).
. tests/lib.sh
. tests/e2e/x-lib
. tests/e2e/matrix-lib
matrix urxvt
finish
