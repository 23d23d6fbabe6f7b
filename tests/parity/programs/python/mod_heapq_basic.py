# heapq: push/pop order, heapify layout, replace/pushpop, nlargest/nsmallest, merge, errors.
import heapq
from heapq import heappush, heappop

h = []
for v in [5, 3, 8, 1, 9, 2, 7, 1, 6]:
    heappush(h, v)
    print(h)
out = []
while h:
    out.append(heappop(h))
    print(h)
print(out)

x = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
heapq.heapify(x)
print(x)
print(heapq.heapreplace(x, 11), x)
print(heapq.heappushpop(x, -1), x)
print(heapq.heappushpop(x, 4), x)

tasks = []
heappush(tasks, (2, 'write'))
heappush(tasks, (1, 'read'))
heappush(tasks, (3, 'sleep'))
heappush(tasks, (1, 'eat'))
print([heappop(tasks) for _ in range(4)])

data = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
print(heapq.nlargest(3, data), heapq.nsmallest(4, data))
print(heapq.nlargest(0, data), heapq.nsmallest(20, data))
people = [('ann', 31), ('bob', 25), ('cid', 31), ('dan', 19)]
print(heapq.nlargest(2, people, key=lambda p: p[1]))
print(heapq.nsmallest(2, people, key=lambda p: p[1]))

print(list(heapq.merge([1, 4, 7], [2, 5, 8], [3, 6, 9])))
print(list(heapq.merge([1, 3], [], [2, 2, 10])))
print(list(heapq.merge(['bb', 'a'], ['ccc', 'dd'], key=len, reverse=True)))
print(list(heapq.merge([5, 3, 1], [4, 2], reverse=True)))

for bad in [lambda: heappop([]), lambda: heapq.heapreplace([], 1), lambda: heappush((), 1)]:
    try:
        bad()
    except (IndexError, TypeError) as e:
        print(type(e).__name__, e)
