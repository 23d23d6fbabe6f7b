# badinput: self ref list repr (CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: [1, [...]]
a = [1]; a.append(a); print(a)
d = {}; d[1] = d; print(d)
