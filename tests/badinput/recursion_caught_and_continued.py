# badinput: RecursionError is caught and the program goes on
# expect-exit: 0
# expect-stdout: survived 3 recursion errors
def f():
    f()
for i in range(3):
    try:
        f()
    except RecursionError:
        pass
print("survived 3 recursion errors")
