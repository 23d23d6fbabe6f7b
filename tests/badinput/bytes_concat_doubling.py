# badinput: b = b + b forever
# expect-exit: 1
# expect-stderr: MemoryError: a bytes of
# skip-sanitize: one object built up to its 1 GiB limit: the limit is checked in the native run; under ASan the case only spends ~20 s faulting in a GiB
b = b"x"
while True:
    b = b + b
