# badinput: Python misuse: zlib trunc
# expect-exit: 1
# expect-stderr: zlib.error: Error -5 while decompressing data: incomplete or truncated stream
import zlib
zlib.decompress(zlib.compress(b"hello world" * 10)[:-5])
