# slurm-ci.sh -- throw-away Slurm cluster on localhost for CI.
# Usage (bash):   source slurm-ci.sh; trap slurm_ci_down EXIT; slurm_ci_up
# Env knobs:      NODES (3)  CPUS per node (2)  BASEPORT (16817)
# Needs (Debian 12):  apt-get install -y --no-install-recommends \
#                       slurmctld slurmd slurm-client munge

_slurm_ci_alive() {           # running and not a zombie
  local s
  s=$(ps -o stat= -p "$1" 2>/dev/null) || return 1
  case $s in Z*) return 1 ;; esac
}

slurm_ci_up() {
  local nodes=${NODES:-3} cpus=${CPUS:-2} port=${BASEPORT:-16817} d i n t0
  t0=$(date +%s%N)
  d=$(mktemp -d) || return 1
  chmod 755 "$d"                 # munged wants o+x on every dir above its socket
  mkdir -p "$d/munge" "$d/etc" "$d/state" "$d/log" "$d/spool"
  chmod 711 "$d/munge"
  for i in $(seq 1 "$nodes"); do mkdir -p "$d/spool/node$i"; done
  export SLURM_CI_DIR=$d SLURM_CONF=$d/etc/slurm.conf
  SLURM_CI_PIDS=""

  # 1. munge: private key + private socket, foreground so $! is the real PID
  mungekey -c -k "$d/munge/munge.key" || return 1
  munged -F -S "$d/munge/munge.socket" --key-file="$d/munge/munge.key" \
    --pid-file="$d/munge/munged.pid" --log-file="$d/munge/munged.log" \
    --seed-file="$d/munge/munged.seed" >"$d/log/munged.out" 2>&1 &
  SLURM_CI_PIDS="$!"
  for i in $(seq 1 50); do [ -S "$d/munge/munge.socket" ] && break; sleep 0.1; done

  # 2. slurm.conf
  cat >"$SLURM_CONF" <<EOF
ClusterName=ci
SlurmctldHost=localhost
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$d/munge/munge.socket
StateSaveLocation=$d/state
SlurmdSpoolDir=$d/spool/%n
SlurmctldPidFile=$d/slurmctld.pid
SlurmdPidFile=$d/slurmd-%n.pid
SlurmctldLogFile=$d/log/slurmctld.log
SlurmdLogFile=$d/log/slurmd-%n.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
SwitchType=switch/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MailProg=/bin/true
ReturnToService=2
SlurmdParameters=config_overrides
MinJobAge=5
EnforcePartLimits=ALL
SchedulerParameters=batch_sched_delay=0
NodeName=node[1-$nodes] NodeHostname=localhost NodeAddr=127.0.0.1 Port=[$((port + 10))-$((port + 9 + nodes))] CPUs=$cpus RealMemory=1000 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF

  # 3. controller + one slurmd per node, all in the foreground (-D)
  slurmctld -D >"$d/log/slurmctld.out" 2>&1 &
  SLURM_CI_PIDS="$SLURM_CI_PIDS $!"
  for i in $(seq 1 "$nodes"); do
    slurmd -D -N "node$i" >"$d/log/slurmd-node$i.out" 2>&1 &
    SLURM_CI_PIDS="$SLURM_CI_PIDS $!"
  done
  echo "$SLURM_CI_PIDS" >"$d/pids"
  export SLURM_CI_PIDS

  # 4. ready when every node is idle (30 s cap; fail fast if a daemon died)
  local deadline=$((SECONDS + 30)) p
  while [ "$SECONDS" -lt "$deadline" ]; do
    for p in $SLURM_CI_PIDS; do
      _slurm_ci_alive "$p" || { echo "slurm-ci: PID $p died" >&2; deadline=0; }
    done
    n=$(timeout 5 sinfo -h -N -t idle -o %N 2>/dev/null | sort -u | wc -l) || n=0
    if [ "$n" -eq "$nodes" ]; then
      echo "slurm-ci: $nodes nodes idle after $(( ($(date +%s%N) - t0) / 1000000 )) ms"
      return 0
    fi
    sleep 0.1
  done
  echo "slurm-ci: nodes did not come up" >&2
  timeout 5 sinfo -N -o '%N %t %E' >&2 || true
  tail -n 20 "$d"/log/*.log >&2 || true
  return 1
}

_slurm_ci_stop() {            # TERM the given PIDs, wait <= 10 s, then KILL
  local p i any
  for p in "$@"; do kill -TERM "$p" 2>/dev/null || true; done
  for i in $(seq 1 100); do
    any=0
    for p in "$@"; do _slurm_ci_alive "$p" && any=1; done
    [ "$any" = 0 ] && break
    sleep 0.1
  done
  for p in "$@"; do
    if _slurm_ci_alive "$p"; then kill -KILL "$p" 2>/dev/null || true; fi
    wait "$p" 2>/dev/null || true                 # reap if it is our child
  done
}

slurm_ci_down() {
  local i
  [ -n "${SLURM_CI_PIDS:-}" ] || return 0
  set -- $SLURM_CI_PIDS                           # munged slurmctld slurmd...
  # 1. cancel all jobs first, else slurmstepd + job processes outlive slurmd
  if _slurm_ci_alive "${2:-}"; then
    timeout 10 squeue -h -o %i 2>/dev/null | xargs -r timeout 10 scancel 2>/dev/null || true
    for i in $(seq 1 100); do                     # <= 20 s
      [ -z "$(timeout 5 squeue -h -o %i 2>/dev/null)" ] && break
      sleep 0.2
    done
  fi
  # 2. only our own PIDs: every slurmd, then slurmctld, then munged
  _slurm_ci_stop "${@:3}"
  _slurm_ci_stop ${2:-}
  _slurm_ci_stop "$1"
  SLURM_CI_PIDS=""
}
