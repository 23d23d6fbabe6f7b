# badinput: __del__ raising: CPython prints 'Exception ignored in' and the program goes on
# expect-exit: 0
# expect-stdout: after
class D:
    def __del__(self):
        raise ValueError("from del")
d = D()
del d
print("after")
