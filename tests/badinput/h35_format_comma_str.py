# badinput: Python misuse: format comma str
# expect-exit: 1
# expect-stderr: ValueError: Cannot specify ',' with 's'.
print(format("abc", ","))
