# badinput: a with statement over an object with __enter__ but no __exit__
# expect-exit: 1
# expect-stderr: TypeError: 'CM' object does not support the context manager protocol (missed __exit__ method)
class CM:
    def __enter__(self):
        return self
with CM():
    pass
