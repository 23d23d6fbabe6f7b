# badinput: set mutated iter
# expect-exit: 1
# expect-stderr: RuntimeError: Set changed size during iteration
s = {1}
for k in s:
    s.add(k + 1)
