# badinput: Python misuse: set mutation
# expect-exit: 1
# expect-stderr: RuntimeError: Set changed size during iteration
s = {1, 2, 3}
for x in s:
    s.add(x + 10)
