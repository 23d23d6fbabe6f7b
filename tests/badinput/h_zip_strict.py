# badinput: zip strict (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: zip() argument 2 is shorter than argument 1
list(zip([1, 2], [1], strict=True))
