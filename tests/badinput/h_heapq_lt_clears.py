# badinput: heapq lt clears (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: RuntimeError: list changed size during iteration
import heapq
h = []
class A:
    def __init__(self, v): self.v = v
    def __lt__(self, o):
        h.clear(); return self.v < o.v
for i in range(10): heapq.heappush(h, A(i))
print(len(h))
