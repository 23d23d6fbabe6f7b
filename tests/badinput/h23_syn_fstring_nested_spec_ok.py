# badinput: a format spec built by a nested f-string
# expect-exit: 0
# expect-stdout:     3.14|
x=3.14159
w=8
print(f"{x:{w}.{f"{2}"}f}|")
