# badinput: dict cleared during iteration of its values view
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
d = {1: 2, 3: 4}
for v in d.values():
    d.clear()
