# badinput: Python misuse: zip strict
# expect-exit: 1
# expect-stderr: ValueError: zip() argument 2 is shorter than argument 1
list(zip([1, 2], [1], strict=True))
