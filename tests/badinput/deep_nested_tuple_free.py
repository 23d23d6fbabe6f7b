# badinput: freeing tuples nested 300000 deep
# expect-exit: 0
# expect-stdout: freed
x = ()
for i in range(300000):
    x = (x, i)
del x
print("freed")
