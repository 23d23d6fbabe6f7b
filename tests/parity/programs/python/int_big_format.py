# Formatting ints beyond 64 bits: format specs, %-formatting, f-strings.
n = 2 ** 80
print(f"{n}", f"{n:,}", f"{n:_}", f"{n:x}", f"{n:#X}", f"{n:o}", f"{n:b}")
print(f"{-n:>40}|", f"{n:<35}|", f"{n:^40}|", f"{n:+}", f"{-n:030}")
print(f"{n:e}", f"{n:.3e}", f"{n:g}", f"{n:.2f}", f"{n:%}")
print("%d" % n, "%x" % n, "%X" % -n, "%o" % n, "%30d|" % n, "%-30d|" % n, "%e" % n, "%.2f" % (n * 10))
print("{:,}".format(10 ** 25), "{0:_x}".format(2 ** 100), format(3 ** 60, "_"), format(-(10 ** 20), ","))
print(str(10 ** 50), repr(-(10 ** 50)), [2 ** 64, -2 ** 64], (2 ** 70,), {2 ** 66})
print(f"{2 ** 64 = }", f"{n!r}")
try:
    f"{n:c}"
except OverflowError as e:
    print("OverflowError:", e)
try:
    float(2 ** 1024)
except OverflowError as e:
    print("OverflowError:", e)
try:
    (2 ** 2000) / 3.0
except OverflowError as e:
    print("OverflowError:", e)
try:
    print(2 ** 1100 / 2 ** 10)
except OverflowError as e:
    print("OverflowError:", e)
try:
    [1, 2][2 ** 70]
except IndexError as e:
    print("IndexError:", e)
try:
    "ab" * (2 ** 70)
except OverflowError as e:
    print("OverflowError:", e)
try:
    str(10 ** 5000)
except ValueError as e:
    print("ValueError:", str(e)[:60])
try:
    1 << -1
except ValueError as e:
    print("ValueError:", e)
try:
    (2 ** 70) // 0
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
try:
    (2 ** 70) % 0
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
print(len(str(2 ** 10000)), str(2 ** 10000)[:20])
