# badinput: bytes repeated 2**62 times
# expect-exit: 1
# expect-stderr: OverflowError: repeated bytes are too long
b"xy" * 2**62
