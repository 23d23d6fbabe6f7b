# Assignment expressions (PEP 572): `name := value` in if/while tests, call arguments, displays,
# subscripts and comprehension conditions. In a comprehension the name binds in the first
# enclosing scope that is no comprehension (a function's local, the module's global); in a
# function the name is a plain local that closures see.
import re

data = [3, 0, 7, 12, 0, 5]

if (n := len(data)) > 4:
    print("long list", n)

i = 0
total = 0
while (x := data[i]) != 12:
    total += x
    i += 1
print("stopped at", x, "after", i, "total", total)

print([y for v in data if (y := v * 2) > 6], "last y:", y)
print({r: r * r for v in data if (r := v % 4)}, "r =", r)
print(sum(w for v in data if (w := v + 1) % 2 == 0), "w =", w)


def f(values):
    hits = [m for v in values if (m := v - 1) > 2]
    inner = lambda: m * 10
    return hits, m, inner()


print(f([1, 5, 9]))


def closure():
    k = 0
    def bump():
        nonlocal k
        return [k := k + v for v in range(4)]
    return bump(), k


print(closure())

print(print_len := len("abc"), print_len)
print([z := 5, z ** 2], (q := 3, q + 1))
print({s := "set", s.upper()} == {"set", "SET"})
d = {"a": 1}
print(data[(j := 2)], j, data[k2 := 3], k2)

pat = re.compile(r"(\d+)-(\d+)")
lines = ["x 1-2", "nothing", "y 30-40"]
for line in lines:
    if (mt := pat.search(line)) is not None:
        print(line, "->", mt.group(1), mt.group(2))
    else:
        print(line, "-> no match")

chunks = iter(["ab", "cd", ""])
out = []
while chunk := next(chunks):
    out.append(chunk)
print(out)


def gen():
    if any((hit := v) > 6 for v in data):
        return hit
    return None


print(gen())


class C:
    attr = (val := 41) + 1


print(C.attr, C.val)
print((lambda: (t := 9) + t)())

