# badinput: old Mac CR line endings
# expect-exit: 0
# expect-stdout: 3
x=1
y=2
print(x+y)
