# badinput: pop during dict.values() iteration
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
d = {1: 1, 2: 2, 3: 3}
for v in d.values():
    d.pop(3, None)
