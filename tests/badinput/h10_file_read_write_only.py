# badinput: file read write only
# expect-exit: 1
# expect-stderr: io.UnsupportedOperation: not readable
import os, tempfile
D = tempfile.mkdtemp()
f = open(os.path.join(D, "tmp2.txt"), "w")
f.read()
