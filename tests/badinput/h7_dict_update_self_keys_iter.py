# badinput: d.update over a generator of d's items adding keys
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
d = {1: 1}
d.update((k + 1, v) for k, v in d.items())
