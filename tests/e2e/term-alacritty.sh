#!/bin/sh
# The program in a real alacritty, used as a person uses it
# (matrix-lib): where the X server sends a notch of the wheel as a
# button pressed and released, as the virtual one does, alacritty takes
# each for a notch and reports it twice, a few milliseconds apart; one
# notch must still zoom one step.
. tests/lib.sh
. tests/e2e/x-lib
. tests/e2e/matrix-lib
matrix alacritty
finish
