# badinput: list eq recursive mutation (CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: False True
class E:
    def __eq__(self, o):
        a.append(E()); return True
a = [E(), E()]
b = [E(), E()]
print(a == b, len(a) > 2)
