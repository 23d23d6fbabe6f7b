# Binary files: open(..., 'wb' / 'rb' / 'ab' / 'r+b'), bytes in and out, seek/tell, lines, errors.
import os

name = "tmp_file_binary_modes.bin"
with open(name, "wb") as f:
    print(type(f).__name__, f.mode, f.writable(), f.readable())
    print(f.write(b"hello\nworld\n"), f.write(bytearray(b"\x00\x01\xff")), f.tell())
with open(name, "rb") as f:
    print(type(f).__name__, f.read(5), f.tell())
    print(f.readline(), f.read())
    f.seek(0)
    print(f.readlines())
    f.seek(-3, 2)
    print(f.read(2), f.tell())
    f.seek(1, 1)
    print(f.read(), f.read(), f.read(10))
with open(name, "ab") as f:
    f.write(b"!")
with open(name, "r+b") as f:
    print(type(f).__name__)
    f.seek(0)
    f.write(b"J")
    f.seek(0)
    print([line for line in f])
try:
    with open(name, "rb") as f:
        f.write(b"x")
except Exception as e:
    print(type(e).__name__, e)
try:
    with open(name, "wb") as f:
        f.write("text")
except TypeError as e:
    print("TypeError:", e)
for bad in [dict(encoding="utf-8"), dict(newline="")]:
    try:
        open(name, "rb", **bad)
    except ValueError as e:
        print("ValueError:", e)
f = open(name, "rb")
f.close()
print(f.closed)
try:
    f.read()
except ValueError as e:
    print("ValueError:", e)
os.remove(name)
print(os.path.exists(name))
