# badinput: hashing a tuple whose element's __hash__ raises
# expect-exit: 1
# expect-stderr: ZeroDivisionError: elem hash
class K:
    def __hash__(self): raise ZeroDivisionError('elem hash')
hash((1, 2, K()))
