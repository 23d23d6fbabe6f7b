# io.BytesIO: an in-memory binary file (write/read/seek/tell/truncate/readline, gaps, errors).
import io

b = io.BytesIO()
print(b.write(b"hello"), b.write(bytearray(b" world\n")), b.tell())
print(b.getvalue())
print(b.seek(0), b.read(5), b.read(1), b.read(), b.read(), b.tell())
b.seek(0)
print(b.readline(), b.readline(), b.readline())
b.write(b"second line\nthird")
b.seek(0)
print(b.readlines())
b.seek(0)
print([line for line in b])
print(b.seek(-3, 2), b.read(), b.seek(2), b.seek(3, 1), b.read(4), b.seek(-100, 1))
b.seek(40)
print(b.read(), b.tell(), len(b.getvalue()))
b.write(b"!")
print(len(b.getvalue()), b.getvalue()[-5:])
print(b.truncate(5), b.getvalue(), b.tell())
b.seek(0)
print(b.readline(2), b.read1(2), b.read(None))
print(b.readable(), b.writable(), b.seekable(), b.isatty(), b.closed)

c = io.BytesIO(b"abc\ndef")
print(c.read(2), c.getvalue())
c.write(b"XYZ")
print(c.getvalue(), c.tell())
print(io.BytesIO(bytearray(b"xy")).read())
with io.BytesIO(b"data") as d:
    print(d.read())
print(d.closed)

for bad in [lambda: io.BytesIO().write("text"),
            lambda: io.BytesIO(b"x").seek(-1),
            lambda: io.BytesIO(b"x").seek(0, 3),
            lambda: io.BytesIO("text"),
            lambda: d.read(),
            lambda: d.getvalue(),
            lambda: io.BytesIO(b"x").truncate(-1)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
