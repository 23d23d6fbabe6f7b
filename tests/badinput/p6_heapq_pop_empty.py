# badinput: heapq pop empty (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: IndexError: index out of range
import heapq
heapq.heappop([])
