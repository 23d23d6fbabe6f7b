# io.StringIO as an in-memory text file; print(file=...) into it; sys.stdout replaced by one.
import io
import sys

buf = io.StringIO()
print(buf.write("hello "), buf.write("world\n"))
print("line", 2, sep=": ", file=buf)
buf.writelines(["a\n", "b\n"])
print(repr(buf.getvalue()))
print(buf.tell())
buf.seek(0)
print(repr(buf.readline()))
print(repr(buf.read(4)))
print(repr(buf.read()))
print(repr(buf.read()))
buf.seek(0)
print([line for line in buf])
buf.seek(0)
print(buf.readlines())

src = io.StringIO("one\ntwo\nthree")
for line in src:
    print(repr(line))
print(src.tell())
src.seek(4)
src.write("TWO")
print(repr(src.getvalue()))
src.truncate(7)
print(repr(src.getvalue()))

with io.StringIO("ctx") as f:
    print(f.read(), f.closed)
print(f.closed)
try:
    f.read()
except ValueError as e:
    print("ValueError", e)

saved = sys.stdout
capture = io.StringIO()
sys.stdout = capture
print("captured line 1")
print("captured", "line", 2)
sys.stdout = saved
print("restored")
print(repr(capture.getvalue()))

err = io.StringIO()
print("warning text", file=err)
print(err.getvalue().strip().upper())
try:
    io.StringIO(5)
except TypeError as e:
    print("TypeError", e)
