# badinput: set mutate loop (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RuntimeError: Set changed size during iteration
s = {1, 2, 3}
for x in s: s.add(x + 10)
