# badinput: a __getitem__ recursing 900 levels runs (CPython inlines it)
# expect-exit: 0
# expect-stdout: 900
class T:
    def __init__(self, k): self.k = k
    def __getitem__(self, i):
        return 0 if self.k == 0 else T(self.k - 1)[i] + 1
print(T(900)[0])
