# badinput: __repr__ reprs the list holding the object: the inner list prints [...]
# expect-exit: 0
# expect-stdout: [R[...]]
class R:
    def __repr__(self):
        return "R" + repr(holder)
holder = [R()]
print(holder)
