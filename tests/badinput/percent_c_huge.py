# badinput: percent c huge (issue 31 sweep)
# expect-exit: 1
# expect-stderr: OverflowError: %c arg not in range(0x110000)
print('%c' % 0x110000)
