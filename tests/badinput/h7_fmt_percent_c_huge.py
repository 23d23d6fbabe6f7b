# badinput: '%c' of a code point past the Unicode range
# expect-exit: 1
# expect-stderr: OverflowError: %c arg not in range(0x110000)
'%c' % 0x110000
