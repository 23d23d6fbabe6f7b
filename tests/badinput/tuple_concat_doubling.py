# badinput: t = t + t forever
# expect-exit: 1
# expect-stderr: MemoryError: a tuple of
t = (1,)
while True:
    t = t + t
