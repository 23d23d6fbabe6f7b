# sys.excepthook as logging setups install it: an uncaught exception reaches the program's hook with
# (type, value, traceback) instead of the default report; the hook chains to sys.__excepthook__ for
# KeyboardInterrupt, reads the traceback's last frame, and can itself be called directly. The default
# hook is sys.__excepthook__; given a non-exception it reports CPython's TypeError line on stderr.
import sys
import traceback

print(sys.excepthook is sys.__excepthook__)


def handle_exception(exc_type, exc_value, exc_traceback):
    if issubclass(exc_type, KeyboardInterrupt):
        sys.__excepthook__(exc_type, exc_value, exc_traceback)
        return
    last = traceback.extract_tb(exc_traceback)[-1]
    print("Uncaught exception:", exc_type.__name__, exc_value, "at line", last.lineno, "in", last.name)
    print("".join(traceback.format_exception_only(exc_type, exc_value)), end="")


sys.excepthook = handle_exception
print(sys.excepthook is sys.__excepthook__)
sys.__excepthook__(ValueError, 3, None)  # reported on stderr, not raised


def train(step):
    if step == 2:
        raise RuntimeError(f"loss diverged at step {step}")
    return step


for s in range(4):
    print("step", train(s))
