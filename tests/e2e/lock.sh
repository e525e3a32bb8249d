#!/bin/sh
# lock.sh: the man page's recipes for a clock on a lock screen, as the
# man page gives them, with the program found on PATH.
#
# tmux: a session inside the test's pane, its config the man page's
# lines, locked (lock-session, as lock-after-time would): the pane shows
# the clock, a key ends it, and the session is back. zsh: a shell whose
# ~/.zshrc is the man page's lines, its TMOUT cut to a second: idle at
# its prompt, it shows the clock; a key ends it, and the prompt is back.
. tests/lib.sh
. tests/e2e/tmux-lib
need zsh

mkdir "$work/bin" "$work/home"
ln -s "$BOIDS" "$work/bin/boids"
# recipe FIRST: the lines of the man page's example that begins FIRST.
recipe() {
	sed -n "/^$1/,/^\\.Ed/p" man/boids.6 | sed '$d' | sed 's/\\e/\\/g'
}
recipe 'set -g lock-command .boids --clock' >"$work/tmux.conf"
grep -q "lock-command 'boids --clock --screensaver'" "$work/tmux.conf" ||
	fail "no tmux recipe: $(cat "$work/tmux.conf")"
recipe 'TMOUT=300' >"$work/home/.zshrc"
grep -q '^TRAPALRM() { boids --clock --screensaver }$' \
    "$work/home/.zshrc" || fail "no zsh recipe: $(cat "$work/home/.zshrc")"
sed -i 's/^TMOUT=300$/TMOUT=1/' "$work/home/.zshrc"

# The clock's first frame: a boid drawn, no status line.
clock='[←↖↑↗→↘↓↙]'

# pane CMD: a new 80x24 pane running CMD in sh, the program on PATH and
# the clock set, so that its first frame is the same every time.
pane() {
	new_server
	LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=screen HOME=$work/home \
	    PATH=$work/bin:$PATH BOIDS_CLOCK=10:00 tm new-session -d \
	    -x 80 -y 24 "$1"
}

# tmux, locked, runs the clock in its client's terminal: the pane.
pane "env -u TMUX tmux -L inner -f $work/tmux.conf new-session \
    'echo INSIDE; exec sleep 60'"
wait_for INSIDE 10 || fail "tmux: no session: $(screen | head -n 3)"
TMUX= tmux -L inner lock-session || fail "tmux: lock-session: status $?"
wait_for "$clock" 10 || fail "tmux: no clock: $(screen | head -n 3)"
pane_lacks INSIDE || fail "tmux: the clock does not hide the session"
status_line | grep -q '[a-z]' && fail "tmux: a status line: $(status_line)"
sleep 1
keys x
wait_for INSIDE 10 || fail "tmux: a key did not end the clock: $(screen | head -n 3)"
TMUX= tmux -L inner kill-server

# zsh, idle at its prompt for TMOUT, runs the clock.
pane "zsh -d -i"
wait_for "$clock" 10 || fail "zsh: no clock: $(screen | head -n 3)"
status_line | grep -q '[a-z]' && fail "zsh: a status line: $(status_line)"
sleep 1
keys x
wait_for '[%#] *$' 10 || fail "zsh: no prompt after the clock: $(screen | tail -n 3)"

finish
