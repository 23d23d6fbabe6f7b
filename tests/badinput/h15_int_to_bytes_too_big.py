# badinput: int.to_bytes with too few bytes: OverflowError 'int too big to convert'
# expect-exit: 1
# expect-stderr: OverflowError: int too big to convert
(256).to_bytes(1, 'big')
