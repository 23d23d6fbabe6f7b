# badinput: call starstar non mapping
# expect-exit: 1
# expect-stderr: TypeError: __main__.f() argument after ** must be a mapping, not int
def f(**k): pass
f(**5)
