# badinput: a loop over a dict deletes each key and adds another (the size never changes)
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary keys changed during iteration
d = {1: 1, 2: 2}
for k in d:
    del d[k]
    d[k + 100] = 1
print("unreachable: the loop would otherwise run forever")
