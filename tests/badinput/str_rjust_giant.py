# badinput: str rjust giant (issue 31 sweep)
# expect-exit: 1
# expect-stderr: OverflowError: Python int too large to convert to C ssize_t
s = 'a'.rjust(10**19)
