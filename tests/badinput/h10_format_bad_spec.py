# badinput: format bad spec
# expect-exit: 1
# expect-stderr: ValueError: Unknown format code 'q' for object of type 'int'
"{:q}".format(1)
