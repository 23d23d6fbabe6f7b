# badinput: set discard during iter (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RuntimeError: Set changed size during iteration
s = set(range(10))
for x in s:
    s.discard(x)
