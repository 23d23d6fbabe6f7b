# badinput: heapq.heappop of an empty heap
# expect-exit: 1
# expect-stderr: IndexError: index out of range
import heapq
heapq.heappop([])
