# badinput: freeing a chain of 200,000 objects linked through attributes
# expect-exit: 0
# expect-stdout: freed
class Node:
    pass
head = None
for i in range(200000):
    n = Node()
    n.next = head
    head = n
head = None
print('freed')
