# Threads that start and are joined before the starting thread looks at their work: results, names,
# idents, thread-local data, exceptions through threading.excepthook, Events/Locks/Queues shared with
# the thread, Timer, Thread subclasses, and the import-time fire-and-forget pattern (a library's version
# check). Each start() is followed by join() before anything is printed from outside, so CPython's
# output does not depend on its scheduler (and Kiln, which runs the target inside start(), agrees).
import queue
import threading
from concurrent.futures import ThreadPoolExecutor

results = []


def work(n, out):
    out.append(n * n)


t = threading.Thread(target=work, args=(4, results))
print(t.is_alive(), t.ident is None)
t.start()
t.join()
print(results, t.is_alive(), t.ident is not None, t.ident != threading.get_ident(), "stopped" in repr(t))
try:
    t.start()
except RuntimeError as e:
    print("RuntimeError:", e)

seen = {}


def who():
    me = threading.current_thread()
    seen["name"] = me.name
    seen["is_main"] = me is threading.main_thread()
    seen["alive"] = me.is_alive()
    seen["ident"] = threading.get_ident() == me.ident
    seen["count"] = threading.active_count()
    seen["listed"] = me in threading.enumerate()
    seen["daemon"] = me.daemon


w = threading.Thread(target=who, name="worker-7", daemon=True)
w.start()
w.join(timeout=5)
print(sorted(seen.items()))
print(threading.current_thread().name, threading.active_count())

data = threading.local()
data.x = 1


def look():
    seen["has_x"] = hasattr(data, "x")
    data.x = 2
    seen["x"] = data.x


lt = threading.Thread(target=look)
lt.start()
lt.join()
print(seen["has_x"], seen["x"], data.x)


class Ctx(threading.local):
    inits = 0

    def __init__(self, depth):
        Ctx.inits += 1
        self.depth = depth


c = Ctx(3)
c.depth += 1


def ctx_in_thread():
    seen["depth"] = c.depth
    c.depth = 10


ct = threading.Thread(target=ctx_in_thread)
ct.start()
ct.join()
print(seen["depth"], c.depth, Ctx.inits)

caught = []


def hook(args):
    caught.append((args.exc_type.__name__, str(args.exc_value), args.thread.name))


old = threading.excepthook
threading.excepthook = hook


def boom():
    raise ValueError("bad input")


bt = threading.Thread(target=boom, name="boomer")
bt.start()
bt.join()
print("after boom", caught, bt.is_alive())
threading.excepthook = old


def quits():
    raise SystemExit(3)


qt = threading.Thread(target=quits)
qt.start()
qt.join()
print("SystemExit in a thread ends only that thread")

ready = threading.Event()
lock = threading.Lock()
counter = [0]


def setter():
    with lock:
        counter[0] += 1
    ready.set()


st = threading.Thread(target=setter)
st.start()
print(ready.wait(), ready.wait(timeout=1), counter, lock.locked())
st.join()

q = queue.Queue()


def producer():
    for i in range(3):
        q.put(i * 10)
    q.put(None)


pt = threading.Thread(target=producer)
pt.start()
pt.join()
got = []
while True:
    item = q.get()
    if item is None:
        break
    got.append(item)
print(got)


class Worker(threading.Thread):
    def __init__(self, k):
        super().__init__(name=f"W{k}")
        self.k = k
        self.result = None

    def run(self):
        self.result = self.k + 100


workers = [Worker(k) for k in range(3)]
for x in workers:
    x.start()
for x in workers:
    x.join()
print([(x.name, x.result) for x in workers])

fired = []
tm = threading.Timer(0.01, lambda: fired.append("timer"))
tm.start()
tm.join()
cancelled = threading.Timer(0.01, lambda: fired.append("never"))
cancelled.cancel()
cancelled.start()
cancelled.join()
print(fired)

rl = threading.RLock()


def nested():
    with rl:
        with rl:
            seen["rlock"] = "nested ok"


rt = threading.Thread(target=nested)
rt.start()
rt.join()
print(seen["rlock"])


def check_version(version):
    # DeepCTR's pattern: a version check in a thread started at import, errors swallowed
    try:
        raise ConnectionError("offline")
    except Exception:
        return


threading.Thread(target=check_version, args=("0.2.9",)).start()
print("imported")

with ThreadPoolExecutor(max_workers=2) as ex:
    print(list(ex.map(lambda v: v * 3, [1, 2, 3])), ex.submit(pow, 2, 10).result())
