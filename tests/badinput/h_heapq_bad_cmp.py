# badinput: heapq bad cmp (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: nope
import heapq
class A:
    def __lt__(self, o): raise TypeError("nope")
h = []
heapq.heappush(h, A()); heapq.heappush(h, A())
