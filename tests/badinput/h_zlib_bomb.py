# badinput: zlib bomb (CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: 134217728
import zlib
d = zlib.decompress(zlib.compress(b"\0" * (2**27)))
print(len(d))
