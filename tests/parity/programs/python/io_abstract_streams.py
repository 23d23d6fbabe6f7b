# io's abstract stream classes: isinstance of open() files, StringIO, BytesIO and sys.stdout against
# io.IOBase / TextIOBase / BufferedIOBase / RawIOBase (yacs checks config file objects this way), the
# default methods a RawIOBase / TextIOBase / BufferedIOBase subclass inherits (read via readinto,
# readline, iteration, readlines(hint), writelines, context manager, closed checks), the bare
# method name of UnsupportedOperation and its two bases (OSError and ValueError); os.link and
# os.path.exists('') (False, not an error).
import io, sys, tempfile, os
print(isinstance(io.StringIO(), io.IOBase), isinstance(io.BytesIO(), io.BufferedIOBase), isinstance(sys.stdout, io.TextIOBase))
print(issubclass(io.StringIO, io.TextIOBase), issubclass(io.BytesIO, io.RawIOBase), io.DEFAULT_BUFFER_SIZE)
with tempfile.TemporaryDirectory() as d:
    p = os.path.join(d, "a.txt")
    with open(p, "w") as f:
        print(isinstance(f, io.IOBase), isinstance(f, io.TextIOBase), isinstance(f, io.BufferedIOBase))
        f.write("x\ny\n")
    with open(p, "rb") as f:
        print(isinstance(f, io.BufferedIOBase), isinstance(f, io.RawIOBase), type(f) is io.BufferedReader)
    print(os.path.exists(""), os.path.isfile(""), os.path.isdir(""))
    os.link(p, os.path.join(d, "b.txt"))
    print(sorted(os.listdir(d)), open(os.path.join(d, "b.txt")).read().split())
    try:
        os.link(p, os.path.join(d, "b.txt"))
    except FileExistsError as e:
        print(e.errno, e.strerror, os.path.basename(e.filename), os.path.basename(e.filename2))

class Counter(io.RawIOBase):
    def __init__(self, data):
        self.data = data
        self.pos = 0
    def readable(self):
        return True
    def readinto(self, b):
        chunk = self.data[self.pos:self.pos + min(len(b), 3)]
        b[:len(chunk)] = chunk
        self.pos += len(chunk)
        return len(chunk)
r = Counter(b"hello\nworld\nlast")
print(r.read(4), r.readline(), r.read(), r.read(), r.closed)
r2 = Counter(b"a\nbb\nccc")
print(list(r2), r2.readlines())
r3 = Counter(b"a\nbb\nccc\n")
print(r3.readlines(3))
with Counter(b"") as c:
    print(c.closed, c.readable(), c.writable(), c.seekable(), c.isatty())
print(c.closed)
for fn in (lambda: c.read(), lambda: c.isatty(), lambda: iter(c), lambda: c.flush()):
    try:
        fn()
    except ValueError as e:
        print("ValueError:", e)
    else:
        print("no error")
class T(io.TextIOBase):
    pass
t = T()
print(t.encoding, t.newlines, t.errors, t.readable())
for name, fn in [("read", t.read), ("write", lambda: t.write("x")), ("readline", t.readline), ("fileno", t.fileno), ("seek", lambda: t.seek(0)), ("tell", t.tell), ("truncate", t.truncate), ("detach", t.detach)]:
    try:
        fn()
    except io.UnsupportedOperation as e:
        print(name, "UnsupportedOperation:", e, isinstance(e, OSError), isinstance(e, ValueError))
class B(io.BufferedIOBase):
    def read(self, n=-1):
        return b"xyz"[:n]
ba = bytearray(5)
print(B().readinto(ba), ba)
try:
    B().read1()
except io.UnsupportedOperation as e:
    print("read1:", e)
w = io.StringIO()
class W(io.IOBase):
    def write(self, s):
        w.write(s.upper())
W().writelines(["a", "b\n"])
print(repr(w.getvalue()))
