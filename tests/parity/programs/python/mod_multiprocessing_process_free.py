# multiprocessing's process-free part, as RL and training scripts touch it at import time or before any
# worker starts: the main process, start methods and contexts (with their errors), Process objects
# that are never started (names, daemon flag, repr, run() in-process, join() refused), the exception
# hierarchy, in-process queues, locks, events and shared values. (Starting a process is not
# exercised: CPython would fork.)
import multiprocessing as mp
import os
import queue

print(mp.current_process().name, mp.current_process().daemon, mp.current_process().exitcode)
print(mp.current_process().pid == os.getpid(), mp.parent_process(), mp.active_children())
print(repr(mp.current_process()))
print(mp.cpu_count() == os.cpu_count(), mp.get_all_start_methods())
print(mp.get_start_method(allow_none=True))
try:
    mp.set_start_method('bogus')
except ValueError as e:
    print('ValueError:', e)
mp.set_start_method('spawn')
try:
    mp.set_start_method('fork')
except RuntimeError as e:
    print('RuntimeError:', e)
mp.set_start_method('fork', force=True)
print(mp.get_start_method(), type(mp.get_context()).__name__, type(mp.get_context('spawn')).__name__)
print(mp.get_context('forkserver').get_start_method())
try:
    mp.get_context('threads')
except ValueError as e:
    print('ValueError:', e)

out = []
p = mp.Process(target=out.append, args=(5,))
q = mp.Process(target=print, name='worker', daemon=True)
print(p.name, q.name, p.daemon, q.daemon, p.is_alive(), p.exitcode)
print(repr(p).replace(str(os.getpid()), 'PID'))
print(repr(q).replace(str(os.getpid()), 'PID'))
p.run()
print(out)
try:
    p.join()
except AssertionError as e:
    print('AssertionError:', e)
p.name = 'renamed'
print(p.name)

print([c.__name__ for c in mp.TimeoutError.__mro__])
print(issubclass(mp.AuthenticationError, mp.ProcessError), issubclass(mp.BufferTooShort, mp.ProcessError))

qu = mp.Queue()
qu.put(1)
qu.put('two')
print(qu.get(), qu.get(), qu.empty())
try:
    qu.get_nowait()
except queue.Empty:
    print('Empty')
sq = mp.SimpleQueue()
sq.put([1, 2])
print(sq.empty(), sq.get(), sq.empty())

lock = mp.Lock()
print(lock.acquire(), lock.acquire(False))
lock.release()
with mp.RLock() as got:
    print('rlock', got)
ev = mp.Event()
print(ev.is_set(), ev.wait(0))
ev.set()
print(ev.is_set())
sem = mp.BoundedSemaphore(1)
print(sem.acquire(), sem.acquire(False))
sem.release()
try:
    sem.release()
except ValueError as e:
    print('ValueError:', e)

v = mp.Value('d', 0.5)
v.value += 1
print(v, v.value)
print(mp.Value('i', 7, lock=False), mp.RawValue('i', 3))
a = mp.Array('i', 3)
a[1] = 9
print(a[:], len(a))
print(mp.Array('d', [1.5, 2])[:], mp.RawArray('i', [4, 5])[:])
try:
    mp.Value('z', 1)
except TypeError as e:
    print('TypeError:', e)
