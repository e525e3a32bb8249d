#!/usr/bin/env python3
"""wideterm.py: a program seen through a terminal of CJK habits.

    wideterm.py [--narrow] [--sync N] [--log FILE] PROGRAM [ARG...]

The program runs on a pseudo-terminal of the size of ours, and its
output reaches our terminal (tmux, in the tests) as it came, but for two
questions, which are answered here as a terminal that draws characters
of ambiguous width (arrows, box drawing, blocks, geometric shapes) two
cells wide would answer them, as xterm -cjk_width does:

- where the cursor is (CSI 6n): its row and column, followed through
  the cursor motions (CUP, CR, LF, BS) and the text written since,
  each character of ambiguous width two columns, one with --narrow;
- whether it has synchronized output (DECRQM, CSI ? 2026 $ p): with
  mode N's state (Ps) as --sync gives it, 2 (known, reset) by default,
  0 for a terminal without it.

Other answers (the status query's, CSI 5n) come from the terminal behind,
in their turn. FILE gets every byte the program wrote.
"""
import os
import pty
import re
import select
import signal
import sys
import termios
import fcntl

AMBIGUOUS = [(0x2190, 0x21FF), (0x2500, 0x257F), (0x2580, 0x259F),
             (0x25A0, 0x25FF)]


def ambiguous(ch):
    code = ord(ch)
    return any(lo <= code <= hi for lo, hi in AMBIGUOUS)


class Cursor:
    """Where a terminal's cursor is, as far as the simple motions go."""

    def __init__(self, wide):
        self.row, self.col, self.wide = 1, 1, wide

    def text(self, s):
        for ch in s:
            if ch == '\r':
                self.col = 1
            elif ch == '\n':
                self.row += 1
            elif ch == '\b':
                self.col = max(1, self.col - 1)
            elif ch >= ' ':
                self.col += 2 if self.wide and ambiguous(ch) else 1

    def move(self, params, final):
        nums = [int(p) if p else 0 for p in params.split(';')] if params \
            else []
        if final in 'Hf':
            self.row = nums[0] if len(nums) > 0 and nums[0] else 1
            self.col = nums[1] if len(nums) > 1 and nums[1] else 1
        elif final == 'd':
            self.row = nums[0] if nums and nums[0] else 1
        elif final == 'G':
            self.col = nums[0] if nums and nums[0] else 1


SEQ = re.compile(rb'\x1b\[([?]?)([0-9;]*)(\$?)([@-~])')
PART = re.compile(rb'\x1b(\[[?]?[0-9;]*\$?)?')


def main():
    args = sys.argv[1:]
    wide, sync, log = True, 2, None
    while args and args[0].startswith('--'):
        opt = args.pop(0)
        if opt == '--narrow':
            wide = False
        elif opt == '--sync':
            sync = int(args.pop(0))
        elif opt == '--log':
            log = open(args.pop(0), 'wb')
    cursor = Cursor(wide)
    size = fcntl.ioctl(0, termios.TIOCGWINSZ, b'\0' * 8)
    pid, master = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, size)
        os.execvp(args[0], args)
    saved = termios.tcgetattr(0)
    raw = termios.tcgetattr(0)
    raw[0] &= ~(termios.ICRNL | termios.IXON | termios.ISTRIP)
    raw[1] &= ~termios.OPOST
    raw[3] &= ~(termios.ECHO | termios.ICANON | termios.ISIG |
                termios.IEXTEN)
    termios.tcsetattr(0, termios.TCSANOW, raw)
    signal.signal(signal.SIGWINCH, lambda *_: fcntl.ioctl(
        master, termios.TIOCSWINSZ, fcntl.ioctl(0, termios.TIOCGWINSZ,
                                                b'\0' * 8)))
    held = b''
    try:
        while True:
            try:
                ready, _, _ = select.select([0, master], [], [])
            except InterruptedError:
                continue
            if 0 in ready:
                data = os.read(0, 4096)
                if not data:
                    break
                os.write(master, data)
            if master in ready:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    break
                if not data:
                    break
                if log:
                    log.write(data)
                    log.flush()
                data = held + data
                out, at = [], 0
                # A sequence cut off at the end waits for the rest.
                cut = data.rfind(b'\x1b')
                if cut >= 0 and PART.fullmatch(data, cut):
                    held, data = data[cut:], data[:cut]
                else:
                    held = b''
                for m in SEQ.finditer(data):
                    cursor.text(data[at:m.start()].decode('utf-8',
                                                          'replace'))
                    priv, params, dollar, final = (
                        g.decode() for g in m.groups())
                    if not priv and not dollar and final == 'n' and \
                            params == '6':
                        out.append(data[at:m.start()])
                        os.write(master, b'\x1b[%d;%dR' %
                                 (cursor.row, cursor.col))
                    elif priv and dollar and final == 'p' and \
                            params == '2026':
                        out.append(data[at:m.start()])
                        os.write(master, b'\x1b[?2026;%d$y' % sync)
                    else:
                        out.append(data[at:m.end()])
                        if not priv and not dollar:
                            cursor.move(params, final)
                    at = m.end()
                cursor.text(data[at:].decode('utf-8', 'replace'))
                out.append(data[at:])
                os.write(1, b''.join(out))
    finally:
        termios.tcsetattr(0, termios.TCSANOW, saved)
    _, status = os.waitpid(pid, 0)
    sys.exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else
             128 + os.WTERMSIG(status))


if __name__ == '__main__':
    main()
