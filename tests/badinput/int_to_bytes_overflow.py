# badinput: int to bytes overflow (issue 31 sweep)
# expect-exit: 1
# expect-stderr: OverflowError: int too big to convert
print((256).to_bytes(1, 'big'))
