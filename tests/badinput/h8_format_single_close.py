# badinput: lone } in format
# expect-exit: 1
# expect-stderr: ValueError: Single '}' encountered in format string
s = 'a } b'.format()
