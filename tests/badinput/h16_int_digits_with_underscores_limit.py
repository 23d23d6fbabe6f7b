# badinput: underscores do not count toward the 4300-digit limit? (CPython counts digits of the string)
# expect-exit: 0
int("1_" * 2500 + "1")
