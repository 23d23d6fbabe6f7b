# badinput: an error raised in __del__ is reported as ignored and the program goes on
# expect-exit: 0
# expect-stderr: ValueError: in del
# expect-stdout: went on
class D:
    def __del__(self):
        raise ValueError('in del')
d = D()
del d
print('went on')
