# badinput: format code d on a str
# expect-exit: 1
# expect-stderr: ValueError: Unknown format code 'd' for object of type 'str'
s = '{:d}'.format('x')
