# badinput: format an int with an unknown type code
# expect-exit: 1
# expect-stderr: ValueError: Unknown format code 'q' for object of type 'int'
format(10, 'q')
