# badinput: sorted(d) whose key function adds keys to d (sorted copies first: fine)
# expect-exit: 0
# expect-stdout: [1, 2, 3]
d = {3: 0, 1: 0, 2: 0}
print(sorted(d, key=lambda k: d.setdefault(k + 100, 0) or k))
