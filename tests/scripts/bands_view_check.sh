#!/bin/bash
# The viewer's banded path on the GPU: a grid in several bands, drawn from regions the display
# GPU gathers, must give the very pixels bit-multistep's whole-grid path gives, at every zoom
# (cells, counted cells, density levels) and after a paste into the visible region; and a run
# that steps and edits must still match the CPU engine (--verify).
# Usage: bands_view_check.sh GPULIFE OUTDIR
set -u
gpulife=$1
out=$2
mkdir -p "$out"
export NCCL_NVLS_ENABLE=0

probe=$("$gpulife" run glider -g 1 --gpus 1 2>&1)
case "$probe" in
  *"no CUDA device"* | *"not in this build"* | *"needs CUDA"*) echo "skipped: no CUDA device"; exit 0 ;;
esac

common=(view glider --headless --size 6000x4000 --random 0.3 --frames 3 --window 640x400
        --hide-panel --center 3000,2100)
for zoom in 6 1 0.4 0.05 0.004 0.0005; do
  for engine in bit-multistep bit-multistep-multi; do
    params=()
    [ $engine = bit-multistep-multi ] && params=(-p gpus=1,bands=5)
    if ! "$gpulife" "${common[@]}" --zoom $zoom --engine $engine "${params[@]}" \
      --paste gosper_glider_gun --paste-at 2990,2090 \
      --screenshot "$out/$engine-$zoom.png" >"$out/$engine-$zoom.txt" 2>&1; then
      cat "$out/$engine-$zoom.txt"
      exit 1
    fi
  done
  cmp "$out/bit-multistep-$zoom.png" "$out/bit-multistep-multi-$zoom.png" || {
    echo "zoom $zoom: the banded view differs from bit-multistep's"
    exit 1
  }
done
"$gpulife" view gosper_glider_gun --headless --size 4096 --random 0.2 --frames 60 --run \
  --engine bit-multistep-multi -p gpus=1,bands=4 --verify >"$out/verify.txt" 2>&1 || {
  cat "$out/verify.txt"
  exit 1
}
grep -q "verify: OK" "$out/verify.txt" || { cat "$out/verify.txt"; exit 1; }
grep "^summary" "$out/verify.txt"
echo "banded view: same pixels as bit-multistep at 6 zooms, verify OK"
