# threading and concurrent.futures without starting threads by hand: locks, re-entrant locks, semaphores,
# events and conditions used from one thread (non-blocking and timed-out waits included), Thread objects
# before start (names, daemon flags, run()), thread-local data, and ThreadPoolExecutor map/submit with
# futures' results, exceptions, callbacks, cancellation, wait/as_completed and the executor's errors.
import threading
from concurrent import futures
from concurrent.futures import ThreadPoolExecutor, ProcessPoolExecutor, as_completed, wait

print(threading.current_thread().name, threading.main_thread() is threading.current_thread(),
      threading.active_count(), len(threading.enumerate()), threading.current_thread().daemon)
print(threading.ThreadError is RuntimeError, isinstance(threading.get_ident(), int))

lock = threading.Lock()
print(type(lock).__name__, lock.locked(), lock.acquire(), lock.locked(), lock.acquire(False), lock.acquire(True, 0.01))
lock.release()
for bad in [lambda: lock.release(), lambda: lock.acquire(False, 1)]:
    try:
        bad()
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__, e)
with lock:
    print("inside", lock.locked())
print("after", lock.locked())

rlock = threading.RLock()
with rlock:
    with rlock:
        print("reentrant ok")
try:
    rlock.release()
except RuntimeError as e:
    print("RuntimeError", e)

sem = threading.BoundedSemaphore(2)
print(sem.acquire(), sem.acquire(), sem.acquire(blocking=False), sem.acquire(timeout=0.01))
sem.release()
sem.release()
try:
    sem.release()
except ValueError as e:
    print("ValueError", e)
try:
    threading.Semaphore(-1)
except ValueError as e:
    print("ValueError", e)

ev = threading.Event()
print(ev.is_set(), ev.wait(0.01))
ev.set()
print(ev.is_set(), ev.wait(), ev.wait(1))
cond = threading.Condition()
with cond:
    print("wait", cond.wait(0.01), cond.wait_for(lambda: 42, 0.01))
    cond.notify_all()
try:
    cond.notify()
except RuntimeError as e:
    print("RuntimeError", e)
print(threading.Barrier(1).wait(), threading.Barrier(3).parties)

data = threading.local()
data.value = 5
print(data.value, hasattr(data, "other"))


def work(x, scale=1):
    return x * x * scale


t = threading.Thread(target=work, args=(3,), kwargs={"scale": 2}, name="loader", daemon=True)
print(t.name, t.daemon, t.is_alive(), t.ident, repr(t))
try:
    t.join()
except RuntimeError as e:
    print("RuntimeError", e)
u = threading.Thread(target=work)
print(u.name.endswith("(work)"), u.daemon)
u.daemon = True
print(u.daemon)

with ThreadPoolExecutor(max_workers=4) as ex:
    print(list(ex.map(work, range(6))))
    print(list(ex.map(work, [1, 2, 3], [10, 20, 30])))
    fs = [ex.submit(work, i, scale=3) for i in range(4)]
    print([f.result() for f in fs], sorted(f.result() for f in as_completed(fs)))
    done, not_done = wait(fs)
    print(len(done), len(not_done), all(f.done() for f in fs), fs[0].running(), fs[0].cancelled())
    bad = ex.submit(lambda: 1 / 0)
    print(type(bad.exception()).__name__, repr(bad).split(" at ")[0], repr(bad).split(" state=")[1])
    try:
        bad.result()
    except ZeroDivisionError as e:
        print("ZeroDivisionError", e)
    print(repr(fs[1]).split(" state=")[1], fs[1].cancel())
    seen = []
    fs[2].add_done_callback(lambda f: seen.append(f.result()))
    print(seen)
try:
    ex.submit(work, 1)
except RuntimeError as e:
    print("RuntimeError", e)

f = futures.Future()
print(repr(f).split(" state=")[1], f.done(), f.cancel(), f.cancelled(), f.done())
try:
    f.result()
except futures.CancelledError as e:
    print("CancelledError", repr(e))
g = futures.Future()
calls = []
g.add_done_callback(lambda fut: calls.append(fut.result()))
print(g.set_running_or_notify_cancel(), g.running())
g.set_result("ok")
print(calls, g.result(), repr(g).split(" state=")[1])
try:
    g.set_result("again")
except futures.InvalidStateError as e:
    print("InvalidStateError", str(e).split(":")[0])
try:
    futures.Future().result(timeout=0)
except futures.TimeoutError as e:
    print("TimeoutError", type(e) is TimeoutError)
for kw in [{"max_workers": 0}, {"initializer": 3}]:
    for cls in (ThreadPoolExecutor, ProcessPoolExecutor):
        try:
            cls(**kw)
        except (ValueError, TypeError) as e:
            print(cls.__name__, type(e).__name__, e)
print(futures.FIRST_COMPLETED, futures.ALL_COMPLETED, issubclass(futures.BrokenExecutor, RuntimeError))
