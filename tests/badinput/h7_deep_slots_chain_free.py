# badinput: freeing a chain of 200,000 __slots__ objects
# expect-exit: 0
# expect-stdout: freed
class Node:
    __slots__ = ('next',)
head = None
for i in range(200000):
    n = Node()
    n.next = head
    head = n
head = None
print('freed')
