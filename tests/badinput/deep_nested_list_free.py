# badinput: freeing a list nested 500000 deep does not overflow the C stack
# expect-exit: 0
# expect-stdout: freed
x = []
for i in range(500000):
    x = [x]
x = None
print("freed")
