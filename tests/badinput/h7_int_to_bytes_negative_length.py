# badinput: int.to_bytes with a negative length
# expect-exit: 1
# expect-stderr: ValueError: length argument must be non-negative
(1).to_bytes(-1, 'big')
