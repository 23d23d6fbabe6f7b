# badinput: heapq mixed (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: '<' not supported between instances of 'str' and 'int'
import heapq
h = []
heapq.heappush(h, 1)
heapq.heappush(h, 'a')
