# badinput: Python misuse: zlib bad
# expect-exit: 1
# expect-stderr: zlib.error: Error -3 while decompressing data: incorrect header check
import zlib
zlib.decompress(b"not zlib data")
