# badinput: a call with a million arguments unpacked
# expect-exit: 0
# expect-stdout: 1000000
def f(*a):
    return len(a)
print(f(*range(10**6)))
