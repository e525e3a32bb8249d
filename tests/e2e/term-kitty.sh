#!/bin/sh
# The program in a real kitty, used as a person uses it (matrix-lib):
# kitty draws with OpenGL, here in software.
. tests/lib.sh
. tests/e2e/x-lib
. tests/e2e/matrix-lib
matrix kitty
finish
