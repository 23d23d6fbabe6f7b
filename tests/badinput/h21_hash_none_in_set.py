# badinput: instance of a class with __eq__ only put in a set
# expect-exit: 1
# expect-stderr: TypeError: unhashable type: 'P'
class P:
    def __eq__(self, o): return True
{P()}
