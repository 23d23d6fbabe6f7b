# badinput: with on a class instead of an instance
# expect-exit: 1
# expect-stderr: TypeError: 'type' object does not support the context manager protocol
class CM:
    def __enter__(self):
        return self
    def __exit__(self, *a):
        return False
with CM:
    pass
