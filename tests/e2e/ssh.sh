#!/bin/sh
# Over a real SSH connection. The test starts its own sshd on 127.0.0.1
# with keys made for it alone, and in a tmux pane runs `ssh -t` to it,
# running the program there: it must draw a whole frame, answer keys, and
# end when the connection drops (the ssh client killed: sshd closes the
# pseudo-terminal under the program). The sshd is stopped at the end.
. tests/lib.sh
need ssh ssh-keygen
sshd=$(command -v sshd || echo /usr/sbin/sshd)
[ -x "$sshd" ] || { echo "missing tool: sshd" >&2; exit 1; }
. tests/e2e/tmux-lib
. tests/e2e/hostile-lib

dir=$work/ssh
mkdir -p "$dir"
chmod 700 "$dir"
sshd_pid=""
ssh_cleanup() {
	[ -n "$sshd_pid" ] && kill "$sshd_pid" 2>/dev/null
	hostile_cleanup
}
trap ssh_cleanup EXIT

ssh-keygen -q -t ed25519 -N '' -f "$dir/host" </dev/null ||
	fail "no host key"
ssh-keygen -q -t ed25519 -N '' -f "$dir/user" </dev/null || fail "no user key"
cp "$dir/user.pub" "$dir/authorized_keys"
chmod 600 "$dir/authorized_keys"
# sshd run as root wants its privilege separation directory.
[ "$(id -u)" -eq 0 ] && mkdir -p /run/sshd && chmod 755 /run/sshd

# A port nobody listens on: try a few.
port=""
for try in 1 2 3 4 5 6 7 8; do
	p=$(( 20000 + ($$ * 7 + try * 1013) % 40000 ))
	cat >"$dir/sshd_config" <<EOF
ListenAddress 127.0.0.1
Port $p
HostKey $dir/host
AuthorizedKeysFile $dir/authorized_keys
PidFile $dir/sshd.pid
StrictModes no
UsePAM no
PasswordAuthentication no
KbdInteractiveAuthentication no
PubkeyAuthentication yes
PermitRootLogin prohibit-password
PermitTTY yes
LogLevel VERBOSE
EOF
	"$sshd" -D -e -f "$dir/sshd_config" 2>"$dir/sshd.log" &
	sshd_pid=$!
	i=0
	while [ $i -lt 50 ] && ! grep -q 'Server listening' "$dir/sshd.log"; do
		alive "$sshd_pid" || break
		sleep 0.1
		i=$((i + 1))
	done
	if grep -q 'Server listening' "$dir/sshd.log"; then
		port=$p
		break
	fi
	kill "$sshd_pid" 2>/dev/null
	sshd_pid=""
done
[ -n "$port" ] || { fail "sshd would not start: $(tail -n 3 "$dir/sshd.log")"; finish; }

# A seed no other test uses names the program on the far side, whose
# environment is what the command sets: sshd passes on only TERM.
seed=8675309
wrap="" via="ssh -t -p $port -i $dir/user -o BatchMode=yes \
-o StrictHostKeyChecking=no -o UserKnownHostsFile=$dir/known_hosts \
-o LogLevel=ERROR $(id -un)@127.0.0.1 \
env ASAN_OPTIONS=detect_leaks=0 LC_ALL=C.UTF-8" \
    boids_start 80 24 "" --seed $seed --predators 1
frame 80 24 "over ssh"
# The program, a child of sshd's session: by its seed on the command line.
far=""
for p in /proc/[0-9]*; do
	tr '\0' ' ' <"$p/cmdline" 2>/dev/null | grep -q -- "--seed $seed " &&
	    grep -q "$(basename "$BOIDS")" "$p/cmdline" 2>/dev/null &&
	    ! tr '\0' ' ' <"$p/cmdline" | grep -q '^ssh ' &&
	    far=${p#/proc/}
done
[ -n "$far" ] || fail "the program is not running on the far side"
# ... under sshd, not under the pane's shell.
up=$far
for hop in 1 2 3 4; do
	up=$(awk '{ print $4 }' "/proc/$up/stat" 2>/dev/null)
	[ -n "$up" ] && grep -q '^sshd' "/proc/$up/comm" 2>/dev/null && break
done
grep -q '^sshd' "/proc/$up/comm" 2>/dev/null ||
	fail "the program is not under sshd: the test is blind"
started="$started $far"
keys s
wait_for SCATTER 3 || fail "s over ssh: no SCATTER: $(status_line)"
keys Tab +
wait_for 'sep 1.10' 3 || fail "Tab + over ssh: $(status_line)"

# The connection drops: the client dies without a word.
client=$(cat /proc/[0-9]*/stat 2>/dev/null |
    awk -v parent="$(cat "$work/sh.pid")" '$4 == parent && $2 == "(ssh)" { print $1; exit }')
if [ -n "$client" ]; then
	kill -KILL "$client"
else
	fail "no ssh client to kill"
fi
i=0
while [ -n "$far" ] && alive "$far" && [ $i -lt 60 ]; do
	sleep 0.05
	i=$((i + 1))
done
[ -n "$far" ] && alive "$far" &&
	fail "the program outlived its dropped connection by 3 s"
kill "$sshd_pid" 2>/dev/null
wait "$sshd_pid" 2>/dev/null
sshd_pid=""
finish
