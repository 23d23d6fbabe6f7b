# badinput: freeing dicts nested 300000 deep
# expect-exit: 0
# expect-stdout: freed
x = {}
for i in range(300000):
    x = {"k": x}
del x
print("freed")
