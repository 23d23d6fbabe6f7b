# badinput: list == list where element __eq__ clears the other list
# expect-exit: 0
# expect-stdout: False 0
class E:
    def __eq__(self, o):
        b.clear()
        return True
a = [E(), E(), E()]
b = [E(), E(), E()]
print(a == b, len(b))
