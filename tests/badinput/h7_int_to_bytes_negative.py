# badinput: int.to_bytes of a negative number unsigned
# expect-exit: 1
# expect-stderr: OverflowError: can't convert negative int to unsigned
(-1).to_bytes(1, 'big')
