# badinput: list lt mutation (CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: False
class E:
    def __eq__(self, o): b.clear(); return False
    def __lt__(self, o): return True
a = [E(), E()]
b = [E(), E()]
print(a < b)
