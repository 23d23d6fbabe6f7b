# threading as scripts use it, run on one thread: Thread(target, args).start/join, subclassed run,
# Lock/RLock/Semaphore as context managers, Event, threading.local per thread, names; queue.Queue,
# PriorityQueue and LifoQueue, Empty.
import threading, queue, time
results = []
lock = threading.Lock()
def worker(n):
    with lock:
        results.append(n * n)
threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(sorted(results), all(not t.is_alive() for t in threads), threading.current_thread().name, threading.main_thread().name)
rl = threading.RLock()
with rl:
    with rl:
        print('reentrant ok')
ev = threading.Event()
print(ev.is_set()); ev.set(); print(ev.is_set(), ev.wait(0.01))
local = threading.local()
local.x = 'main'
def show():
    local.x = 'thread'
    results.append(local.x)
t = threading.Thread(target=show, name='T1'); t.start(); t.join()
print(local.x, results[-1], t.name, t.daemon)
q = queue.Queue()
for i in range(3):
    q.put(i)
print(q.qsize(), q.get(), q.get_nowait(), q.empty(), q.full())
try:
    queue.Queue(maxsize=1).get_nowait()
except queue.Empty:
    print('Empty')
pq = queue.PriorityQueue(); pq.put((2, 'b')); pq.put((1, 'a')); print(pq.get())
lq = queue.LifoQueue(); lq.put(1); lq.put(2); print(lq.get())
class Counter(threading.Thread):
    def __init__(self):
        super().__init__()
        self.total = 0
    def run(self):
        for i in range(5):
            self.total += i
c = Counter(); c.start(); c.join(); print(c.total)
print(lock.acquire(), lock.locked(), lock.release(), lock.locked(), lock.acquire(blocking=False))
lock.release()
sem = threading.Semaphore(2)
with sem:
    print('in semaphore')
print(threading.active_count(), len(threading.enumerate()))
