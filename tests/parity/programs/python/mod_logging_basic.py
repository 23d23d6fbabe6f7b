# logging as training scripts use it: basicConfig to stdout with a format, named loggers in a
# hierarchy, levels, propagation, handlers with their own formatters and levels, %-args, exceptions.
import logging
import sys

logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
log = logging.getLogger(__name__)
log.info("epoch %d loss %.4f", 1, 0.12345)
log.debug("not shown")
log.warning("lr=%s", 0.001)
logging.info("root info")
logging.error("root %s", "error")

child = logging.getLogger("train.model")
parent = logging.getLogger("train")
print(child.parent is parent, parent.parent is logging.getLogger(), child.getEffectiveLevel())
parent.setLevel(logging.DEBUG)
child.debug("child debug via parent level")
print(child.getEffectiveLevel(), logging.getLevelName(child.getEffectiveLevel()))

h = logging.StreamHandler(sys.stdout)
h.setFormatter(logging.Formatter("[{levelname:>8}] {name} | {message}", style="{"))
h.setLevel(logging.WARNING)
quiet = logging.getLogger("quiet")
quiet.addHandler(h)
quiet.propagate = False
quiet.info("dropped by the handler level? no: the logger level is WARNING from root")
quiet.warning("shown once, by its own handler")
quiet.propagate = True
quiet.error("shown twice")

class Short(logging.Formatter):
    def formatException(self, ei):
        return "  " + ei[0].__name__ + ": " + str(ei[1])


exc_log = logging.getLogger("exc")
exc_handler = logging.StreamHandler(sys.stdout)
exc_handler.setFormatter(Short("%(levelname)s:%(message)s"))
exc_log.addHandler(exc_handler)
exc_log.propagate = False
try:
    1 / 0
except ZeroDivisionError:
    exc_log.exception("failed: %s", "division")

print(logging.getLevelName(25), logging.getLevelName("INFO"), logging.WARN, logging.FATAL)
logging.addLevelName(25, "NOTICE")
log.log(25, "a notice")
adapter = logging.LoggerAdapter(log, {"run": 7})
adapter.info("through an adapter")
f = logging.Formatter("%(message)s | %(levelno)d")
rec = logging.LogRecord("x", logging.INFO, "file.py", 3, "hello %s", ("world",), None)
print(f.format(rec), rec.getMessage(), rec.levelname)
logging.disable(logging.CRITICAL)
log.error("disabled")
logging.disable(logging.NOTSET)
log.error("enabled again")
print(repr(logging.getLogger("train")), repr(logging.getLogger()))
logging.basicConfig(stream=sys.stdout, format="again %(message)s")
log.warning("basicConfig twice keeps the first")
logging.basicConfig(stream=sys.stdout, format="forced %(message)s", force=True)
log.warning("force replaces it")
