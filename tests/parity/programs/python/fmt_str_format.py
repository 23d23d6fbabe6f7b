# str.format with field names, attributes, indexes, conversions and nested specs.
class P:
    def __init__(self):
        self.name = "pt"
        self.xs = [10, 20, 30]

    def __repr__(self):
        return "P()"

    def __str__(self):
        return "a P"


p = P()
print("{0.name} {0.xs[1]}".format(p))
print("{p.name}/{p.xs[2]}".format(p=p))
print("{a[0]} {a[1]}".format(a=[7, 8]))
print("{d[key]} {d[k2]}".format(d={"key": 1, "k2": "v"}))
print("{0[0]}{0[1]}".format("ab"))
print("{!r:>10}|".format("hi"))
print("{!s} {!r}".format(p, p))
print("{0!r} {0}".format(p))
print("{:{}} {:.{}f}".format("x", 4, 3.14159, 2))
print("{0:{1}}|".format(5, 6))
print("{:*^{w}}".format("mid", w=11))
print("{} {} {}".format(1, "two", 3.0))
print("{1} {0} {1}".format("a", "b"))
print("{{}} {}".format("brace"))
print("{x}-{y}".format(x=1, y=2), "{}".format([1, 2]))
print("{:,}".format(1234567), "{:08.3f}".format(-3.14159), "{:+d}".format(5))
print("{:x} {:X} {:o} {:b} {:#x} {:c}".format(255, 255, 8, 5, 255, 65))
print("{0:<5}|{0:>5}|{0:^5}|".format("ab"))
print(format(3.5), format(3.5, ".3f"), format(255, "x"), format("s", ">3"), format(1234, ","))
print(format(True), format(True, "d"), format(None), format([1]))
print("{:e}".format(0.0001234), "{:.2g}".format(12345), "{:g}".format(1.0), "{:.0f}".format(2.5))
print("{:%}".format(0.5), "{:.2%}".format(1 / 3))
for bad in ["{0.missing}", "{0[5]}", "{", "}", "{0!x}", "{:d}", "{1}"]:
    try:
        print(bad.format(p) if "missing" in bad else bad.format("s"))
    except Exception as e:
        print(type(e).__name__ + ":", e)
try:
    "{} {0}".format(1, 2)
except ValueError as e:
    print("ValueError:", e)
try:
    "{0} {}".format(1, 2)
except ValueError as e:
    print("ValueError:", e)
try:
    "{name}".format(1)
except KeyError as e:
    print("KeyError:", e)
