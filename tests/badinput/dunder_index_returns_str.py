# badinput: __index__ returns a str when used as a list index
# expect-exit: 1
# expect-stderr: TypeError: __index__ returned non-int (type str)
class I:
    def __index__(self):
        return "0"
[1, 2, 3][I()]
