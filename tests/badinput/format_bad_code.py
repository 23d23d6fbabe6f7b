# badinput: an unknown format code
# expect-exit: 1
# expect-stderr: ValueError: Unknown format code 'q' for object of type 'int'
format(1, "q")
