# badinput: Python misuse: complex bad
# expect-exit: 1
# expect-stderr: ValueError: complex() arg is a malformed string
complex("1+2j+3")
