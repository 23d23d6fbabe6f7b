# badinput: Python misuse: sum str
# expect-exit: 1
# expect-stderr: TypeError: sum() can't sum strings [use ''.join(seq) instead]
sum(["a", "b"], "")
