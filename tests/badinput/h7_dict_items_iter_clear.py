# badinput: clearing a dict during items() iteration
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
d = {1: 1, 2: 2}
for k, v in d.items():
    d.clear()
