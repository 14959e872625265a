#!/usr/bin/env python3
# Regenerates the bounded-grid cases: a random soup filling each grid, stepped by bgolly (the
# oracle) for a few generations. Run from this folder: python3 make_cases.py (needs golly).
import random
import subprocess

CASES = [  # name, rule with suffix, width, height, seed
    ("plane", "B3/S23:P12,10", 12, 10, 1),
    ("torus", "B3/S23:T12,10", 12, 10, 2),
    ("torus_hshift", "B3/S23:T12+5,10", 12, 10, 3),
    ("torus_vshift", "B3/S23:T12,10-3", 12, 10, 4),
    ("klein_h", "B3/S23:K12*,10", 12, 10, 5),
    ("klein_v", "B3/S23:K12,10*", 12, 10, 6),
    ("klein_h_shift", "B3/S23:K12*+1,10", 12, 10, 7),
    ("klein_v_shift", "B3/S23:K11,10*+1", 11, 10, 8),
    ("cross", "B3/S23:C12,10", 12, 10, 9),
    ("sphere", "B3/S23:S11", 11, 11, 10),
    ("sphere_highlife", "B36/S23:S16", 16, 16, 11),
    ("klein_seeds", "B2/S:K9*,7", 9, 7, 12),
    ("torus_thin", "B3/S23:T13,2+1", 13, 2, 13),
    ("cross_daynight", "B3678/S34678:C15,9", 15, 9, 14),
    # B0 rules, which Golly runs as alternating rules on complemented cells (with S8, always
    # complemented): files hold that representation, and so do the edges' mappings.
    ("klein_b0", "B013/S5:K13*,9", 13, 9, 15),
    ("klein_v_b0", "B01/S:K10,9*+1", 10, 9, 16),
    ("torus_shift_b0s8", "B0123478/S34678:T9+2,7", 9, 7, 17),
    ("cross_b0", "B0124/S13:C11,9", 11, 9, 18),
    ("sphere_b0s8", "B013/S58:S9", 9, 9, 19),
]
GENERATIONS = [1, 5, 40]


def rle(cells, w, h, rule):
    rows = []
    for y in range(h):
        rows.append("".join("o" if (x, y) in cells else "b" for x in range(w)))
    body = "$".join(rows) + "!"
    lines = [body[i:i + 70] for i in range(0, len(body), 70)]
    return "x = %d, y = %d, rule = %s\n%s\n" % (w, h, rule, "\n".join(lines))


for name, rule, w, h, seed in CASES:
    rnd = random.Random(seed)
    cells = {(x, y) for y in range(h) for x in range(w) if rnd.random() < 0.4}
    # Corners and edges alive, so every part of the edge mapping is exercised.
    cells |= {(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w // 2, 0), (0, h // 2)}
    with open(name + ".rle", "w") as f:
        f.write(rle(cells, w, h, rule))
    for g in GENERATIONS:
        subprocess.run(["bgolly", "-q", "-q", "-m", str(g), "-o", "%s.%d.rle" % (name, g),
                        name + ".rle"], check=True, stdout=subprocess.DEVNULL)
