# badinput: two objects with __del__ in a reference cycle, alive at exit: the shutdown's final collection finalizes both, oldest first
# expect-exit: 0
# expect-stdout: end|del a|del b|
class Node:
    def __init__(self, name):
        self.name = name
    def __del__(self):
        print('del', self.name, end='|')
a = Node('a')
b = Node('b')
a.peer = b
b.peer = a
del a, b
print('end', end='|')
