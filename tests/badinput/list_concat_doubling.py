# badinput: l = l + l forever (the list limit held for l += l only)
# expect-exit: 1
# expect-stderr: MemoryError: a list of
# skip-sanitize: one object built up to its 1 GiB limit: the limit is checked in the native run; under ASan the case only spends ~20 s faulting in a GiB
l = [1]
while True:
    l = l + l
