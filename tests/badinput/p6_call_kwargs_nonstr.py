# badinput: call kwargs nonstr (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: keywords must be strings
def f(**k):
    pass
f(**{1: 2})
