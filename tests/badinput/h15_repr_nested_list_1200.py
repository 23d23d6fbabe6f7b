# badinput: a list and a dict nested 1200 deep print as in CPython 3.12 (its C recursion limit is 1500); Kiln stopped at 800 with RecursionError
# expect-exit: 0
# expect-stdout: 2402|6002
l = []
for i in range(1200):
    l = [l]
n = len(repr(l))
d = {}
for i in range(1200):
    d = {1: d}
print(n, len(repr(d)), sep="|")
