# badinput: l.extend(iter(l)) grows until MemoryError as in CPython (doubled once)
# expect-exit: 1
# expect-stderr: MemoryError: a list of 67108865 items is over Kiln's limit of 1 GiB for one list (hint: iterate instead of building the list, or use a tensor)
# skip-sanitize: one object built up to its 1 GiB limit: the limit is checked in the native run; under ASan the case only spends ~20 s faulting in a GiB
l = [1, 2]
l.extend(iter(l))
print(l)
