# socket's names that ML programs use without connecting (gethostname for run names, the exception
# types, constants) and CPython's OSError subclasses as builtins (TimeoutError, ConnectionError and
# its subclasses, ...), which download code names in except clauses.
import builtins
import socket

print(socket.error is OSError, socket.timeout is TimeoutError, issubclass(socket.gaierror, OSError),
      issubclass(socket.herror, OSError), socket.gaierror.__module__)
print(socket.AF_INET, socket.SOCK_STREAM, socket.AF_INET6, socket.SOCK_DGRAM, socket.SOL_SOCKET,
      socket.SO_REUSEADDR, socket.IPPROTO_TCP, repr(socket.AF_INET), repr(socket.SOCK_STREAM))
print(repr(socket.gaierror(-2, "Name or service not known")), str(socket.gaierror(-2, "Name or service not known")))
h = socket.gethostname()
print(type(h).__name__, len(h) > 0, socket.getfqdn("example.org"))
for name in ["TimeoutError", "ConnectionError", "BrokenPipeError", "ConnectionAbortedError", "ConnectionRefusedError",
             "ConnectionResetError", "BlockingIOError", "ChildProcessError", "InterruptedError", "ProcessLookupError"]:
    t = getattr(builtins, name)
    print(name, [c.__name__ for c in t.__mro__[1:-2]])
e = ConnectionRefusedError(111, "Connection refused")
print(repr(e), e.errno, e.strerror, str(e), e.args)
try:
    raise TimeoutError("timed out")
except OSError as err:
    print(type(err).__name__, err, err.errno)
try:
    raise ConnectionResetError(104, "Connection reset by peer")
except ConnectionError as err:
    print(type(err).__name__, err)
