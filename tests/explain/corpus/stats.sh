#!/bin/sh
# Counts of the corpus by framework family, split, year, setting and cause.
# Usage: sh tests/explain/corpus/stats.sh   (prints the tables in README.md)
cd "$(dirname "$0")" || exit 1
echo "files: $(ls [0-9]*.log | wc -l), with an 'also': $(grep -l '^# also:' [0-9]*.log | wc -l)"
echo "## framework"
awk -F': ' '/^# framework: /{f=tolower($2); fam="other";
  if (f ~ /jax/) fam="jax"; else if (f ~ /onnx/) fam="onnxruntime";
  else if (f ~ /cupy|chainer|cuml/) fam="cupy"; else if (f ~ /paddle/) fam="paddle";
  else if (f ~ /nccl/) fam="nccl"; else if (f ~ /tensorflow|tfjs|keras|deepfacelab/) fam="tensorflow";
  else if (f ~ /torch|flash-attn/) fam="pytorch";
  else if (f ~ /nvidia-smi|docker|container|podman|nvml|nvidia-settings|dkms|driver/) fam="nvidia driver/docker";
  print fam}' [0-9]*.log | sort | uniq -c | sort -rn
echo "## split"
sed -n 's/^# split: //p' [0-9]*.log | sort | uniq -c
echo "## year"
sed -n 's/^# year: //p' [0-9]*.log | sort | uniq -c
echo "## setting"
sed -n 's/^# os: \([a-z0-9]*\).*/\1/p' [0-9]*.log | sort | uniq -c | sort -rn
echo "## cause"
sed -n 's/^# cause: //p' [0-9]*.log | sort | uniq -c | sort -rn
