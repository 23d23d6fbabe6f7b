# badinput: Python misuse: heapq mutate cmp
# expect-exit: 1
# expect-stderr: RuntimeError: list changed size during iteration
import heapq
h = []
class C:
    def __lt__(self, o):
        h.clear()
        return True
for i in range(10):
    heapq.heappush(h, C())
print(len(h))
