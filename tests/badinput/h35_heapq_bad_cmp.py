# badinput: Python misuse: heapq bad cmp
# expect-exit: 1
# expect-stderr: TypeError: nope
import heapq
class C:
    def __lt__(self, o):
        raise TypeError("nope")
h = []
heapq.heappush(h, C())
heapq.heappush(h, C())
