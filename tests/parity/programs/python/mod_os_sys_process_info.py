# The process and interpreter facts scripts read at start-up: os.getuid/geteuid/getgid/getegid/
# getppid as ints (vq-vae-2-pytorch's rendezvous port is `hash(os.getuid()) % 2 ** 14`),
# os.isatty and os.get_terminal_size without a terminal (OSError, caught), shutil.get_terminal_size's
# fallback and COLUMNS/LINES, os.terminal_size, os.urandom's length and type, sys.warnoptions,
# sys.flags, dont_write_bytecode, maxunicode, gettrace/settrace(None).
import os, shutil, sys, warnings
for f in (os.getuid, os.geteuid, os.getgid, os.getegid, os.getppid):
    print(f.__name__, type(f()).__name__, f() >= 0)
port = 2 ** 15 + 2 ** 14 + hash(os.getuid()) % 2 ** 14
print(32768 + 16384 <= port < 65536)
print(os.isatty(1), os.isatty(2))
try:
    os.get_terminal_size()
except OSError as e:
    print("OSError", e.errno, e.strerror)
os.environ.pop("COLUMNS", None)
os.environ.pop("LINES", None)
print(shutil.get_terminal_size())
print(shutil.get_terminal_size((120, 40)))
os.environ["COLUMNS"] = "100"
print(shutil.get_terminal_size().columns, shutil.get_terminal_size().lines)
ts = os.terminal_size((3, 4))
print(ts, ts.columns, ts.lines, tuple(ts))
try:
    os.terminal_size((1, 2, 3))
except TypeError as e:
    print(e)
b = os.urandom(300)
print(type(b).__name__, len(b), len(os.urandom(0)))
try:
    os.urandom(-1)
except ValueError as e:
    print(e)
if not sys.warnoptions:
    warnings.simplefilter("ignore")
print(sys.warnoptions, sys.maxunicode, sys.float_repr_style)
sys.dont_write_bytecode = True
print(sys.dont_write_bytecode)
print(sys.flags.optimize, sys.flags.interactive, sys.flags.dev_mode, sys.flags.hash_randomization, sys.flags.int_max_str_digits)
print(len(sys.flags), type(sys.flags).__name__)
print(sys.gettrace(), sys.getprofile())
sys.settrace(None)
sys.setprofile(None)
print(sys.base_prefix == sys.prefix, type(sys.exec_prefix).__name__)
