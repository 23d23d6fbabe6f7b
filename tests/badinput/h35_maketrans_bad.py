# badinput: Python misuse: maketrans bad
# expect-exit: 1
# expect-stderr: ValueError: the first two maketrans arguments must have equal length
str.maketrans("ab", "a")
