# badinput: int() of a word
# expect-exit: 1
# expect-stderr: ValueError: invalid literal for int() with base 10: 'twelve'
int("twelve")
