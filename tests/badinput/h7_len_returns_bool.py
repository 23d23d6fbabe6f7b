# badinput: __len__ returns True
# expect-exit: 0
# expect-stdout: 1 True
class L:
    def __len__(self): return True
print(len(L()), bool(L()))
