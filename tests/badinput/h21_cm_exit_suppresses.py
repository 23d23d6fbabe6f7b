# badinput: __exit__ returning True suppresses the error (valid)
# expect-exit: 0
# expect-stdout: after
class C:
    def __enter__(self): return self
    def __exit__(self, *a): return True
with C():
    1/0
print('after')
