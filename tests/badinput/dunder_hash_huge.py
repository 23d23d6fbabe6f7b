# badinput: __hash__ returns a 100-bit int: reduced as CPython does, the key still works
# expect-exit: 0
# expect-stdout: found True
class H:
    def __hash__(self):
        return 2**100 + 7
    def __eq__(self, other):
        return isinstance(other, H)
d = {H(): "found"}
print(d[H()], hash(H()) == hash(2**100 + 7))
