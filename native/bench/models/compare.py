"""Joins the model suite's two outputs (each model's program run by Kiln and by PyTorch, see
common.py) into one markdown table and one JSON file.

    python3 compare.py KILN_OUT TORCH_OUT --machine TEXT --md OUT.md --json OUT.json

Inputs: lines `RESULT|engine|model|case|variant|device|threads|median ms|min ms|first ms|warm ms|flops|
max diff|peak bytes` and `ERROR|engine|model|case|message`; anything else is ignored. Speed ratios are
PyTorch time / Kiln time of the same variant (> 1: Kiln faster); "vs eager" is the engine's own eager
time / its compiled time (< 1: compiled slower than eager). A benchmark, not a test: it reports and
never fails on a slow number.
"""
import json
import sys


def read(path):
    rows, errors = {}, []
    with open(path) as f:
        for line in f:
            p = line.rstrip("\n").split("|")
            if p[0] == "RESULT" and len(p) == 14:
                num = lambda s: None if s in ("-", "") else float(s)
                key = (p[2], p[3], p[5], int(p[6]), p[4])
                rows[key] = {"model": p[2], "case": p[3], "variant": p[4], "device": p[5], "threads": int(p[6]),
                             "ms": num(p[7]), "min_ms": num(p[8]), "first_ms": num(p[9]), "warm_ms": num(p[10]),
                             "flops": int(p[11]), "max_diff": num(p[12]), "peak_bytes": num(p[13])}
            elif p[0] == "ERROR" and len(p) >= 5:
                errors.append({"engine": p[1], "model": p[2], "case": p[3], "message": "|".join(p[4:])})
    return rows, errors


def f(x, fmt):
    return "" if x is None else fmt % x


def main():
    args = sys.argv[1:]
    opts = {"--machine": "", "--md": None, "--json": None}
    for k in list(opts):
        if k in args:
            i = args.index(k)
            opts[k] = args[i + 1]
            del args[i:i + 2]
    if len(args) != 2:
        sys.exit("usage: compare.py KILN_OUT TORCH_OUT --machine TEXT [--md OUT.md] [--json OUT.json]")
    krows, kerr = read(args[0])
    trows, terr = read(args[1])
    keys = []
    for k in list(krows) + list(trows):
        if k not in keys:
            keys.append(k)
    table = []
    for key in keys:
        k, t = krows.get(key), trows.get(key)
        r = k or t
        eager_key = key[:4] + ("eager",)
        ke, te = krows.get(eager_key), trows.get(eager_key)
        row = {"model": r["model"], "case": r["case"], "device": r["device"], "threads": r["threads"],
               "variant": r["variant"], "flops": r["flops"], "kiln": k, "torch": t,
               "torch_over_kiln": (t["ms"] / k["ms"]) if k and t else None,
               "kiln_vs_torch_eager": (te["ms"] / k["ms"]) if k and te else None,
               "kiln_vs_own_eager": (ke["ms"] / k["ms"]) if k and ke and r["variant"] != "eager" else None,
               "torch_vs_own_eager": (te["ms"] / t["ms"]) if t and te and r["variant"] != "eager" else None}
        table.append(row)

    def gflops(e, flops):
        return flops / e["ms"] / 1e6 if e and e["ms"] else None

    def mb(e):
        return e["peak_bytes"] / 2 ** 20 if e and e["peak_bytes"] is not None else None

    g = lambda e, key: e[key] if e else None
    lines = ["# Model suite (issue 32): Kiln and PyTorch, one run", "",
             "Machine: " + opts["--machine"], "",
             "Times: median ms per call over timed batches (min in parentheses); ratios: PyTorch ms / Kiln ms of the "
             "same variant (> 1: Kiln faster), and each engine's eager ms / its compiled ms (< 1: compiled slower than "
             "eager). First: the first call's wall clock (compiled: cold compile caches); warm: the first call of a second "
             "torch.compile after torch._dynamo.reset(). GFLOP/s: matmul/conv/LSTM/attention FLOPs per call (training: "
             "3x forward). max diff: compiled vs eager (outputs, or losses over 3 steps). Empty: not measured.", "",
             "| model | case | threads | variant | Kiln ms | PyTorch ms | PyTorch/Kiln | Kiln vs PyTorch eager | "
             "compiled vs eager (Kiln / PyTorch) | GFLOP/s (Kiln / PyTorch) | first ms (Kiln / PyTorch) | "
             "warm ms (Kiln / PyTorch) | max diff (Kiln / PyTorch) | peak MB (Kiln / PyTorch) |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for row in table:
        k, t = row["kiln"], row["torch"]
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            row["model"], row["case"], ("%s %d" % (row["device"], row["threads"])) if row["device"] == "cpu" else row["device"],
            row["variant"],
            (f(g(k, "ms"), "%.3f") + f(g(k, "min_ms"), " (%.3f)")) if k else "",
            (f(g(t, "ms"), "%.3f") + f(g(t, "min_ms"), " (%.3f)")) if t else "",
            f(row["torch_over_kiln"], "%.2fx"), f(row["kiln_vs_torch_eager"], "%.2fx"),
            f(row["kiln_vs_own_eager"], "%.2fx") + " / " + f(row["torch_vs_own_eager"], "%.2fx"),
            f(gflops(k, row["flops"]), "%.1f") + " / " + f(gflops(t, row["flops"]), "%.1f"),
            f(g(k, "first_ms"), "%.1f") + " / " + f(g(t, "first_ms"), "%.1f"),
            f(g(k, "warm_ms"), "%.1f") + " / " + f(g(t, "warm_ms"), "%.1f"),
            f(g(k, "max_diff"), "%.1e") + " / " + f(g(t, "max_diff"), "%.1e"),
            f(mb(k), "%.0f") + " / " + f(mb(t), "%.0f")))
    errors = kerr + terr
    if errors:
        lines += ["", "Failed cases:", ""]
        for e in errors:
            lines.append("- %s %s %s: %s" % (e["engine"], e["model"], e["case"], e["message"]))
    text = "\n".join(lines) + "\n"
    print(text)
    if opts["--md"]:
        with open(opts["--md"], "w") as fh:
            fh.write(text)
    if opts["--json"]:
        with open(opts["--json"], "w") as fh:
            json.dump({"machine": opts["--machine"], "rows": table, "errors": errors}, fh, indent=1)


main()
