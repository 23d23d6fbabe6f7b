# badinput: a linked list of 300000 instances freed at once
# expect-exit: 0
# expect-stdout: freed
class Node:
    def __init__(self, nxt):
        self.nxt = nxt
head = None
for i in range(300000):
    head = Node(head)
head = None
print("freed")
