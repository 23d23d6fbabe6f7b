# error: 3:5: 'yield' outside function
for i in range(3):
    yield i
