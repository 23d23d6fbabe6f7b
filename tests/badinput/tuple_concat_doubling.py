# badinput: t = t + t forever
# expect-exit: 1
# expect-stderr: MemoryError: a tuple of
# skip-sanitize: one object built up to its 1 GiB limit: the limit is checked in the native run; under ASan the case only spends ~20 s faulting in a GiB
t = (1,)
while True:
    t = t + t
