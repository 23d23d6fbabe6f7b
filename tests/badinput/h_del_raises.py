# badinput: del raises (CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: after
class A:
    def __del__(self):
        raise ValueError("in del")
a = A(); del a
print("after")
