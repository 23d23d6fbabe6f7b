# OS-level descriptors: tempfile.mkstemp returns an open descriptor, os.write/os.read/os.lseek/
# os.close on it, os.fdopen / open(fd) wrapping it (closefd hands it over; closefd=False keeps it),
# os.open flags (O_CREAT|O_EXCL), EBADF for a closed descriptor, argument errors before the
# descriptor check; the atomic checkpoint pattern mkstemp + fdopen + os.replace.
import os, tempfile, io
with tempfile.TemporaryDirectory() as d:
    fd, path = tempfile.mkstemp(suffix=".pt", dir=d)
    print(type(fd).__name__, os.path.isabs(path), path.endswith(".pt"), os.path.dirname(path) == d)
    print(os.write(fd, b"hello "), os.write(fd, bytearray(b"world")))
    print(os.lseek(fd, 0, os.SEEK_SET), os.read(fd, 5), os.read(fd, 100), os.read(fd, 10))
    os.close(fd)
    try:
        os.close(fd)
    except OSError as e:
        print(type(e).__name__, e.errno, e)
    fd, tmp = tempfile.mkstemp(dir=d)
    with os.fdopen(fd, "w") as f:
        print(type(f).__name__, f.name == fd, f.mode)
        f.write("state: 1\n")
    try:
        os.write(fd, b"x")
    except OSError as e:
        print("after fdopen close:", e)
    os.replace(tmp, os.path.join(d, "final.txt"))
    print(open(os.path.join(d, "final.txt")).read(), end="")
    fd = os.open(os.path.join(d, "raw.bin"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.write(fd, b"\x00\x01\x02")
    os.close(fd)
    fd = os.open(os.path.join(d, "raw.bin"), os.O_RDONLY)
    with open(fd, "rb", closefd=False) as f:
        print(f.read())
    print(os.read(fd, 1))
    os.close(fd)
    try:
        os.open(os.path.join(d, "raw.bin"), os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    except FileExistsError as e:
        print("FileExistsError", e.errno, os.path.basename(e.filename))
    try:
        os.open(os.path.join(d, "missing.bin"), os.O_RDONLY)
    except FileNotFoundError as e:
        print("FileNotFoundError", e.strerror)
    try:
        open(path, "r", closefd=False)
    except ValueError as e:
        print("ValueError:", e)
    try:
        os.write(fd, "text")
    except TypeError as e:
        print("TypeError:", e)
