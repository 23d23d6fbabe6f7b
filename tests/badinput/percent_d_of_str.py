# badinput: percent d of str (issue 31 sweep)
# expect-exit: 1
# expect-stderr: TypeError: %d format: a real number is required, not str
print('%d' % 'x')
