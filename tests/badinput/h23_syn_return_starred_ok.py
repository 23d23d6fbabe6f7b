# badinput: return *a, 3 (3.8+)
# expect-exit: 0
# expect-stdout: (1, 2, 3)
def f():
    a=[1,2]
    return *a, 3
print(f())
