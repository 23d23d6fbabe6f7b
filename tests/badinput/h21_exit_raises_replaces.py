# badinput: __exit__ raising replaces the body's exception
# expect-exit: 1
# expect-stderr: KeyError: 'from exit'
class CM:
    def __enter__(self): return self
    def __exit__(self, *a): raise KeyError('from exit')
with CM():
    1/0
