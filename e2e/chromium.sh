#!/bin/sh
# Debian's Chromium for Playwright, without the right to raise its own priority.
# Run as root, Chromium gives its browser and GPU (software compositing) processes nice -8, above the server
# under test: on a 2-core machine the server then waits behind the compositor and a sign-in can take 15 s.
# Dropping CAP_SYS_NICE makes that setpriority fail (Chromium carries on at nice 0). Not root: nothing to drop.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
  exec setpriv --bounding-set -sys_nice --inh-caps -sys_nice /usr/bin/chromium "$@"
fi
exec /usr/bin/chromium "$@"
