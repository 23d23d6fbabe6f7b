# badinput: float index fallback (h10: ends normally, as in PyTorch)
# expect-exit: 0
# expect-stdout: 7.0
class I:
    def __index__(self):
        return 7
print(float(I()))
