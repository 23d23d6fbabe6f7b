# badinput: int.to_bytes too short
# expect-exit: 1
# expect-stderr: OverflowError: int too big to convert
(256).to_bytes(1, 'big')
