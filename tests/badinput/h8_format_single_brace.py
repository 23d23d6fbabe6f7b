# badinput: lone { in format
# expect-exit: 1
# expect-stderr: ValueError: expected '}' before end of string
s = 'a { b'.format()
