# badinput: parser exec deep unary
# expect-exit: 1
# expect-stderr: MemoryError: Parser stack overflowed - Python source too complex to parse
exec("x = " + "-" * 5000 + "1")
