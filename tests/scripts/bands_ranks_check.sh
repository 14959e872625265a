#!/bin/bash
# Several processes, one grid: a soup stepped by two ranks that each own half of its bands must
# give the same hash, population and written RLE as one process stepping all of them. With one
# GPU both ranks share it and halos cross through their TCP connections (--halos host); with two
# or more (MODE=nccl) each rank takes its own GPU and the halos go through NCCL.
# Usage: bands_ranks_check.sh GPULIFE OUTDIR [host|nccl]
set -u
gpulife=$1
out=$2
mode=${3:-host}
mkdir -p "$out"
export NCCL_NVLS_ENABLE=0

probe=$("$gpulife" run glider -g 1 --gpus 2 2>&1)
case "$probe" in
  *"no CUDA device"* | *"not in this build"* | *"needs CUDA"*) echo "skipped: no CUDA device"; exit 0 ;;
esac
if [ "$mode" = nccl ] && ! grep -q "on 2 GPU(s)" <<<"$probe"; then
  echo "skipped: fewer than 2 CUDA devices"
  exit 0
fi

args=(run --random 0.45 --seed 9 -s 4099x3001 -t torus -g 100 -p bands=6)
"$gpulife" "${args[@]}" --gpus 1 -o "$out/one.rle" >"$out/one.txt" 2>&1 || {
  cat "$out/one.txt"
  exit 1
}
if [ "$mode" = host ]; then
  ranks=(--halos host --local-rank 0)
  local1=(--halos host --local-rank 0)
else
  ranks=(--local-rank 0)
  local1=(--local-rank 1)
fi
rm -f "$out/meet"
"$gpulife" "${args[@]}" --ranks 2 --rank 1 "${local1[@]}" --rendezvous "file://$out/meet" \
  >"$out/rank1.txt" 2>&1 &
pid=$!
"$gpulife" "${args[@]}" --ranks 2 --rank 0 "${ranks[@]}" --rendezvous "file://$out/meet" \
  -o "$out/two.rle" >"$out/rank0.txt" 2>&1
rc0=$?
wait $pid
rc1=$?
if [ $rc0 -ne 0 ] || [ $rc1 -ne 0 ]; then
  echo "ranks exited with $rc0 and $rc1"
  cat "$out/rank0.txt" "$out/rank1.txt"
  exit 1
fi
cat "$out/rank0.txt"
for key in "generation:" "population:" "hash:"; do
  a=$(grep "^$key" "$out/one.txt")
  b=$(grep "^$key" "$out/rank0.txt")
  if [ -z "$a" ] || [ "$a" != "$b" ]; then
    echo "one process says \"$a\", two ranks say \"$b\""
    exit 1
  fi
done
grep -q "of 2 processes" "$out/rank0.txt" || { echo "rank 0 did not run as one of two"; exit 1; }
grep -q "^population:" "$out/rank1.txt" && { echo "rank 1 printed a report:"; cat "$out/rank1.txt"; exit 1; }
cmp "$out/one.rle" "$out/two.rle" || { echo "the RLE files differ"; exit 1; }
echo "two ranks ($mode halos) match one process: $(grep '^hash:' "$out/one.txt")"
