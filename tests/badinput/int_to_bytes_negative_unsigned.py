# badinput: int to bytes negative unsigned (issue 31 sweep)
# expect-exit: 1
# expect-stderr: OverflowError: can't convert negative int to unsigned
print((-1).to_bytes(2, 'little'))
