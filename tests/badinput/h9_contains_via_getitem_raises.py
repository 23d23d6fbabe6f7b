# badinput: 'in' falls back to __getitem__, which raises
# expect-exit: 1
# expect-stderr: KeyError: 0
class A:
    def __getitem__(self, i):
        raise KeyError(i)
print(3 in A())
