# badinput: a float formatted with precision 10**8
# expect-exit: 0
# expect-stdout: 100000002
print(len(format(1.5, ".100000000f")))
