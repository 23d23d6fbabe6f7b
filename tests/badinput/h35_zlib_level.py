# badinput: Python misuse: zlib level
# expect-exit: 1
# expect-stderr: zlib.error: Bad compression level
import zlib
zlib.compress(b"a", 42)
