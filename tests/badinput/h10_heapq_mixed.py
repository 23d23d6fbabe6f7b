# badinput: heapq mixed
# expect-exit: 1
# expect-stderr: TypeError: '<' not supported between instances of 'str' and 'int'
import heapq
h = []
heapq.heappush(h, 1)
heapq.heappush(h, "a")
