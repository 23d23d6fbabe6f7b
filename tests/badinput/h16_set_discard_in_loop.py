# badinput: a set shrinks while a for loop walks it
# expect-exit: 1
# expect-stderr: RuntimeError: Set changed size during iteration
s = set(range(10))
for x in s:
    s.discard(x + 1)
