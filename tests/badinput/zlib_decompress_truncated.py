# badinput: zlib.decompress of a stream cut short is zlib's Z_BUF_ERROR (-5), as CPython reports it
# expect-exit: 1
# expect-stderr: zlib.error: Error -5 while decompressing data: incomplete or truncated stream
import zlib
zlib.decompress(zlib.compress(b"hello world" * 10)[:-6])
