# badinput: return in finally swallows the exception (CPython behaviour)
# expect-exit: 0
# expect-stdout: finally wins
def f():
    try:
        raise ValueError("lost")
    finally:
        return "finally wins"
print(f())
