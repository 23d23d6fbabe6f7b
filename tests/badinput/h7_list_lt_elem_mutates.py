# badinput: list < list where element __eq__ shrinks both lists
# expect-exit: 0
# expect-stdout: False 0 0
class E:
    def __eq__(self, o):
        a.clear(); b.clear()
        return False
    def __lt__(self, o): return True
a = [E(), E()]
b = [E(), E()]
print(a < b, len(a), len(b))
