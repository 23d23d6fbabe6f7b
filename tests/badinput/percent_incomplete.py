# badinput: percent incomplete (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: incomplete format
print('abc %' % ())
