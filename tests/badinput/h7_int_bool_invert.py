# badinput: ~True in 3.11 is -2 (no error)
# expect-exit: 0
# expect-stdout: -2
print(~True)
