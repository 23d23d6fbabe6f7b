# badinput: call starstar non str key
# expect-exit: 1
# expect-stderr: TypeError: keywords must be strings
def f(**k): pass
f(**{1: 2})
