# badinput: hash of a tuple whose element's __hash__ raises: the user's error
# expect-exit: 1
# expect-stderr: RuntimeError: no hash
class H:
    def __hash__(self): raise RuntimeError("no hash")
hash((1, H()))
