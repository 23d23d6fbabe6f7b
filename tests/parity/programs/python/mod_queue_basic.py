# queue: FIFO, LIFO, priority, Empty
import types, numbers, textwrap, pprint, statistics, csv, io, queue, math
q = queue.Queue(); q.put(1); q.put(2); print(q.get(), q.qsize(), q.empty())
pq = queue.PriorityQueue(); [pq.put(x) for x in (5, 1, 3)]; print(pq.get(), pq.get())
lq = queue.LifoQueue(); lq.put(1); lq.put(2); print(lq.get())
try: queue.Queue().get_nowait()
except queue.Empty: print('empty')
