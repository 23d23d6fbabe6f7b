# badinput: a UTF-8 encoded surrogate (ED A0 80)
# expect-exit: 1
# expect-stderr: Non-UTF-8 code starting with '\xed' in file
# í €
x = 1
