#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# #38: a rank that dies mid-search ends the whole job with a message naming it and a non-zero exit,
# never a hang of the ranks left waiting in the level's exchange.
# Usage: mpi_ends_when_a_rank_dies.sh QISCOUT_MPI TABLE WORK_FOLDER
set -u
mpi=$1
table=$2
work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }

# The wildcard semantics on every column of the table: a search of many seconds.
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
    mpirun --allow-run-as-root --oversubscribe --bind-to none -np 3 \
    --mca pml ob1 --mca btl self,vader --mca btl_vader_single_copy_mechanism none \
    --mca oob_tcp_if_include lo "$mpi" scan "$table" --missing-semantics wildcard --json out.json \
    > out.txt 2> err.txt &
launcher=$!

ranks=()
for _ in $(seq 100); do
    mapfile -t ranks < <(pgrep -P "$launcher")
    [[ ${#ranks[@]} -eq 3 ]] && break
    sleep 0.1
done
[[ ${#ranks[@]} -eq 3 ]] || { kill "$launcher"; fail "the three ranks did not start: $(cat err.txt)"; }
sleep 0.5
kill -9 "${ranks[1]}" || fail "the job ended before a rank could be killed (too short a search?)"

for _ in $(seq 600); do
    kill -0 "$launcher" 2> /dev/null || break
    sleep 0.1
done
if kill -0 "$launcher" 2> /dev/null; then
    kill "$launcher"
    fail "the job still runs 60 s after a rank died"
fi
wait "$launcher"
status=$?
[[ $status -ne 0 ]] || fail "exit 0 after a rank died"
grep -q "exited on signal 9" err.txt || fail "no message naming the dead rank: $(head -c 600 err.txt)"
[[ ! -e out.json ]] || fail "a JSON was written by a job that lost a rank"
echo "qiscout-mpi ends the job when a rank dies (exit $status)"
