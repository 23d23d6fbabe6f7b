# badinput: a key whose __eq__ raises during a dict lookup with a hash collision: the user's error comes through
# expect-exit: 1
# expect-stderr: ValueError: eq failed
class K:
    def __hash__(self): return 1
    def __eq__(self, o): raise ValueError("eq failed")
d = {K(): 1}
d[K()]
