#!/bin/sh
# check every corpus file: headers, kind, split, URL
cd "$(dirname "$0")" 2>/dev/null || true
kinds="no_driver no_gpu driver_library_mismatch driver_too_old nouveau_loaded device_permissions stub_driver_on_path wsl_driver_issue env_hides_gpu multiple_cuda_conflict missing_cudart missing_cudnn missing_other_cuda_lib toolkit_version_mismatch cudnn_version_mismatch library_path_not_set pip_nvidia_libs_not_found gpu_arch_unsupported cpu_only_build windows_native_unsupported framework_plugin_mismatch apple_silicon broken_install harmless_noise out_of_memory container_toolkit_missing shm_too_small extension_build_mismatch wrong_environment other"
bad=0
for f in [0-9][0-9][0-9][0-9]-*.log; do
  for h in source framework os year cause note; do
    grep -q "^# $h: ." "$f" || { echo "$f: missing $h"; bad=1; }
  done
  grep -q '^# source: https://' "$f" || { echo "$f: source not a URL"; bad=1; }
  c=$(sed -n 's/^# cause: //p' "$f")
  echo " $kinds " | grep -q " $c " || { echo "$f: bad cause '$c'"; bad=1; }
  for a in $(sed -n 's/^# also: //p' "$f" | tr ',' ' '); do
    echo " $kinds " | grep -q " $a " || { echo "$f: bad also '$a'"; bad=1; }
  done
  o=$(sed -n 's/^# os: \([a-z0-9]*\).*/\1/p' "$f")
  echo " linux windows wsl2 macos container cluster " | grep -q " $o " || { echo "$f: bad os '$o'"; bad=1; }
  y=$(sed -n 's/^# year: //p' "$f")
  [ "$y" -ge 2016 ] 2>/dev/null && [ "$y" -le 2026 ] || { echo "$f: bad year '$y'"; bad=1; }
  sp=$(sed -n '1,/^---$/s/^# split: //p' "$f")
  [ "$sp" = train ] || [ "$sp" = heldout ] || { echo "$f: bad or missing split '$sp' (train or heldout, once)"; bad=1; }
  grep -qx -- '---' "$f" || { echo "$f: no --- separator"; bad=1; }
  [ "$(sed -n '/^---$/,$p' "$f" | wc -l)" -ge 2 ] || { echo "$f: empty log"; bad=1; }
done
dups=$(sed -n 's/^# source: //p' [0-9]*.log | sort | uniq -d)
[ -z "$dups" ] || { echo "duplicate sources: $dups"; bad=1; }
dupn=$(ls [0-9]*.log | cut -c1-4 | sort | uniq -d)
[ -z "$dupn" ] || { echo "duplicate numbers: $dupn"; bad=1; }
echo "files: $(ls [0-9]*.log | wc -l) (train $(grep -l '^# split: train$' [0-9]*.log | wc -l), heldout $(grep -l '^# split: heldout$' [0-9]*.log | wc -l)), problems: $bad"
exit $bad
