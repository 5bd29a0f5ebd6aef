#!/bin/sh
# gather.sh [NAMESPACE] - print the check report of every gpudoctor pod,
# one after another, for `gpudoctor fleet report -`:
#
#   sh contrib/kubernetes/gather.sh | gpudoctor fleet report -
#
# One `kubectl logs` per pod: with a label selector kubectl would keep only
# the last 10 lines of each log unless told --tail=-1, and would open at
# most 5 logs at once.  A pod that has not written its report yet gives
# broken JSON, which `fleet report` names and counts.
set -eu
ns=${1:-gpudoctor}
for pod in $(kubectl -n "$ns" get pods -l app.kubernetes.io/name=gpudoctor -o name); do
    kubectl -n "$ns" logs "$pod" || echo "gather.sh: no log from $pod" >&2
done
