# error: 2:6: '(' was never closed
print(1, 2
x = 3
