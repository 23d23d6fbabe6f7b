# badinput: format spec bad (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: Unknown format code 'Z' for object of type 'int'
print(format(1, "Z"))
