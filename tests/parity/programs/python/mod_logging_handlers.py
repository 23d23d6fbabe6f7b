# logging.handlers: RotatingFileHandler's size rollover (base.1..base.N shifted, backupCount kept),
# namer/rotator hooks, MemoryHandler's flush rules, BufferingHandler, QueueHandler.prepare and
# TimedRotatingFileHandler's interval arithmetic and suffixes. timm's utils/log.py imports the module
# at package import and builds a RotatingFileHandler for its log file.
import logging
import logging.handlers
import os
import queue

base = "tmp_mod_logging_handlers.log"


def cleanup():
    for fn in sorted(os.listdir(".")):
        if fn.startswith(base):
            os.remove(fn)


cleanup()
log = logging.getLogger("probe.rot")
log.setLevel(logging.DEBUG)
log.propagate = False
h = logging.handlers.RotatingFileHandler(base, maxBytes=40, backupCount=2)
h.setFormatter(logging.Formatter("%(levelname)s:%(message)s"))
log.addHandler(h)
print(h.mode, h.maxBytes, h.backupCount, isinstance(h, logging.FileHandler), isinstance(h, logging.handlers.BaseRotatingHandler))
for i in range(9):
    log.info("message number %d", i)
h.close()
log.removeHandler(h)
for fn in sorted(os.listdir(".")):
    if fn.startswith(base):
        with open(fn) as f:
            print(fn, repr(f.read()))
cleanup()

# namer and rotator
h = logging.handlers.RotatingFileHandler(base, maxBytes=20, backupCount=1, delay=True)
h.namer = lambda name: name + ".old"
moved = []
def rotator(src, dst):
    moved.append((os.path.basename(src), os.path.basename(dst)))
    os.rename(src, dst)
h.rotator = rotator
print(h.stream is None, h.rotation_filename("x"))
log.addHandler(h)
for i in range(4):
    log.warning("abcdefghij %d", i)
h.close()
log.removeHandler(h)
print(moved)
print(sorted(fn for fn in os.listdir(".") if fn.startswith(base)))
cleanup()

# mode is forced to append when rolling over by size
h = logging.handlers.RotatingFileHandler(base, mode="w", maxBytes=10)
print(h.mode)
h.close()
h = logging.handlers.RotatingFileHandler(base, mode="w")
print(h.mode)
h.close()
cleanup()


class ListHandler(logging.Handler):
    def __init__(self):
        logging.Handler.__init__(self)
        self.seen = []

    def emit(self, record):
        self.seen.append(record.getMessage())


target = ListHandler()
mem = logging.handlers.MemoryHandler(3, flushLevel=logging.ERROR, target=target)
mlog = logging.getLogger("probe.mem")
mlog.propagate = False
mlog.setLevel(logging.DEBUG)
mlog.addHandler(mem)
mlog.info("one")
mlog.info("two")
print(len(mem.buffer), target.seen)
mlog.info("three")
print(len(mem.buffer), target.seen)
mlog.info("four")
mlog.error("five")
print(len(mem.buffer), target.seen)
mlog.info("six")
mem.close()
print(target.seen, mem.target)
mlog.removeHandler(mem)

buf = logging.handlers.BufferingHandler(2)
print(buf.shouldFlush(None), buf.capacity)

q = queue.Queue()
qh = logging.handlers.QueueHandler(q)
qlog = logging.getLogger("probe.queue")
qlog.propagate = False
qlog.addHandler(qh)
qlog.warning("hello %s %d", "queue", 3)
rec = q.get_nowait()
print(rec.msg, rec.args, rec.exc_info, rec.levelname)
qlog.removeHandler(qh)

t = logging.handlers.TimedRotatingFileHandler(base, when="midnight", backupCount=3, utc=True, delay=True)
print(t.when, t.interval, t.suffix, bool(t.extMatch.search("2024-01-05")), bool(t.extMatch.search("2024-01")))
print(t.computeRollover(0), t.computeRollover(86399), t.computeRollover(86400))
t2 = logging.handlers.TimedRotatingFileHandler(base, when="H", interval=2, delay=True)
print(t2.interval, t2.suffix, t2.computeRollover(1000))
t3 = logging.handlers.TimedRotatingFileHandler(base, when="W0", utc=True, delay=True)
print(t3.dayOfWeek, t3.computeRollover(0))
for bad in ["W7", "X", "W"]:
    try:
        logging.handlers.TimedRotatingFileHandler(base, when=bad, delay=True)
    except ValueError as e:
        print("ValueError:", e)
for x in (t, t2, t3):
    x.close()
cleanup()
print(logging.handlers.DEFAULT_TCP_LOGGING_PORT, logging.handlers.SYSLOG_UDP_PORT)
