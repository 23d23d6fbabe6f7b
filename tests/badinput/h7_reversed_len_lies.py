# badinput: reversed of a sequence whose __len__ exceeds what __getitem__ serves
# expect-exit: 0
# expect-stdout: []
class S:
    def __len__(self): return 3
    def __getitem__(self, i):
        if i >= 1: raise IndexError(i)
        return i
print(list(reversed(S())))
