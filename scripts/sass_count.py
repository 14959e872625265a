#!/usr/bin/env python3
"""Instructions per 32 cells per generation of gpulife's bit kernels, from their SASS.

Runs `cuobjdump --dump-sass` on a gpulife binary (or an object file of gpu/), finds each bit
kernel's hot loop (multi-generation kernels: the unrolled step loop of the interior, the one
without edge masks; one-generation kernels: the row loop) and divides its static instruction
count by the cells x generations one trip of that loop computes. Usage:

  scripts/sass_count.py build/app/gpulife [--cuobjdump PATH] [--all]
  scripts/sass_count.py --nvdisasm PATH KERNELS.cubin ...   (an nvdisasm older than the
      compiler: the cubins' ELF header is rewritten to the older header's form first)
  scripts/sass_count.py --nvdisasm PATH gpu/bit64.cu ...     (sources of gpu/, compiled first
      to sm_90 cubins by nvcc (--nvcc) with the build's flags)

Trip sizes: bit-multistep one-row steps (multistep_kernel<K, D, ...>): 6 steps x D levels x K
words; two-row steps (pair_pass_kernel<K, D, kFma, kHistory>): 2 steps x 2 rows x D levels x K
words; both also
shown per 32 *output* cells (a warp outputs 32K - 2, resp. 32K - 1, of its 32K words).
bit32/bit64 (bit_interior_kernel<W, V, ...>, bit_kernel<W, V, ...> of split_edges=0 and
bit_chained_kernel<W, V, ...> of overlap_launch=2): one row of V words of W bits. These are
static counts: branches skipped at run time (stores of halo rows, edge masks) still count.
"""
import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

KERNELS = [
    # (regex on the mangled name, label, match -> (32-cell words x generations per trip, share
    # of them output, shuffles per trip), match -> shape)
    (re.compile(r"multistep_kernelILi(\d+)ELi(\d+)ELb(\d)ELb(\d)E"), "bit-multistep rows_per_step=1",
     lambda m: (6 * int(m[2]) * int(m[1]), (32 * int(m[1]) - 2) / (32 * int(m[1])), 12 * int(m[2])),
     lambda m: f"words_per_thread={m[1]} depth={m[2]} life={m[3]} fma_shifts={m[4]}"),
    (re.compile(r"pair_pass_kernelILi(\d+)ELi(\d+)ELb(\d)ELb(\d)E"), "bit-multistep rows_per_step=2",
     lambda m: (4 * int(m[2]) * int(m[1]), (32 * int(m[1]) - 1) / (32 * int(m[1])), 8 * int(m[2])),
     lambda m: f"words_per_thread={m[1]} depth={m[2]} fma_shifts={m[3]} history={m[4]}"),
    (re.compile(r"bit_interior_kernelI([jm])Li(\d+)ELi(\d+)ELb(\d)ELb(\d)E"),
     "bit32/bit64 interior (split_edges=1)",
     lambda m: (int(m[2]) * (1 if m[1] == "j" else 2), 1.0, 0),
     lambda m: f"{'bit32' if m[1] == 'j' else 'bit64'} words_x={m[2]} prefetch_rows={m[3]} "
               f"l2={m[4]} life={m[5]}"),
    (re.compile(r"bit_chained_kernelI([jm])Li(\d+)ELi(\d+)ELb(\d)ELb(\d)E"),
     "bit32/bit64 chained (overlap_launch=2, the default)",
     lambda m: (int(m[2]) * (1 if m[1] == "j" else 2), 1.0, 0),
     lambda m: f"{'bit32' if m[1] == 'j' else 'bit64'} words_x={m[2]} prefetch_rows={m[3]} "
               f"l2={m[4]} life={m[5]}"),
    (re.compile(r"(?<!interior_)bit_kernelI([jm])Li(\d+)ELi(\d+)ELb(\d)ELb(\d)E"),
     "bit32/bit64 one kernel (split_edges=0, overlap_launch=0 or 1)",
     lambda m: (int(m[2]) * (1 if m[1] == "j" else 2), 1.0, 0),
     lambda m: f"{'bit32' if m[1] == 'j' else 'bit64'} words_x={m[2]} prefetch_rows={m[3]} "
               f"l2={m[4]} life={m[5]}"),
]

SMALL_LOOP = 100  # instructions
INSN = re.compile(r"/\*([0-9a-f]{4,})\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)([^;]*);")
LABEL = re.compile(r"^\s*\.(L_x_\d+):")
BRANCH = re.compile(r"\bBRA\b[^;]*?(?:`\(\.(L_x_\d+)\)|\b0x([0-9a-f]+)\b)")


def functions(sass):
    name, lines = None, []
    for line in sass.splitlines():
        m = re.search(r"Function : (\S+)", line) or re.match(r"^\.text\.(\S+):", line)
        if m:
            if name:
                yield name, lines
            name, lines = m[1], []
        elif name:
            lines.append(line)
    if name:
        yield name, lines


def hot_loop(lines, shuffles):
    # Branch targets are labels (nvdisasm) or addresses (cuobjdump).
    insns, labels, branches = [], {}, []
    for line in lines:
        lm = LABEL.match(line)
        if lm:
            labels[lm[1]] = len(insns)
            continue
        im = INSN.search(line)
        if im:
            labels.setdefault(int(im[1], 16), len(insns))
            op = im[3]
            if op == "NOP":
                continue
            bm = BRANCH.search(line)
            if bm:
                branches.append((len(insns), bm[1] if bm[1] else int(bm[2], 16)))
            insns.append(op)
    loops = [(labels[t], at) for at, t in branches if t in labels and labels[t] <= at]
    # Candidates: loops with stores whose nested loops are all small (the torus gather, not
    # executed where the width is a multiple of 32); their own instructions exclude those.
    cands = []
    for lo, hi in loops:
        inner = [(a, b) for a, b in loops if lo <= a and b <= hi and (a, b) != (lo, hi)]
        if any(b - a + 1 > SMALL_LOOP for a, b in inner):
            continue
        covered = set()
        for a, b in inner:
            covered.update(range(a, b + 1))
        own = [insns[i] for i in range(lo, hi + 1) if i not in covered]
        if any(o.startswith("STG") for o in own):
            cands.append(own)
    if not cands:
        return []
    # Multi-generation kernels: a step loop holds exactly one trip's shuffles, and the smallest
    # such loop is the interior one (no edge masks). One-generation kernels: the row loop, the
    # largest.
    if shuffles:
        steps = [c for c in cands if sum(o.startswith("SHFL") for o in c) == shuffles]
        return min(steps, key=len) if steps else []
    return max(cands, key=len)


def disassemble_cubin(nvdisasm, path):
    """nvdisasm -c on a copy of the cubin whose header says sm_90 the way nvdisasm 11.x reads it
    (ELF ABI version 7, e_flags SM90 | virtual SM90 | 64-bit | unified textures)."""
    data = bytearray(open(path, "rb").read())
    data[8] = 7
    data[0x30:0x34] = (0x5A055A).to_bytes(4, "little")
    with tempfile.NamedTemporaryFile(suffix=".cubin") as f:
        f.write(data)
        f.flush()
        return subprocess.run([nvdisasm, "-c", f.name], capture_output=True, text=True,
                              check=True).stdout


def compile_cubin(nvcc, source, tmp):
    """An sm_90 cubin of a source of gpu/, built with the flags of a Release build."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = os.path.join(tmp, os.path.basename(source) + ".cubin")
    cmd = [nvcc, "-I" + root, "-O3", "-DNDEBUG", "-DGPULIFE_HAVE_CUDA=1", "-arch=sm_90",
           "--expt-relaxed-constexpr", "-std=c++20", "-x", "cu", "-cubin", source, "-o", out]
    try:
        subprocess.run(cmd, check=True)
    except FileNotFoundError:
        sys.exit(f"sass_count: no nvcc at {nvcc} (--nvcc PATH)")
    except subprocess.CalledProcessError:
        sys.exit(f"sass_count: nvcc could not compile {source}")
    return out


def disassemble(args, path):
    try:
        if args.nvdisasm:
            return disassemble_cubin(args.nvdisasm, path)
        return subprocess.run([args.cuobjdump, "--dump-sass", path], capture_output=True,
                              text=True, check=True).stdout
    except FileNotFoundError as e:
        tool = args.nvdisasm or args.cuobjdump
        if e.filename in (tool, None) and not shutil.which(tool):
            if args.nvdisasm:
                sys.exit(f"sass_count: no nvdisasm at {tool}")
            sys.exit(f"sass_count: no cuobjdump at {tool} (--cuobjdump PATH). Without CUDA's "
                     "cuobjdump, pass an nvdisasm with --nvdisasm PATH (Debian's non-free "
                     "nvidia-cuda-toolkit has one) and the kernels' sources or cubins")
        sys.exit(f"sass_count: cannot disassemble {path}: {e}")
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit(f"sass_count: cannot disassemble {path}: {e}")


def category(op):
    base = op.split(".")[0]
    return base if base in ("LOP3", "SHF", "SHFL", "IMAD", "IADD3", "ISETP", "LDG", "STG", "SEL",
                            "LEA", "MOV", "BRA", "PRMT") else "other"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("binary", nargs="+")
    ap.add_argument("--cuobjdump", default=shutil.which("cuobjdump") or "/usr/local/cuda/bin/cuobjdump")
    ap.add_argument("--nvdisasm", help="disassemble cubins with this nvdisasm instead")
    ap.add_argument("--all", action="store_true", help="every variant, not only B3/S23 ones")
    ap.add_argument("--nvcc", default=shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc",
                    help="the compiler of .cu arguments")
    args = ap.parse_args()
    sass = ""
    with tempfile.TemporaryDirectory() as tmp:
        for path in args.binary:
            if path.endswith(".cu"):
                path = compile_cubin(args.nvcc, path, tmp)
            sass += disassemble(args, path)
    rows, seen = [], set()
    for name, lines in functions(sass):
        for rx, label, size, shape in KERNELS:
            m = rx.search(name)
            if not m:
                continue
            shape_text = shape(m)
            if not args.all and "life=0" in shape_text:
                continue
            cells, useful, shuffles = size(m)
            ops = hot_loop(lines, shuffles)
            per = len(ops) / cells if cells else 0
            hist = collections.Counter(category(o) for o in ops)
            key = (label, shape_text)
            if key not in seen:
                seen.add(key)
                rows.append((label, shape_text, len(ops), per, per / useful, hist))
    if not rows:
        sys.exit(f"sass_count: no bit kernel found in {args.binary}")
    cats = ["LOP3", "SHF", "SHFL", "IMAD", "IADD3", "ISETP", "SEL", "LEA", "MOV", "PRMT", "LDG",
            "STG", "BRA", "other"]
    print("| kernel | shape | hot-loop instructions | per 32 cells x generation | per 32 output "
          "cells | " + " | ".join(cats) + " |")
    print("|---|---|---|---|---|" + "---|" * len(cats))
    for label, shape_text, n, per, per_out, hist in sorted(rows):
        cells = n / per if per else 0
        print(f"| {label} | {shape_text} | {n} | {per:.2f} | {per_out:.2f} | " +
              " | ".join(f"{hist.get(c, 0) / cells:.2f}" if cells else "0" for c in cats) + " |")


if __name__ == "__main__":
    main()
