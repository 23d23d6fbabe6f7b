# badinput: a class defining __eq__ only is unhashable, as in CPython
# expect-exit: 1
# expect-stderr: TypeError: unhashable type: 'H'
class H:
    def __eq__(self, other):
        return True
d = {H(): 1}
