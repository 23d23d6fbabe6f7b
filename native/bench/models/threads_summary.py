# Joins threads.py's CASE lines from many runs (threads.sh) into one table: per case and
# thread count, the median of the runs' medians and the minimum of their minimums (microseconds), and
# for each count after the first, the ratio to the first count (> 1.00: slower with more threads).
#
#   python3 threads_summary.py RESULTS [--header TEXT] [--out FILE]
import statistics
import sys


def main():
    path = sys.argv[1]
    header, out = "", None
    i = 2
    while i < len(sys.argv):
        if sys.argv[i] == "--header":
            header = sys.argv[i + 1]
        elif sys.argv[i] == "--out":
            out = sys.argv[i + 1]
        else:
            raise SystemExit("unknown option " + sys.argv[i])
        i += 2
    meds, mins, order, counts = {}, {}, [], []
    for line in open(path):
        parts = line.strip().split("|")
        if len(parts) != 5 or parts[0] != "CASE":
            continue
        name, t, med, best = parts[1], int(parts[2]), float(parts[3]), float(parts[4])
        if name not in order:
            order.append(name)
        if t not in counts:
            counts.append(t)
        meds.setdefault((name, t), []).append(med)
        mins.setdefault((name, t), []).append(best)
    counts.sort()
    base = counts[0]
    cols = ["case"]
    for t in counts:
        cols += ["%dt med us" % t, "%dt min us" % t]
    for t in counts[1:]:
        cols += ["med %d/%d" % (t, base), "min %d/%d" % (t, base)]
    rows = [cols]
    for name in order:
        row = [name]
        for t in counts:
            m = meds.get((name, t))
            row += ["%.1f" % statistics.median(m), "%.1f" % min(mins[(name, t)])] if m else ["-", "-"]
        for t in counts[1:]:
            if (name, t) in meds and (name, base) in meds:
                row.append("%.2f" % (statistics.median(meds[(name, t)]) / statistics.median(meds[(name, base)])))
                row.append("%.2f" % (min(mins[(name, t)]) / min(mins[(name, base)])))
            else:
                row += ["-", "-"]
        rows.append(row)
    widths = [max(len(r[c]) for r in rows) for c in range(len(cols))]
    lines = [header] if header else []
    for r in rows:
        lines.append("  ".join(r[c].ljust(widths[c]) if c == 0 else r[c].rjust(widths[c]) for c in range(len(cols))))
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if out:
        with open(out, "w") as f:
            f.write(text)


main()
