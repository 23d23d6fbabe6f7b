# badinput: a string repeated 2**62 times overflows the length
# expect-exit: 1
# expect-stderr: OverflowError: repeated string is too long
"ab" * 2**62
