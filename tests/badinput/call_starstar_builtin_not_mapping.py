# badinput: print(**[1]) with a keyword before it
# expect-exit: 1
# expect-stderr: TypeError: print() argument after ** must be a mapping, not list
print(sep="", **[1])
