# badinput: Queue.join() with unfinished tasks would wait forever in one thread
# expect-exit: 1
# expect-stderr: RuntimeError: Queue.join() would wait forever: 1 unfinished task(s) and Kiln runs one thread
import queue
q = queue.Queue()
q.put(1)
q.join()
