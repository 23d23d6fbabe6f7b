# badinput: format bad type for str (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: Unknown format code 'd' for object of type 'str'
print(format('abc', 'd'))
