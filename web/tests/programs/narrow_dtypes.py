# Reductions of the narrow integer dtypes and conversions between uncommon dtype pairs, checked
# against Python's own arithmetic. The browser build runs both through paths of its own, kept small
# for the download: the narrow integers reduce in run_reduce's general loop only (engine/ops/reduce.cpp,
# general_reduce_only_v), and a conversion whose source or destination is not bool, uint8, int32,
# int64, float32 or float64 goes through int64 or double (engine/ops/copy.cpp, copy_other_pair).
# browser.smoke runs it in the page; natively (`kiln web/tests/programs/narrow_dtypes.py`) the same
# checks pass through the native paths. Prints "ok", or each check that failed.
import torch

fails = []


def check(what, got, want):
    if got != want:
        fails.append(f"{what}: got {got}, want {want}")


# Ten columns: sum(0) takes the vertical path (a row of at least 8 outputs) where there is one.
rows = [[3, -7, 12, 0, 5, 11, -2, 4, 9, -6],
        [-1, 9, -4, 8, 2, -8, 7, 1, -3, 10],
        [6, 5, -9, 1, -5, 3, 13, -11, 2, 0]]
cols = [list(c) for c in zip(*rows)]
flat = [v for r in rows for v in r]


def prod(xs):
    p = 1
    for v in xs:
        p *= v
    return p


for dt in [torch.int8, torch.int16, torch.int32]:
    x = torch.tensor(rows, dtype=dt)
    name = str(dt)
    check(f"{name} sum()", x.sum().item(), sum(flat))
    check(f"{name} sum(1) (contiguous rows)", x.sum(1).tolist(), [sum(r) for r in rows])
    check(f"{name} sum(0) (vertical)", x.sum(0).tolist(), [sum(c) for c in cols])
    check(f"{name} t().sum(0) (strided rows)", x.t().sum(0).tolist(), [sum(r) for r in rows])
    check(f"{name} prod(1)", x.prod(1).tolist(), [prod(r) for r in rows])
    values, indices = x.max(1)
    check(f"{name} max(1) values", values.tolist(), [max(r) for r in rows])
    check(f"{name} max(1) indices", indices.tolist(), [r.index(max(r)) for r in rows])
    values, indices = x.min(0)
    check(f"{name} min(0) values", values.tolist(), [min(c) for c in cols])
    check(f"{name} min(0) indices", indices.tolist(), [c.index(min(c)) for c in cols])
    check(f"{name} amax(0)", x.amax(0).tolist(), [max(c) for c in cols])
    check(f"{name} argmin()", x.argmin().item(), flat.index(min(flat)))
    check(f"{name} max()", x.max().item(), max(flat))
    check(f"{name} any()", x.any().item(), any(flat))
    check(f"{name} all()", x.all().item(), all(flat))
    check(f"{name} all(1)", x.all(1).tolist(), [all(r) for r in rows])
    check(f"{name} dtype kept by max", x.max(1)[0].dtype, dt)

# Conversions: integers to and from float16/bfloat16/int8/int16, contiguous and strided.
small = [[1, -2, 3], [100, -100, 7]]
for src, dst in [(torch.int16, torch.float16), (torch.int8, torch.bfloat16), (torch.int16, torch.float64),
                 (torch.int8, torch.int16), (torch.int32, torch.int8), (torch.bool, torch.int8)]:
    x = torch.tensor(small, dtype=src)
    want = [[float(v) if dst.is_floating_point else v for v in r] for r in x.tolist()]
    check(f"{src} -> {dst}", x.to(dst).tolist(), want)
    check(f"{src} -> {dst} (strided)", x.t().to(dst).tolist(), [list(c) for c in zip(*want)])
    check(f"{src} -> {dst} dtype", x.to(dst).dtype, dst)
halves = [1.5, -2.5, 100.0, -0.75]
for src in [torch.float16, torch.bfloat16]:
    for dst in [torch.int8, torch.int16, torch.int64, torch.float32, torch.bool]:
        x = torch.tensor(halves, dtype=src)
        if dst == torch.bool:
            want = [v != 0 for v in halves]
        elif dst.is_floating_point:
            want = halves
        else:
            want = [int(v) for v in halves]
        check(f"{src} -> {dst}", x.to(dst).tolist(), want)
big = torch.tensor([70000.0, -1.0, 3.25], dtype=torch.float64)
check("float64 -> int16 (low bits, as x86 converts)", big.to(torch.int16).tolist(), [4464, -1, 3])
check("int64 -> float16 -> int64", torch.tensor([2049, -3]).to(torch.float16).to(torch.int64).tolist(), [2048, -3])

print("ok" if not fails else "\n".join(fails))
