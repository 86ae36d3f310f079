# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by the MPI tests. run_mpi RANKS ARGS... runs "$mpi" ARGS on RANKS ranks and ends it after
# ${mpi_timeout:-120} seconds, so that a hung job fails the test instead of the run.
# Shared memory only: the tests open no network connection (docs/scale-out.md says what a cluster
# opens). The single-copy mechanism (CMA) needs ptrace rights containers rarely grant.
run_mpi() {
    local ranks=$1
    shift
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 timeout "${mpi_timeout:-120}" \
        mpirun --allow-run-as-root --oversubscribe --bind-to none -np "$ranks" \
        --mca pml ob1 --mca btl self,vader --mca btl_vader_single_copy_mechanism none \
        --mca oob_tcp_if_include lo "$mpi" "$@"
}
