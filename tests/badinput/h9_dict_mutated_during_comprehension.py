# badinput: a dict changes size while a comprehension iterates it
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
d = {1: 1, 2: 2}
{k: d.setdefault(k + 10, 0) for k in d}
