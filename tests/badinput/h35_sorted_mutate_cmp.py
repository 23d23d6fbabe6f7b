# badinput: a key whose __lt__ clears the list sorted() copied
# expect-exit: 0
# expect-stdout: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
a = list(range(10))
class K:
    def __init__(self, v): self.v = v
    def __lt__(self, o):
        a.clear()
        return self.v < o.v
print(sorted(a, key=K))
