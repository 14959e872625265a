#!/usr/bin/env python3
"""Exact synthesis of small LOP3 networks for the Life step, by a SAT solver (CaDiCaL).

A LOP3 gate computes any function of three inputs. Given a target function (with don't-cares)
and a budget of gates, the script writes a CNF that is satisfiable iff a network of that many
gates exists, runs the solver, and prints the network it found with its LOP3 immediates
(a = 0xF0, b = 0xCC, c = 0xAA), checked again by evaluation. UNSAT proves that no smaller
network exists for that structure.

Problems (a row sum is the 2-bit count of three horizontally adjacent cells, as xor3/maj3):
  single  the next state from the row sums above (a), through (b) and below (c) the cell and
          the cell x: 7 inputs; rows with x = 1 and b = 0 cannot occur.
  pair    two vertically adjacent outputs share P = b + c (rows y and y + 1): `--pair` gates
          see b and c only, then `--gates` gates compute one output from P's gates, the other
          row sum r and the cell x (the same network serves both outputs); rows with x = 1 and
          b + c = 0 cannot occur. Cost per output: pair / 2 + gates.
Usage: lop3_search.py single GATES | lop3_search.py pair PAIR GATES  [--solver PATH]
"""
import argparse
import itertools
import os
import subprocess
import sys
import tempfile
import time


class Cnf:
    def __init__(self):
        self.nvars = 0
        self.clauses = []

    def var(self):
        self.nvars += 1
        return self.nvars

    def add(self, *lits):
        self.clauses.append(lits)


def life(q, x):
    return 1 if q == 3 or (q == 4 and x) else 0


def truth_table(names, output):
    """The care rows of a 7-input function: the inputs are three 2-bit sums (bit planes, low
    bit first) and the cell x; output(p, q, r, x) gives the next state from the sums, or None
    where the row cannot occur."""
    rows = []
    for bits in range(128):
        v = [(bits >> i) & 1 for i in range(7)]
        out = output(v[0] + 2 * v[1], v[2] + 2 * v[3], v[4] + 2 * v[5], v[6])
        if out is not None:
            rows.append((v, out))
    return names, rows


def problem_single():
    # a, b, c: the 3-cell sums of the rows above, through and below the cell; a live cell is
    # one of b's three cells.
    return truth_table(["a0", "a1", "b0", "b1", "c0", "c1", "x"],
                       lambda a, b, c, x: None if x and b == 0 else life(a + b + c, x))


def problem_pair():
    # b, c: the sums of the two rows the pair shares, r: of the cell's third row; a live cell
    # is one of the six cells of b and c.
    return truth_table(["b0", "b1", "c0", "c1", "r0", "r1", "x"],
                       lambda b, c, r, x: None if x and b + c == 0 else life(r + b + c, x))


def encode(n_inputs, rows, groups):
    """groups: list of (count, allowed_inputs) in order; each gate of a group may read the
    allowed inputs, the gates of earlier groups listed in `allowed_inputs` as 'G<k>' markers
    are expanded below, and the earlier gates of its own group. The last gate is the output."""
    cnf = Cnf()
    gates = []  # per gate: list of allowed signal ids
    group_of = []
    start = n_inputs
    for gi, (count, allowed, earlier_groups) in enumerate(groups):
        first = start
        for k in range(count):
            sig = list(allowed)
            for eg in earlier_groups:
                sig += [g for g, grp in enumerate(group_of, start=n_inputs) if grp == eg]
            sig += list(range(first, first + k))
            gates.append(sorted(set(sig)))
            group_of.append(gi)
        start += count
    n_gates = len(gates)
    nrows = len(rows)
    # value of signal s in row t: inputs are constants, gates are variables
    X = [[cnf.var() for _ in range(nrows)] for _ in range(n_gates)]
    F = [[cnf.var() for _ in range(8)] for _ in range(n_gates)]
    S = []
    for i, allowed in enumerate(gates):
        triples = list(itertools.combinations(allowed, 3))
        sel = {tr: cnf.var() for tr in triples}
        S.append(sel)
        cnf.add(*sel.values())  # exactly one fanin triple
        vs = list(sel.values())
        for p in range(len(vs)):
            for q in range(p + 1, len(vs)):
                cnf.add(-vs[p], -vs[q])
        cnf.add(-F[i][0])  # normal gate: 0 on all-zero inputs (polarity moves to the reader)
    pol = cnf.var()  # output polarity
    for i in range(n_gates):
        g = n_inputs + i
        for tr, s in S[i].items():
            for t, (v, _) in enumerate(rows):
                for p in range(8):
                    lits = [-s]
                    ok = True
                    for pos, sig in enumerate(tr):
                        want = (p >> (2 - pos)) & 1
                        if sig < n_inputs:
                            if v[sig] != want:
                                ok = False
                                break
                        else:
                            x = X[sig - n_inputs][t]
                            lits.append(-x if want else x)
                    if not ok:
                        continue
                    cnf.add(*(lits + [-X[i][t], F[i][p]]))
                    cnf.add(*(lits + [X[i][t], -F[i][p]]))
        # every gate but the output feeds a later gate
        if i != n_gates - 1:
            users = [s for j in range(i + 1, n_gates) for tr, s in S[j].items() if g in tr]
            cnf.add(*users)
    out = n_gates - 1
    for t, (_, target) in enumerate(rows):
        # X[out] xor pol == target
        if target:
            cnf.add(X[out][t], pol)
            cnf.add(-X[out][t], -pol)
        else:
            cnf.add(X[out][t], -pol)
            cnf.add(-X[out][t], pol)
    return cnf, gates, X, F, S, pol


def solve(cnf, solver):
    with tempfile.NamedTemporaryFile("w", suffix=".cnf", delete=False) as f:
        f.write(f"p cnf {cnf.nvars} {len(cnf.clauses)}\n")
        for c in cnf.clauses:
            f.write(" ".join(map(str, c)) + " 0\n")
        path = f.name
    try:
        r = subprocess.run([solver, "-q", path], capture_output=True, text=True)
    finally:
        os.unlink(path)
    model = set()
    status = None
    for line in r.stdout.splitlines():
        if line.startswith("s "):
            status = line[2:].strip()
        elif line.startswith("v "):
            model.update(int(x) for x in line[2:].split() if int(x) > 0)
    return status, model


def decode(n_inputs, names, gates, F, S, pol, model):
    net = []
    for i in range(len(gates)):
        tr = next(tr for tr, s in S[i].items() if s in model)
        lut = sum(1 << p for p in range(8) if F[i][p] in model)
        net.append((tr, lut))
    inv = pol in model
    sig_names = list(names) + [f"g{i}" for i in range(len(gates))]
    return net, inv, sig_names


def evaluate(n_inputs, net, inv, v):
    vals = list(v)
    for tr, lut in net:
        p = (vals[tr[0]] << 2) | (vals[tr[1]] << 1) | vals[tr[2]]
        vals.append((lut >> p) & 1)
    return vals[-1] ^ int(inv)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("problem", choices=["single", "pair"])
    ap.add_argument("counts", type=int, nargs="+")
    ap.add_argument("--solver", default="cadical")
    args = ap.parse_args()
    if args.problem == "single":
        names, rows = problem_single()
        groups = [(args.counts[0], range(7), [])]
    else:
        names, rows = problem_pair()
        pair, final = args.counts
        # P's gates read b and c; the output's gates read every input and P's gates.
        groups = [(pair, [0, 1, 2, 3], []), (final, list(range(7)), [0])]
    t0 = time.time()
    cnf, gates, X, F, S, pol = encode(len(names), rows, groups)
    status, model = solve(cnf, args.solver)
    dt = time.time() - t0
    print(f"{args.problem} {' '.join(map(str, args.counts))}: {status} "
          f"({cnf.nvars} variables, {len(cnf.clauses)} clauses, {dt:.1f} s)")
    if status != "SATISFIABLE":
        return 1
    net, inv, sig = decode(len(names), names, gates, F, S, pol, model)
    for i, (tr, lut) in enumerate(net):
        print(f"  g{i} = lop3<0x{lut:02X}>({', '.join(sig[s] for s in tr)})")
    print(f"  out = {'~' if inv else ''}g{len(net) - 1}")
    bad = sum(evaluate(len(names), net, inv, v) != want for v, want in rows)
    print(f"  checked on {len(rows)} rows: {bad} wrong")
    return 0 if bad == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
