# badinput: adding to a set while iterating it
# expect-exit: 1
# expect-stderr: RuntimeError: Set changed size during iteration
s = {1}
for k in s:
    s.add(k + 1)
