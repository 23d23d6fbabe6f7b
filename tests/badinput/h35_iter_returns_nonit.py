# badinput: Python misuse: iter returns nonit
# expect-exit: 1
# expect-stderr: TypeError: iter() returned non-iterator of type 'int'
class C:
    def __iter__(self):
        return 5
list(C())
