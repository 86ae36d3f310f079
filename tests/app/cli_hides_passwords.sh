#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# #39 item 2: a connection string libpq cannot parse is an input error whose message keeps the
# host and leaves out the password, whichever piece libpq quotes. No server is needed: the parse
# fails first.
# Usage: cli_hides_passwords.sh QISCOUT_CLI
set -u
cli=$1
fail() { echo "FAIL: $*" >&2; exit 1; }

for location in 'postgresql://probe:pa%zzWrongPass@127.0.0.1:55432/probe' \
                'postgresql://probe:WrongPass@[::1:55432/probe' \
                'postgresql://probe@127.0.0.1:55432/probe?password=Wrong%zzPass' \
                'host=127.0.0.1 port=55432 password=WrongPass sslmode=nonsense'; do
    for command in info "scan --k 2"; do
        # shellcheck disable=SC2086
        output=$("$cli" $command "$location" 2>&1)
        status=$?
        [ "$status" -eq 3 ] || fail "$command $location exited with $status: $output"
        case "$output" in
            *Wrong*) fail "$command $location shows the password: $output" ;;
            *127.0.0.1* | *::1*) ;;
            *) fail "$command $location does not name the server: $output" ;;
        esac
    done
done
echo "connection errors never show the password"
