# badinput: a __del__ that raises: CPython reports "Exception ignored in" and goes on
# expect-exit: 0
# expect-stderr: ZeroDivisionError: division by zero
# expect-stdout: alive
class A:
    def __del__(self):
        1 / 0
a = A()
del a
print("alive")
