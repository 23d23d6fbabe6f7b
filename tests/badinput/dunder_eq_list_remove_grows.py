# badinput: dunder eq list remove grows (issue 31 sweep)
# expect-exit: 0
# expect-stdout: 50
class E:
    def __eq__(self, o):
        l.extend([E()] * 3) if len(l) < 50 else None
        return False
l = [E(), E()]
try:
    l.remove(0)
except ValueError as e:
    print('ValueError', e)
print(len(l))
