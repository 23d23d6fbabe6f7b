# badinput: list remove eq mutates (CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: list.remove(x): x not in list
class E:
    def __eq__(self, o):
        lst.clear(); return False
lst = [E(), E(), E()]
try: lst.remove(1)
except ValueError as e: print(e)
print(len(lst))
