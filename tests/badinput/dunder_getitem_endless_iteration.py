# badinput: the old __getitem__ iteration protocol never ends: list() stops at the budget
# kiln-args: --max-instructions 1000000
# expect-exit: 1
# expect-stderr: KilnLimitError
class Seq:
    def __getitem__(self, i):
        return i
list(Seq())
