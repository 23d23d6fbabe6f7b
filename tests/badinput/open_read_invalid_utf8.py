# badinput: reading invalid UTF-8 in text mode is UnicodeDecodeError (replacement characters were returned)
# expect-exit: 1
# expect-stderr: UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte
import os, tempfile
p = os.path.join(tempfile.mkdtemp(), "f.txt")
open(p, "wb").write(b"\xff\xfeok")
print(open(p, errors="replace").read(), open(p, errors="ignore").read())
open(p).read()
