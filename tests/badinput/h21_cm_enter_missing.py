# badinput: object with __exit__ but no __enter__
# expect-exit: 1
# expect-stderr: TypeError: 'C' object does not support the context manager protocol
class C:
    def __exit__(self, *a): pass
with C():
    pass
