# badinput: a keys view reflects changes; iterating it after a resize raises
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
d = {i: i for i in range(3)}
ks = d.keys()
it = iter(ks)
next(it)
d[99] = 0
next(it)
