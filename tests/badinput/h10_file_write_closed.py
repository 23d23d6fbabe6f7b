# badinput: file write closed
# expect-exit: 1
# expect-stderr: ValueError: I/O operation on closed file.
import os, tempfile
D = tempfile.mkdtemp()
f = open(os.path.join(D, "tmp.txt"), "w")
f.close()
f.write("a")
