"""Joins the GPU benchmark's two outputs (bench.py run by Kiln and by PyTorch) into one table, the
issue's goals checked against it, and a JSON file.

    python3 compare.py KILN_OUT TORCH_OUT [--json OUT]

Each input holds bench.py's lines: `COPY|engine|GB/s` and
`RESULT|engine|case|label|variant|median ms|first ms|warm ms|min bytes|flops|max diff`.
Speed ratios are torch time / Kiln time (> 1: Kiln faster); GB/s counts min bytes (each input and
parameter read once, each output written once) against the larger of the two engines' measured
device-to-device copy. A benchmark, not a test: it reports and never fails on a slow number.
"""
import json
import sys


def read(path):
    copy, rows, mem = {}, {}, {}
    errors = []
    with open(path) as f:
        for line in f:
            p = line.rstrip("\n").split("|")
            if p[0] == "COPY" and len(p) == 3:
                copy[p[1]] = float(p[2])
            elif p[0] == "RESULT" and len(p) == 11:
                num = lambda s: None if s in ("-", "") else float(s)
                rows[(p[2], p[4])] = {
                    "engine": p[1], "case": p[2], "label": p[3], "variant": p[4], "ms": num(p[5]),
                    "first_ms": num(p[6]), "warm_ms": num(p[7]), "bytes": int(p[8]), "flops": int(p[9]),
                    "max_diff": num(p[10]),
                }
            elif p[0] == "MEM" and len(p) == 5:
                mem[p[2]] = (int(p[3]), int(p[4]))
            elif p[0] == "ERROR" and len(p) >= 4:
                errors.append("%s %s: %s" % (p[1], p[2], "|".join(p[3:])))
    return copy, rows, errors, mem


def main():
    args = sys.argv[1:]
    out_json = None
    if "--json" in args:
        i = args.index("--json")
        out_json = args[i + 1]
        del args[i:i + 2]
    if len(args) != 2:
        sys.exit("usage: compare.py KILN_OUT TORCH_OUT [--json OUT]")
    kcopy, krows, kerr, kmem = read(args[0])
    tcopy, trows, terr, tmem = read(args[1])
    for e in kerr + terr:
        print("case failed:", e)
    ceiling = max(list(kcopy.values()) + list(tcopy.values()) + [0.0])
    cases, variants = [], []
    for (c, v) in list(krows) + list(trows):
        if c not in cases:
            cases.append(c)
        if v not in variants:
            variants.append(v)

    def ms(rows, c, v):
        r = rows.get((c, v))
        return r["ms"] if r else None

    def f(x, fmt):
        return fmt % x if x is not None else "-"

    print("copy ceiling: %.0f GB/s (Kiln copy_ %s, PyTorch copy_ %s)" % (
        ceiling, f(kcopy.get("kiln"), "%.0f"), f(tcopy.get("torch"), "%.0f")))
    hdr = "%-26s %-16s %10s %10s %9s %9s %7s %11s %11s %10s %10s" % (
        "case", "variant", "kiln ms", "torch ms", "torch/kiln", "kiln x", "torch x", "kiln GB/s", "torch GB/s",
        "1st call s", "warm s")
    print(hdr)
    print("%-26s %-16s %10s %10s %9s %9s %7s %11s %11s %10s %10s" % (
        "", "", "", "", "", "vs eager", "vs eager", "(% copy)", "(% copy)", "kiln/torch", "kiln/torch"))
    print("-" * len(hdr))
    table = []
    for c in cases:
        label = (krows.get((c, "eager")) or trows.get((c, "eager")) or {}).get("label", c)
        for v in variants:
            k, t = krows.get((c, v)), trows.get((c, v))
            if not k and not t:
                continue
            km, tm = ms(krows, c, v), ms(trows, c, v)
            ke, te = ms(krows, c, "eager"), ms(trows, c, "eager")
            row = {"case": c, "label": label, "variant": v, "kiln_ms": km, "torch_ms": tm,
                   "speed_vs_torch": (tm / km) if km and tm else None,
                   "kiln_vs_eager": (ke / km) if km and ke else None,
                   "torch_vs_eager": (te / tm) if tm and te else None,
                   "kiln_first_s": k["first_ms"] / 1000 if k and k["first_ms"] is not None else None,
                   "torch_first_s": t["first_ms"] / 1000 if t and t["first_ms"] is not None else None,
                   "kiln_warm_s": k["warm_ms"] / 1000 if k and k["warm_ms"] is not None else None,
                   "torch_warm_s": t["warm_ms"] / 1000 if t and t["warm_ms"] is not None else None,
                   "kiln_max_diff": k["max_diff"] if k else None}
            nbytes = (k or t)["bytes"]
            flops = (k or t)["flops"]
            for eng, x in (("kiln", km), ("torch", tm)):
                row[eng + "_gbs"] = nbytes / (x / 1000) / 1e9 if nbytes and x else None
                row[eng + "_tflops"] = flops / (x / 1000) / 1e12 if flops and x else None
            table.append(row)

            def thr(eng):
                if row[eng + "_gbs"] is not None:
                    return "%5.0f (%3.0f%%)" % (row[eng + "_gbs"], 100 * row[eng + "_gbs"] / ceiling) if ceiling else "%5.0f" % row[eng + "_gbs"]
                if row[eng + "_tflops"] is not None:
                    return "%5.1f TFLOP/s" % row[eng + "_tflops"]
                return "-"

            print("%-26s %-16s %10s %10s %9s %9s %7s %11s %11s %10s %10s" % (
                label if v == "eager" else "", v, f(km, "%.3f"), f(tm, "%.3f"),
                f(row["speed_vs_torch"], "%.2fx"), f(row["kiln_vs_eager"], "%.1fx"), f(row["torch_vs_eager"], "%.1fx"),
                thr("kiln"), thr("torch"),
                "%s/%s" % (f(row["kiln_first_s"], "%.2f"), f(row["torch_first_s"], "%.1f")) if v != "eager" else "",
                "%s/%s" % (f(row["kiln_warm_s"], "%.3f"), f(row["torch_warm_s"], "%.2f")) if v != "eager" else ""))

    # The goals, each checked against this run's numbers.
    def get(c, v):
        for r in table:
            if r["case"] == c and r["variant"] == v:
                return r
        return None

    goals = []

    def goal(text, ok, detail):
        goals.append({"goal": text, "met": ok, "detail": detail})

    pw = get("pointwise_chain", "default")
    if pw and pw["kiln_gbs"] and ceiling:
        goal("pointwise chain >= 90% of copy bandwidth", pw["kiln_gbs"] / ceiling >= 0.90, "%.0f%%" % (100 * pw["kiln_gbs"] / ceiling))
    if pw and pw["speed_vs_torch"]:
        goal("pointwise chain >= 0.95x torch.compile", pw["speed_vs_torch"] >= 0.95, "%.2fx" % pw["speed_vs_torch"])
    for c, need in (("softmax", 0.95), ("layernorm_gelu", 1.0)):
        r = get(c, "default")
        if r and r["speed_vs_torch"]:
            goal("%s >= %.2fx torch.compile" % (c, need), r["speed_vs_torch"] >= need, "%.2fx" % r["speed_vs_torch"])
    r = get("tiny_mlp", "reduce-overhead")
    if r and r["speed_vs_torch"]:
        goal("tiny MLP reduce-overhead at or below torch.compile reduce-overhead", r["speed_vs_torch"] >= 1.0,
             "%.3f vs %.3f ms" % (r["kiln_ms"], r["torch_ms"]))
    r = get("transformer6", "default")
    if r and r["speed_vs_torch"]:
        goal("transformer forward at or below torch.compile default", r["speed_vs_torch"] >= 1.0,
             "%.3f vs %.3f ms" % (r["kiln_ms"], r["torch_ms"]))
    r = get("train_step_transformer6", "default")
    if r and r["speed_vs_torch"]:
        goal("(issue 8) training step of transformer6 at or below torch.compile's", r["speed_vs_torch"] >= 1.0,
             "%.3f vs %.3f ms" % (r["kiln_ms"], r["torch_ms"]))
    firsts = [r for r in table if r["kiln_first_s"] is not None and r["torch_first_s"]]
    if firsts:
        worst = max(firsts, key=lambda r: r["kiln_first_s"] / r["torch_first_s"])
        goal("first-call compile time (cold caches) <= 1/5 of torch.compile's, every case",
             worst["kiln_first_s"] * 5 <= worst["torch_first_s"],
             "worst %s %s: %.3f s vs %.1f s" % (worst["case"], worst["variant"], worst["kiln_first_s"], worst["torch_first_s"]))
    warms = [r for r in table if r["kiln_warm_s"] is not None]
    if warms:
        worst = max(warms, key=lambda r: r["kiln_warm_s"])
        goal("warm-cache first call <= 50 ms, every case", worst["kiln_warm_s"] <= 0.050,
             "worst %s %s: %.1f ms" % (worst["case"], worst["variant"], 1000 * worst["kiln_warm_s"]))
    print("\ngoals (issue 7, and issue 8's training step):")
    for g in goals:
        print("  [%s] %s: %s" % ("met" if g["met"] else "NOT met", g["goal"], g["detail"]))
    if kmem or tmem:
        # issue 8: what a training forward holds for its backward, eager vs compiled, in both engines
        print("\nsaved activations (MB held from the end of the forward to the backward, loss included):")
        for case in sorted(set(kmem) | set(tmem)):
            k, t = kmem.get(case), tmem.get(case)
            mb = lambda v: "%.1f" % (v / 2**20) if v is not None else "-"
            print("  %-26s kiln eager %s, compiled %s; torch eager %s, compiled %s" % (
                case, mb(k[0] if k else None), mb(k[1] if k else None), mb(t[0] if t else None), mb(t[1] if t else None)))
    print("\ntorch/kiln: PyTorch's time / Kiln's (> 1: Kiln faster); x vs eager: the same engine's eager time / this one;")
    print("1st call: first compiled call with cold compile caches (s); warm: first call of a fresh torch.compile after")
    print("torch._dynamo.reset() with the caches hot (s). Kiln's first/warm calls include its run of the case.")
    if out_json:
        with open(out_json, "w") as f_out:
            json.dump({"copy_gbs": {"kiln": kcopy.get("kiln"), "torch": tcopy.get("torch"), "ceiling": ceiling},
                       "rows": table, "goals": goals}, f_out, indent=1)
        print("\nwrote " + out_json)


main()
