# badinput: a program that is only a BOM and a header
# expect-exit: 0
