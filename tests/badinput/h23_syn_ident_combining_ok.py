# badinput: a combining accent inside an identifier (XID_Continue) is fine
# expect-exit: 0
# expect-stdout: 3
été = 2
print(été + 1)
