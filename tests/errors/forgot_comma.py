# error: 2:9: invalid syntax. Perhaps you forgot a comma?
print(a b)
