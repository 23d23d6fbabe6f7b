# badinput: call kwargs dup (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: f() got multiple values for argument 'a'
def f(a):
    pass
f(*[1], **{'a': 2})
