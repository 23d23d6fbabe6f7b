# badinput: a threading.Lock acquired twice by the same thread deadlocks in CPython; Kiln raises instead
# expect-exit: 1
# expect-stderr: RuntimeError: Lock.acquire() would wait forever: the lock is held (a Lock is not re-entrant)
import threading
lock = threading.Lock()
with lock:
    with lock:
        pass
