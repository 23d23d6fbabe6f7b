# badinput: Event.wait() without a timeout on an event nobody can set (Kiln runs each started thread
# to its end inside start(), so the waiter would hang forever in CPython's sense): a RuntimeError, no hang
# expect-exit: 1
# expect-stderr: RuntimeError: Event.wait() would wait forever: the event is not set and only another thread could set it
import threading
done = threading.Event()
threading.Thread(target=lambda: None).start()
done.wait()
