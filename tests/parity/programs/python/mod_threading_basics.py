# threading as one thread sees it: locks (reentrancy, non-blocking acquire, release errors), RLock,
# Condition/Semaphore/Event/Barrier without waiting, thread-local data, the main thread, Thread
# objects before they start (names, daemon, run() called directly), and a lock-guarded cache of the
# kind libraries keep at module level.
import functools
import threading

lock = threading.Lock()
print(type(lock).__name__, type(lock).__module__, lock.locked())
with lock:
    print("inside", lock.locked(), lock.acquire(False), lock.acquire(timeout=0.01))
print(lock.locked(), lock.acquire(), lock.locked())
lock.release()
try:
    lock.release()
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    lock.acquire(False, 1)
except ValueError as e:
    print("ValueError:", e)
print(repr(lock).split(" object")[0])

r = threading.RLock()
with r:
    with r:
        print("rlock nested", repr(r).split(" owner")[0])
try:
    r.release()
except RuntimeError as e:
    print("RuntimeError:", e)

cond = threading.Condition()
with cond:
    print("wait_for", cond.wait_for(lambda: 42, timeout=0.01), cond.wait(0))
    cond.notify()
    cond.notify_all()
try:
    cond.notify()
except RuntimeError as e:
    print("RuntimeError:", e)

sem = threading.BoundedSemaphore(2)
print(sem.acquire(), sem.acquire(), sem.acquire(blocking=False))
sem.release()
sem.release()
try:
    sem.release()
except ValueError as e:
    print("ValueError:", e)
with threading.Semaphore(1):
    print("semaphore held")

ev = threading.Event()
print(ev.is_set(), ev.wait(0.01))
ev.set()
print(ev.is_set(), ev.wait())
ev.clear()
print(ev.is_set())

b = threading.Barrier(1, action=lambda: print("barrier action"))
print(b.wait(), b.parties, b.n_waiting, b.broken)
b.abort()
try:
    b.wait()
except threading.BrokenBarrierError as e:
    print("BrokenBarrierError", isinstance(e, RuntimeError))

data = threading.local()
data.x = 5
print(data.x, hasattr(data, "y"), type(data).__module__)


class Ctx(threading.local):
    def __init__(self, depth=0):
        self.depth = depth


c = Ctx(3)
c.depth += 1
print(c.depth)

main = threading.current_thread()
print(main.name, main is threading.main_thread(), main.daemon, main.is_alive(), threading.active_count())
print(len(threading.enumerate()), threading.enumerate()[0] is main, type(main).__name__)
print(isinstance(threading.get_ident(), int), main.ident == threading.get_ident())


def work(n, out):
    out.append(n * n)


results = []
t = threading.Thread(target=work, args=(4, results))
t2 = threading.Thread(target=work, args=(5, results), name="worker", daemon=True)
t3 = threading.Thread()
print(t.name.split("-")[0], t.name.endswith(" (work)"), t2.name, t2.daemon, t.daemon, t.is_alive(), t.ident)
print(repr(t2), repr(t3).startswith("<Thread(Thread-"))
t.run()
print(results)
try:
    t2.join()
except RuntimeError as e:
    print("RuntimeError:", e)
t2.daemon = False
print(t2.isDaemon(), t2.getName())

_cache_lock = threading.Lock()
_cache = {}


def cached_square(x):
    with _cache_lock:
        if x not in _cache:
            _cache[x] = x * x
        return _cache[x]


print([cached_square(i) for i in (2, 3, 2)], sorted(_cache))
print(threading.TIMEOUT_MAX > 1e9, threading.ThreadError is RuntimeError, threading.stack_size())
try:
    threading.stack_size(100)
except ValueError as e:
    print("ValueError:", e)
print(functools.reduce(lambda a, b: a + b, [threading.Lock().locked() for _ in range(3)], 0))
