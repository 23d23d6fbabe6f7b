# badinput: a dict holding itself prints {...}
# expect-exit: 0
# expect-stdout: {'a': 1, 'self': {...}}
d = {"a": 1}
d["self"] = d
print(d)
