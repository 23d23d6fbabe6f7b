# badinput: l.extend(iter(l)) grows until MemoryError as in CPython (doubled once)
# expect-exit: 1
# expect-stderr: MemoryError: a list of 67108865 items is over Kiln's limit of 1 GiB for one list (hint: iterate instead of building the list, or use a tensor)
l = [1, 2]
l.extend(iter(l))
print(l)
