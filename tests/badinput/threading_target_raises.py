# badinput: an exception in a thread's target is printed by threading.excepthook and does not stop the
# program (CPython's "Exception in thread NAME:" + traceback on stderr); the program ends normally
# expect-exit: 0
# expect-stdout: main thread goes on
import threading
def target():
    raise KeyError("missing")
t = threading.Thread(target=target, name="loader")
t.start()
t.join()
print("main thread goes on")
