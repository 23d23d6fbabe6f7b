# badinput: a letter number (Nl, XID_Start) as a name
# expect-exit: 0
# expect-stdout: 1
Ⅰ = 1
print(I)
