# badinput: __next__ raises a non-StopIteration error inside list()
# expect-exit: 1
# expect-stderr: LookupError: next failed
class It:
    def __iter__(self):
        return self
    def __next__(self):
        raise LookupError("next failed")
list(It())
