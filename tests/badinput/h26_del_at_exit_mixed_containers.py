# badinput: shutdown finalizer order over globals, instance attributes, nested lists/tuples/dicts and a class attribute, as CPython 3.11/3.12 print it
# expect-exit: 0
# expect-stdout: end|del it0|del it1|del hx|del top|del child|del hy1|del hy0|del n0|del classattr|del n2|del n1|
class A:
    def __init__(self, i): self.i = i
    def __del__(self): print('del', self.i, end='|')
class Holder:
    def __init__(self):
        self.x = A('hx')
        self.y = [A('hy0'), A('hy1')]
items = []
for i in range(2):
    items.append(A(f'it{i}'))
h = Holder()
nested = {'k': [A('n0'), (A('n1'), A('n2'))]}
top = A('top')
top.child = A('child')
class K:
    attr = A('classattr')
print('end', end='|')
