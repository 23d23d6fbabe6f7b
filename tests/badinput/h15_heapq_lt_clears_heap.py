# badinput: a __lt__ that clears the heap during heappush: CPython's 'list changed size during iteration', no read past the list
# expect-exit: 1
# expect-stderr: RuntimeError: list changed size during iteration
import heapq
h = []
class X:
    def __init__(self, v): self.v = v
    def __lt__(self, o):
        h.clear()
        return self.v < o.v
for i in range(5):
    heapq.heappush(h, X(5 - i))
print(len(h))
