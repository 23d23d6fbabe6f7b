# badinput: a keyword argument repeated in a call
# expect-exit: 1
# expect-stderr: SyntaxError: keyword argument repeated: sep
print(sep="", sep=" ")
