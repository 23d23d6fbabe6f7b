# badinput: list() of an iterable whose __len__ claims 10**18 items: CPython preallocates from __len__ (PyObject_LengthHint) and fails with MemoryError; Kiln ignored __len__ and returned []
# expect-exit: 1
# expect-stderr: MemoryError: a list of 1000000000000000000 items is over Kiln's limit of 1 GiB for one list
class Liar:
    def __iter__(self):
        return iter(())
    def __len__(self):
        return 10**18
print(list(Liar()))
