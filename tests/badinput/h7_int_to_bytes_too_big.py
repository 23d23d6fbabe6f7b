# badinput: int.to_bytes that does not fit
# expect-exit: 1
# expect-stderr: OverflowError: int too big to convert
(256).to_bytes(1, 'big')
