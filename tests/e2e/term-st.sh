#!/bin/sh
# The program in a real st, used as a person uses it (matrix-lib): st
# never answers a status query (Esc [ 5 n), but does the cursor's
# position, by which the frames are paced.
. tests/lib.sh
. tests/e2e/x-lib
. tests/e2e/matrix-lib
matrix st
finish
