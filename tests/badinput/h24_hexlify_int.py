# badinput: binascii.hexlify(5) (bytes(5) made five zero bytes: b'0000000000' printed silently)
# expect-exit: 1
# expect-stderr: TypeError: a bytes-like object is required, not 'int'
import binascii
print(binascii.hexlify(5))
