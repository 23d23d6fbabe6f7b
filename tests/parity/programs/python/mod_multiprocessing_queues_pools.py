# multiprocessing's process-free part: cpu_count, the main process object, Process objects before
# start, start-method contexts, in-process queues and locks, and the errors of each.
import multiprocessing as mp
import queue

print(type(mp.cpu_count()).__name__, mp.cpu_count() >= 1)
me = mp.current_process()
print(me.name, me.daemon, me.is_alive(), me.exitcode, mp.parent_process(), mp.active_children())
print(repr(me).replace(str(me.pid), 'PID'))
print(isinstance(me.ident, int), me.ident == me.pid)

def work(x, y=2):
    print('work', x, y)

p = mp.Process(target=work, args=(1,), kwargs={'y': 3})
p2 = mp.Process(target=work, name='loader')
print(p.name, p2.name, p.is_alive(), p.exitcode, p.daemon, p.pid)
print(repr(p2).split(' parent=')[0])
p.daemon = True
print(p.daemon)
p.run()
try:
    p.join()
except AssertionError as e:
    print('AssertionError', e)
try:
    p.name = 5
except AssertionError as e:
    print('AssertionError', e)

print(mp.get_start_method(allow_none=True))
print(mp.get_all_start_methods())
print(mp.get_start_method())
try:
    mp.set_start_method('spawn')
except RuntimeError as e:
    print('RuntimeError', e)
mp.set_start_method('spawn', force=True)
print(mp.get_start_method())
ctx = mp.get_context('fork')
print(ctx.get_start_method(), mp.get_context().get_start_method())
try:
    mp.get_context('threads')
except ValueError as e:
    print('ValueError', e)
try:
    ctx.set_start_method('spawn')
except ValueError as e:
    print('ValueError', e)
mp.freeze_support()

q = mp.Queue()
for i in range(3):
    q.put(i * i)
print(q.qsize(), q.full(), [q.get() for _ in range(3)], q.empty())
try:
    q.get(timeout=0.01)
except queue.Empty as e:
    print('Empty', repr(e))
try:
    q.get_nowait()
except queue.Empty:
    print('Empty again')
q2 = mp.Queue(maxsize=1)
q2.put('a')
try:
    q2.put_nowait('b')
except queue.Full:
    print('Full', q2.full())
jq = mp.JoinableQueue()
jq.put(1)
print(jq.get())
jq.task_done()
jq.join()
try:
    jq.task_done()
except ValueError as e:
    print('ValueError', e)
sq = mp.SimpleQueue()
sq.put([1, 2])
print(sq.empty(), sq.get(), sq.empty())

lock = mp.Lock()
print(lock.acquire(), lock.acquire(False), lock.acquire(timeout=0.01))
lock.release()
with lock:
    print('inside', lock.acquire(block=False))
try:
    lock.release()
except ValueError as e:
    print('ValueError', e)
rl = mp.RLock()
with rl:
    with rl:
        print('reentrant')
s = mp.Semaphore(2)
print(s.acquire(), s.acquire(), s.acquire(False), s.get_value())
bs = mp.BoundedSemaphore(1)
try:
    bs.release()
except ValueError as e:
    print('ValueError', e)
ev = mp.Event()
print(ev.is_set(), ev.wait(0.01))
ev.set()
print(ev.is_set(), ev.wait())
ev.clear()
print(ev.is_set())
try:
    mp.Pool(0)
except ValueError as e:
    print('ValueError', e)
print(issubclass(mp.TimeoutError, mp.ProcessError), issubclass(mp.BufferTooShort, mp.ProcessError))
