# badinput: __hash__ returns a float (used by a set)
# expect-exit: 1
# expect-stderr: TypeError: __hash__ method should return an integer
class H:
    def __hash__(self):
        return 1.5
s = set()
s.add(H())
