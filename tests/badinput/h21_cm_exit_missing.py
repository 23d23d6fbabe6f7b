# badinput: object with __enter__ but no __exit__
# expect-exit: 1
# expect-stderr: TypeError: 'C' object does not support the context manager protocol (missed __exit__ method)
class C:
    def __enter__(self): return self
with C():
    pass
