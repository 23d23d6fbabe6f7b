# badinput: __index__ returns 2**80 when used as a list index
# expect-exit: 1
# expect-stderr: IndexError: cannot fit 'I' into an index-sized integer
class I:
    def __index__(self):
        return 2**80
[1, 2, 3][I()]
